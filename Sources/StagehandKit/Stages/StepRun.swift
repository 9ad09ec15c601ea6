import Dispatch
import Foundation

/// One step of an arrived interaction: the real work or wait behind it, measured wherever the stage runs it.
struct StepRun: Sendable {
    let kind: StepKind
    /// The step's name; for a `state` step, its subsystem.
    let label: String
    /// The name of the interaction the step belongs to.
    let interaction: String
    let cost: Cost
    let key: StepTiming.Key
    let calibration: CalibratedWork
    let recorder: RunRecorder
    /// The interaction's current stretch on main, which this step extends or ends.
    let segment: MainSegment

    /// Does the step's CPU work right here, on whichever thread the stage runs it.
    func work() {
        guard !recorder.isCancelled else { return }
        guard recorder.probes else { return cost.perform(with: calibration) }
        let onMain = MainQueue.isCurrent
        if onMain {
            let start = Instant.now
            cost.perform(with: calibration)
            record(since: start, onMain: true)
        } else {
            segment.close(at: nil)  // the interaction's work has moved off main
            let start = Instant.now
            cost.perform(with: calibration)
            record(since: start, onMain: false)
        }
    }

    /// Blocks the calling thread for the `io` step's wait, as synchronous I/O does.
    func blockingWait() {
        guard !recorder.isCancelled else { return }
        let onMain = MainQueue.isCurrent
        let start = Instant.now
        Self.sleep(ms: waitMs)
        record(since: start, onMain: onMain)
    }

    /// Awaits the `io` step's wait: the caller suspends, and the outside world resumes it when the I/O completes.
    ///
    /// Runs on the caller's actor (`nonisolated(nonsending)`), as an awaited system API does: no hop is added.
    /// - Returns: the instant the I/O completed, which is when the caller asked to resume.
    nonisolated(nonsending) func io() async -> Instant {
        let start = Instant.now
        guard !recorder.isCancelled else { return start }
        segment.close(at: MainQueue.isCurrent ? start : nil)  // suspending: this main-actor job ends here
        recorder.awaitingIO(true)
        let completed = await OutsideWorld.respond(afterMs: waitMs)
        recorder.awaitingIO(false)
        recorder.stepRan(key, kind: .io, from: start, to: completed, onMain: false)
        recorder.trace?.wait(.awaitedIO, label, of: interaction, from: start, to: completed)
        return completed
    }

    /// Blocks the calling thread for `ms` milliseconds with `nanosleep`, which allocates nothing (Foundation's
    /// `Thread.sleep` did, and its allocations were counted as the workload's).
    private static func sleep(ms: Double) {
        let nanoseconds = UInt64(max(ms, 0) * 1e6)
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    private var waitMs: Double {
        if case .milliseconds(let ms) = cost { return ms }
        return 0
    }

    private func record(since start: Instant, onMain: Bool) {
        let end = Instant.now
        recorder.stepRan(key, kind: RunRecorder.MainWork(kind), from: start, to: end, onMain: onMain)
        if onMain { segment.stepOnMain(from: start, to: end) }
        recorder.trace?.step(label, kind: kind, of: interaction, from: start, to: end)
    }
}

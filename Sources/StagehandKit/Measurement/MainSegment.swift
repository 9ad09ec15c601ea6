import Synchronization

/// The interaction's current stretch on the main thread: from entering the main actor to leaving it at the next
/// suspension, which is one main-actor job.
///
/// Stage code marks entries (``open(at:)``); steps extend the stretch while they run on main and close it when the
/// interaction suspends (an awaited `io`) or its work moves off main; the main loop closes the handler's own job when
/// the handler returns. Closed stretches are recorded as main-actor jobs.
final class MainSegment: Sendable {
    private struct Stretch {
        var start: Instant
        /// The event handler's own job: only code on main ends it (the handler returning, or finishing the
        /// interaction inside it), never a step that a task of the interaction has already started on the pool.
        var isHandler: Bool
        var lastOnMain: Instant
        /// Time spent in steps on main during this stretch, to tell step work from the job's own overhead.
        var stepNs: UInt64 = 0
    }

    private let recorder: RunRecorder
    /// The interaction's index in the workload, and this arrival's delivery number in the run: whose jobs these are.
    private let interaction: Int
    private let delivery: Int
    private let current = Mutex<Stretch?>(nil)

    init(recorder: RunRecorder, interaction: Int, delivery: Int) {
        self.recorder = recorder
        self.interaction = interaction
        self.delivery = delivery
    }

    /// The interaction's code is running on the main actor from `start`; `handler` when it is the event handler.
    func open(at start: Instant, handler: Bool = false) {
        guard recorder.probes else { return }
        let previous = current.withLock { stretch in
            defer { stretch = Stretch(start: start, isHandler: handler, lastOnMain: start) }
            return stretch
        }
        record(previous, endingAt: nil)  // left open by a suspension nobody marked: it ended after its last step
    }

    /// A step ran on main from `start` to `end` within the open stretch.
    func stepOnMain(from start: Instant, to end: Instant) {
        guard recorder.probes else { return }
        current.withLock { stretch in
            stretch?.lastOnMain = end
            stretch?.stepNs += end.nanoseconds(since: start)
        }
    }

    /// The interaction left main: at `end` if known (the caller is on main and suspending now), else (`nil`, called
    /// off main) after the last thing it did there.
    func close(at end: Instant?) {
        guard recorder.probes else { return }
        let closed = current.withLock { stretch -> Stretch? in
            guard let open = stretch, end != nil || !open.isHandler else { return nil }
            stretch = nil
            return open
        }
        record(closed, endingAt: end)
    }

    private func record(_ stretch: Stretch?, endingAt end: Instant?) {
        guard let stretch else { return }
        let finished = end ?? stretch.lastOnMain
        recorder.mainActorJob(
            RunRecorder.Span(start: stretch.start, end: finished),
            stepNanoseconds: stretch.stepNs,
            of: interaction,
            delivery: delivery
        )
    }
}

import Dispatch
import Synchronization

/// A display link: a frame job on the main queue (the main actor's executor) at every vsync of a fixed grid
/// `start + k·P`.
///
/// Built on a strict `DispatchSourceTimer` on the main queue with zero leeway (idle lateness ≈ 0.2 ms here). While a
/// frame job is pending, the timer coalesces further fires; `data` says how many, so `data − 1` vsyncs were dropped.
/// Never `Task.sleep`: its wake-up waits for a free cooperative-pool thread, which would report the harness's own
/// lateness as hitches.
///
/// The frame job touches no main-actor state, so it is called without `MainActor.assumeIsolated`, whose closure
/// boxing would add an allocation to every frame and so to the allocation counts.
// @unchecked: the timer is a libdispatch source, whose methods are thread-safe but not annotated `Sendable` in the
// Linux overlay; every other stored property is immutable or atomic.
final class FrameClock: @unchecked Sendable {
    /// One frame job: the vsync it belongs to, when it started on main, and the vsyncs coalesced into it.
    struct Tick {
        var vsync: Instant
        var started: Instant
        var coalesced: Int
    }

    private let timer: any DispatchSourceTimer
    private let onFrame: @Sendable (Tick) -> Void
    private let start: Instant
    private let periodNs: UInt64
    /// The grid index of the next vsync whose frame job has not run yet (only the main queue changes it).
    private let nextIndex = Atomic<UInt64>(0)

    /// Creates a stopped clock; ``resume()`` starts it.
    init(start: Instant, periodNs: UInt64, onFrame: @escaping @Sendable (Tick) -> Void) {
        self.start = start
        self.periodNs = periodNs
        self.onFrame = onFrame
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        timer.schedule(deadline: start.dispatchTime, repeating: .nanoseconds(Int(periodNs)), leeway: .nanoseconds(0))
        // The cycle through the timer is broken in `stop(at:)`.
        timer.setEventHandler { self.tick() }
    }

    private func tick() {
        let started = Instant.now
        let fires = max(UInt64(timer.data), 1)
        let index = nextIndex.add(fires, ordering: .relaxed).oldValue
        let vsync = Instant(nanoseconds: start.nanoseconds + index * periodNs)
        onFrame(Tick(vsync: vsync, started: started, coalesced: Int(fires - 1)))
    }

    func resume() {
        timer.resume()
    }

    /// Stops the clock and returns the vsync whose frame job was still waiting for main, if one was due.
    func stop(at now: Instant) -> Instant? {
        timer.cancel()
        timer.setEventHandler(handler: nil)
        let pending = Instant(nanoseconds: start.nanoseconds + nextIndex.load(ordering: .relaxed) * periodNs)
        return pending < now ? pending : nil
    }
}

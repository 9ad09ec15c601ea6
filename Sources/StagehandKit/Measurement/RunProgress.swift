import Synchronization

/// Where the run stands, apart from what it measures: interactions finished, `io` waits and bodies under way, and
/// whether the remaining steps are being skipped. What the main loop watches to end the run (and the warm-up to end
/// early), and what each step checks before it starts.
///
/// Atomic counters, read and written without a lock by every thread; what it counts in flight is relative to the
/// deliveries, which the main loop's own record keeps (``RunRecorder/inFlight``).
struct RunProgress: ~Copyable, Sendable {
    /// Interactions finished, on any thread: what the end timer compares with deliveries, every 5 ms.
    private let ended = Atomic<Int>(0)
    /// Awaited `io` steps not completed yet: interactions suspended on the outside world, holding no thread.
    private let awaitingIO = Atomic<Int>(0)
    /// `io` bodies of the user's code running now: they may hold a pool thread or wait for an answer, which Stagehand
    /// cannot tell apart, so the warm-up waits for them (they are in ``runningOrQueued(delivered:)``) but the run's end
    /// does not count them as work left without a thread (``onThreadsAtEnd(delivered:)``).
    private let codeIO = Atomic<Int>(0)
    /// Set when the run's remaining steps are to be skipped (the warm-up, once its time is up): each step checks it
    /// before it starts.
    private let cancelled = Atomic<Bool>(false)

    init() {}

    /// An interaction ended, completed or failed: no longer in flight.
    func interactionEnded() {
        ended.add(1, ordering: .relaxed)
    }

    /// An awaited `io` step starts (`true`) or completes (`false`).
    func awaitingIO(_ waiting: Bool) {
        awaitingIO.add(waiting ? 1 : -1, ordering: .relaxed)
    }

    /// An `io` body of the user's code starts (`true`) or completes (`false`).
    func codeIOInFlight(_ running: Bool) {
        codeIO.add(running ? 1 : -1, ordering: .relaxed)
    }

    /// Whether the run's remaining steps are being skipped.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Skips every step not started yet, so the interactions in flight finish as soon as their running steps do.
    func cancelRemainingSteps() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Interactions handed to their handler (`delivered` so far) and not finished yet.
    func inFlight(delivered: Int) -> Int {
        delivered - ended.load(ordering: .relaxed)
    }

    /// Interactions in flight that hold a thread or are queued for one: in flight, less those suspended on io.
    func runningOrQueued(delivered: Int) -> Int {
        inFlight(delivered: delivered) - awaitingIO.load(ordering: .relaxed)
    }

    /// Interactions in flight on a thread or queued for one, less those in an `io` body of the user's code.
    func onThreadsAtEnd(delivered: Int) -> Int {
        max(runningOrQueued(delivered: delivered) - codeIO.load(ordering: .relaxed), 0)
    }
}

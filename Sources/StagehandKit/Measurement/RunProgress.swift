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
    /// Of those, the ones whose answer comes after the run's hard end (``followThrough(endingBy:)``): their
    /// interactions cannot finish in the run, so a run with nothing else in flight has nothing left to see.
    private let outlasting = Atomic<Int>(0)
    /// The latest the run can end, in nanoseconds on the run's clock (`.max` until a measured run says).
    private let hardEnd = Atomic<UInt64>(.max)
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

    /// The run follows its arrivals until `instant` at the latest: an answer due after it can change nothing the run
    /// measures.
    func followThrough(endingBy instant: Instant) {
        hardEnd.store(instant.nanoseconds, ordering: .relaxed)
    }

    /// An awaited `io` step whose answer is due at `answer` starts.
    ///
    /// - Returns: whether the answer comes after the run's hard end: pass it to ``ioCompleted(outlasting:)``.
    func ioStarted(answeringAt answer: Instant) -> Bool {
        awaitingIO.add(1, ordering: .relaxed)
        let outlasts = answer.nanoseconds > hardEnd.load(ordering: .relaxed)
        if outlasts { outlasting.add(1, ordering: .relaxed) }
        return outlasts
    }

    /// An awaited `io` step completes; `outlasting` is what ``ioStarted(answeringAt:)`` said of it.
    func ioCompleted(outlasting outlasts: Bool) {
        awaitingIO.add(-1, ordering: .relaxed)
        if outlasts { outlasting.add(-1, ordering: .relaxed) }
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

    /// Whether every interaction in flight (of `delivered` so far) waits for an answer due after the run's hard end:
    /// none of them can finish in the run, and nothing else is under way.
    func onlyOutlastingInFlight(delivered: Int) -> Bool {
        let inFlight = inFlight(delivered: delivered)
        return inFlight > 0 && inFlight == outlasting.load(ordering: .relaxed)
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

import Foundation
import Synchronization

/// Collects the measurements of one stage run, from the main actor and from pool threads alike: a thin shell of locks
/// around plain values, as swift-async-algorithms' `ChannelStorage` is around its state machine.
///
/// What only main records is a ``MainTally``; what any thread records is a ``ThreadTally``, one per thread
/// (``ThreadShards``), so no two threads ever wait for one lock while the run goes on: a record costs an uncontended
/// lock and a histogram increment, well under a microsecond. The tallies are sized before the run, so recording
/// allocates nothing, and merged when the run's measurements are read (``RunMeasurements``). The shell's own part is
/// to take the right lock, pass in the instants its callers read, and fan out to the trace. Where the run stands
/// (interactions ended, io under way, whether steps are being skipped) is ``progress``, apart; the hop each interaction
/// has asked for and not started is one atomic word per delivery (``PendingHops``), so what is still queued when the
/// run ends is known without a lock.
final class RunRecorder: Sendable {
    private let main: Mutex<MainTally>
    private let threads: ThreadShards<ThreadTally>
    /// The hop each interaction has asked for and not started yet: its table is made when the run is prepared, then
    /// read without a lock by every thread (a never-prepared recorder tracks none).
    private let pendingHops = PendingHops()
    /// Where the run stands: what the main loop watches to end it, and each step checks before it starts.
    let progress = RunProgress()
    /// The cooperative pool's width: one thread per core.
    static let poolWidth = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// The frame budget P in nanoseconds.
    let periodNs: UInt64

    /// Whether the per-interaction probes record (steps, hops, jobs, latencies). Off only to measure what the
    /// probes themselves cost: frames and completions are still counted.
    let probes: Bool

    /// The run's event timeline, when a trace is asked for.
    let trace: TraceLog?

    init(refreshHz: Double, probes: Bool = true, trace: TraceLog? = nil) {
        let periodNs = UInt64((1e9 / refreshHz).rounded())
        self.periodNs = periodNs
        self.probes = probes
        self.trace = trace
        main = Mutex(MainTally(periodNs: periodNs))
        // Main, every pool thread, and two more (a Dispatch thread that runs a callback, a test's thread).
        threads = ThreadShards(count: min(Self.poolWidth + 3, 255)) { ThreadTally() }
    }

    /// Sizes every table the run will fill, so recording allocates nothing once the run is measured: the step keys
    /// (in interaction, then step, order), the subsystems, room for `deliveries` interactions; and the arrival window
    /// from `arrivalsStart` to `arrivalsEnd` (the backlog is tallied by its quarters; frames whose vsync comes later,
    /// in the follow-through, count for the hitch-time ratio only what steps made late). `causeLabels` names what
    /// hitch time is attributed to (``HitchCauseNames/labels``).
    func prepare(
        stepKeys: [StepTiming.Key],
        subsystems: [String],
        deliveries: Int,
        arrivalsStart: Instant,
        arrivalsEnd: Instant,
        causeLabels: [String] = []
    ) {
        let window = QuarterTally(window: arrivalsStart, end: arrivalsEnd)
        pendingHops.prepare(capacity: deliveries, epoch: arrivalsStart)
        main.withLock { main in
            main.prepare(
                stepKeys: stepKeys,
                subsystems: subsystems,
                deliveries: deliveries,
                window: window,
                arrivalsEnd: arrivalsEnd,
                causeLabels: causeLabels
            )
        }
        threads.updateAll { tally in
            tally.prepare(stepKeys: stepKeys, subsystems: subsystems, deliveries: deliveries, window: window)
        }
    }

    /// Interactions handed to their handler and not finished yet (undelivered ones never will be).
    var inFlight: Int {
        progress.inFlight(delivered: delivered)
    }

    /// Whether every interaction in flight waits for an answer due after the run's hard end
    /// (``RunProgress/onlyOutlastingInFlight(delivered:)``).
    var onlyOutlastingInFlight: Bool {
        progress.onlyOutlastingInFlight(delivered: delivered)
    }

    /// Interactions in flight that hold a thread or are queued for one: in flight, less those suspended on io.
    var runningOrQueued: Int {
        progress.runningOrQueued(delivered: delivered)
    }

    /// Interactions in flight on a thread or queued for one, less those in an `io` body of the user's code: what
    /// ``StageMetrics/interactionsUnfinishedOnThreads`` reads when the run ends.
    var interactionsOnThreadsAtEnd: Int {
        progress.onThreadsAtEnd(delivered: delivered)
    }

    /// Interactions handed to their handler so far.
    private var delivered: Int {
        main.withLock { $0.arrivals.count }
    }

    // MARK: Frames

    /// Records one frame job: its vsync, when it started on main, when its work ended, and vsyncs it coalesced.
    func frame(vsync: Instant, started: Instant, ended: Instant, coalesced: Int) {
        let overrun = overrun(of: vsync, at: ended)
        let coreWait = CoreWaitSamples.reading()
        let cause = main.withLock { main in
            main.frame(
                vsync: vsync,
                started: started,
                ended: ended,
                coalesced: coalesced,
                overrun: overrun,
                waited: coreWait
            )
        }
        threads.withRecord { tally in
            tally.mainBusyNs[.frame] += ended.nanoseconds(since: started)
            tally.mainActorJob(Span(start: started, end: ended), periodNs: periodNs)
        }
        trace?.frame(
            vsync: vsync,
            started: started,
            ended: ended,
            coalesced: coalesced,
            overrunNs: overrun,
            cause: cause
        )
    }

    /// Records a frame still waiting for main when the run ended: its main-loop latency so far (a lower bound), a
    /// hang if it waited long enough, and a hitch for however long it is already past its deadline.
    func pendingFrame(vsync: Instant, at now: Instant) {
        let overrun = overrun(of: vsync, at: now)
        let cause = main.withLock { $0.pendingFrame(vsync: vsync, at: now, overrun: overrun) }
        trace?.pendingFrame(vsync: vsync, at: now, overrunNs: overrun, cause: cause)
    }

    /// Reads how long main has waited for a core at `now`, as each frame does (on main): the run's end, so that a
    /// hang still going on then has a reading after it.
    func readCoreWait(at now: Instant) {
        let coreWait = CoreWaitSamples.reading()
        main.withLock { $0.coreWait.record(coreWait, at: now) }
    }

    /// How far past its deadline (its vsync plus one period) a frame of `vsync` is at `instant`: `nil` when it is not.
    private func overrun(of vsync: Instant, at instant: Instant) -> UInt64? {
        let deadline = vsync.nanoseconds &+ periodNs
        return instant.nanoseconds > deadline ? instant.nanoseconds - deadline : nil
    }

    // MARK: Interactions

    /// Counts arrivals that were due but never reached their handler before the run stopped taking events.
    ///
    /// Each one's input latency is recorded as its wait until `now`, and its interaction latency, when the metrics
    /// are read, as its wait until the run's end: lower bounds, so a main thread too busy to take events is never
    /// flattered by leaving them out.
    func undelivered(_ arrivals: [Instant], at now: Instant) {
        main.withLock { $0.undelivered(arrivals, at: now) }
    }

    /// Interaction number `id` (its delivery number in the run: 0, 1, 2, …), an arrival of the workload's interaction
    /// `interaction` at `arrival`, reached its handler on main at `start`: one lock for its arrival (always kept: the
    /// in-flight count needs it), its input latency and its wait in the backlog.
    func handlerStarted(_ id: Int, interaction: Int, arrival: Instant, at start: Instant) {
        main.withLock {
            $0.handlerStarted(id, interaction: interaction, arrival: arrival, at: start, probes: probes)
        }
    }

    func interactionFinished(_ id: Int, arrival: Instant, at end: Instant, mainActorEntries: Int) {
        if probes { pendingHops.settled(id) }  // bare runs ask no hops: nothing to clear
        threads.withRecord { tally in
            tally.interactionCompleted(id, arrival: arrival, at: end, mainActorEntries: mainActorEntries)
        }
        progress.interactionEnded()
    }

    /// Interaction number `id`, which arrived at `arrival`, ended early at `end`: one of its steps threw
    /// (``stepFailed(_:error:at:)``). It is done, so not unfinished, but not completed either: failures are counted
    /// apart, and leave interaction latency and throughput out.
    func interactionFailed(_ id: Int, arrival: Instant, at end: Instant) {
        if probes { pendingHops.settled(id) }  // a hop asked before the step threw, back on main in the stage's catch
        threads.withRecord { $0.interactionFailed(id, arrival: arrival, at: end) }
        progress.interactionEnded()  // no longer in flight
    }

    /// The user's code in step `key` threw `error`, at `end`. Counted by the probes: a bare run, which only
    /// `benchmark-probes` makes, counts no failures.
    func stepFailed(_ key: StepTiming.Key, error: any Error, at end: Instant) {
        threads.withRecord { $0.stepFailed(key, error: error, at: end) }
    }

    // MARK: Hops

    /// Interaction number `id` asked at `asked` to run on `destination`: pending until the hop's record below (or
    /// the interaction's end), so a hop still queued when the run ends counts with its wait so far.
    func hopAsked(_ id: Int, to destination: HopDestination, at asked: Instant) {
        guard probes else { return }
        pendingHops.asked(id, destination, at: asked)
    }

    /// Records the wait of interaction `id`'s hop onto the main actor: asked at `requested`, running there at
    /// `started`.
    func mainActorHop(_ id: Int, requested: Instant, started: Instant) {
        guard probes else { return }
        pendingHops.settled(id)
        main.withLock { $0.mainActorHop(requested: requested, started: started) }
    }

    /// Records the wait of interaction `id`'s hop onto the cooperative pool (a `@concurrent` function starting).
    func poolHop(_ id: Int, requested: Instant, started: Instant) {
        guard probes else { return }
        pendingHops.settled(id)
        threads.withRecord { $0.poolHop(requested: requested, started: started) }
    }

    /// Records one main-actor job of interaction `interaction` (its index in the workload), which held main for
    /// `job`, `stepNanoseconds` of it in steps; with `delivery`, the job was that arrival's (its delivery number), and
    /// counts for the longest it held main at once.
    func mainActorJob(_ job: Span, stepNanoseconds: UInt64, of interaction: Int, delivery: Int? = nil) {
        guard probes else { return }
        let nanoseconds = job.nanoseconds
        let overhead = nanoseconds > stepNanoseconds ? nanoseconds - stepNanoseconds : 0
        threads.withRecord { tally in
            tally.mainBusyNs[.overhead] += overhead
            tally.mainActorJob(job, of: interaction, periodNs: periodNs)
            if let delivery { tally.held(delivery, nanoseconds: nanoseconds) }
        }
    }

    /// Records the wait of interaction `id`'s hop onto a subsystem's actor.
    func subsystemHop(_ id: Int, _ subsystem: String, requested: Instant, started: Instant) {
        guard probes else { return }
        pendingHops.settled(id)
        threads.withRecord { $0.subsystemHop(subsystem, requested: requested, started: started) }
    }

    // MARK: Work

    /// Records a step's work from `start` to `end`, and where it held a thread (main, or one of the pool's). On main,
    /// `heldUntil` (after `end`) is when the step let main go: what it held main for past its own duration (releasing
    /// its input, ``StepProbe/end(_:releasing:)``) is main-thread work of its kind and may make a frame late, but is not
    /// its duration. `allocations`: what the step's own code allocated on its thread, when counted
    /// (``StepTiming/allocations``).
    func stepRan(
        _ key: StepTiming.Key,
        kind: MainWork,
        from start: Instant,
        to end: Instant,
        heldUntil: Instant? = nil,
        onMain: Bool,
        allocations: UInt64? = nil
    ) {
        guard probes else { return }
        let held = heldUntil ?? end
        if onMain {  // what may make a frame late
            main.withLock { $0.stepHeldMain(key, from: start, to: held) }
        }
        threads.withRecord { tally in
            tally.stepRan(
                key,
                kind: kind,
                nanoseconds: end.nanoseconds(since: start),
                heldNs: held.nanoseconds(since: start),
                onMain: onMain,
                allocations: allocations
            )
        }
    }

    /// The synchronous part of an `io` body of the user's code ran on main from `start` to `end`, called as
    /// `nonisolated(nonsending)` code is from the main actor (``MainThreadIOCaller``): a main-actor job, all of it the
    /// step's, which may make a frame late under the step's own cause, and one of arrival `delivery`'s holds.
    func ioBodyRanOnMain(_ key: StepTiming.Key, delivery: Int, from start: Instant, to end: Instant) {
        guard probes else { return }
        main.withLock { $0.stepHeldMain(key, from: start, to: end) }
        threads.withRecord { tally in
            let job = Span(start: start, end: end)
            tally.ioBodyRanOnMain(key, job, periodNs: periodNs)
            tally.held(delivery, nanoseconds: job.nanoseconds)
        }
    }

    // MARK: Reading

    /// The metrics of a run that took arrivals for `arrivalSeconds` and ended at `end`, `runSeconds` after it started
    /// (follow-through included), built by ``RunMeasurements`` from copies of the records: what was still waiting at `end`
    /// enters its figures with its wait so far, and reading them changes nothing recorded, however often it is done.
    func measurements(
        arrivalSeconds: Double? = nil,
        runSeconds: Double,
        end: Instant? = nil,
        allocationsStart: AllocationCounter.Sample?,
        allocationsEnd: AllocationCounter.Sample?,
        deliveryOverhead: DeliveryOverhead.Count = DeliveryOverhead.Count(),
        undelivered: [Int] = []
    ) -> RunMeasurements {
        var all = ThreadTally()
        // swift-format-ignore: ReplaceForEachWithForLoop
        threads.forEach { all.add($0) }  // each shard under its own lock: not a sequence
        let main = self.main.withLock { $0 }
        let atEnd = end.map { end in
            RunMeasurements.AtEnd(
                instant: end,
                pendingHops: pendingHops.pending(before: end),
                onThreads: interactionsOnThreadsAtEnd
            )
        }
        return RunMeasurements(
            main: main,
            threads: all,
            atEnd: atEnd,
            poolWidth: Self.poolWidth,
            arrivalSeconds: arrivalSeconds,
            runSeconds: runSeconds,
            allocationsStart: allocationsStart,
            allocationsEnd: allocationsEnd,
            deliveryOverhead: deliveryOverhead,
            undelivered: undelivered,
            keepsHolds: probes
        )
    }

    /// The run's trace from `start` to `end`, with `hangs` marked (``RunMeasurements/hangs``); `nil` when untraced.
    func traceRecording(from start: Instant, to end: Instant, hangs: [Span]) -> TraceLog.Recording? {
        trace?.recording(from: start, to: end, hangs: hangs.map { ($0.start, $0.end) })
    }

    /// How many times each of `interactions` interactions was handed to its handler, by interaction index.
    func deliveries(of interactions: Int) -> [Int] {
        RunMeasurements.count(main.withLock { $0.deliveredInteractions }, of: interactions)
    }
}

import Foundation
import Histogram
import Synchronization

/// Collects the measurements of one stage run, from the main actor and from pool threads alike.
///
/// Everything is kept in fixed-size histograms and counters (and one arrival instant per delivered interaction),
/// sized before the run, so recording allocates nothing. Each thread records into its own shard (``ThreadShards``),
/// and what only main records has a record of its own, so no two threads ever wait for one lock while the run goes
/// on: a record costs an uncontended lock and a histogram increment, well under a microsecond. The shards are merged
/// when the metrics are read. The hop each interaction has asked for and not started is one atomic word per delivery
/// (``PendingHops``), so what is still queued when the run ends is known without a lock.
final class RunRecorder: Sendable {
    /// What only the main loop records: frames, event deliveries, hops onto main. Touched by main alone while the
    /// run goes on, so its lock is never contended.
    private struct MainRecord {
        var timeline = FrameTimeline(reserving: FrameTimeline.capacity)
        var firstVsync: Instant?
        var mainLoopLatency = Histogram<UInt64>.microseconds()
        var frameOverrun = Histogram<UInt64>.microseconds()
        var frames = 0
        var hitches = 0
        /// Hitch time of the frames whose vsync fell within the arrival window (the ratio's numerator).
        var hitchTimeNs: UInt64 = 0
        /// The same hitch time, by what held main (see ``HitchAttribution``).
        var attribution = HitchAttribution(causes: HitchAttribution.firstStep)
        /// Each cause's label, by cause (frame work, job overhead, then every step).
        var causeLabels: [String] = []
        /// The cause of each interaction's first step; its other steps follow.
        var firstCause: [Int] = []
        /// See ``prepare(stepKeys:subsystems:deliveries:arrivalsStart:arrivalsEnd:causeLabels:)``; `nil` counts every
        /// frame.
        var arrivalsEnd: Instant?
        var droppedFrames = 0
        /// Waits for main (a frame's, an event's) of a hang's length or longer. Rare, so a plain array.
        var longWaits: [Span] = []
        var inputLatency = Histogram<UInt64>.microseconds()
        var mainHopWait = Histogram<UInt64>.microseconds()
        /// Every entry onto the main actor, handlers included, finished interactions or not.
        var mainActorEntries = 0
        /// The arrival of each delivered interaction, by delivery number (interactions handed to their handler).
        var arrivals: [Instant] = []
        /// The arrivals of interactions that were due but never reached their handler before arrivals stopped.
        var undelivered: [Instant] = []
        /// Interactions queued for main (waiting for their handler, or to hop onto the main actor), by quarter of
        /// the arrival window.
        var queued = QuarterTally()
        /// The workload's subsystems, in order: what a pending hop's subsystem position names.
        var subsystems: [String] = []
    }

    /// A stretch of time on the run's clock.
    struct Span: Equatable {
        var start: Instant
        var end: Instant
        var nanoseconds: UInt64 { end.nanoseconds(since: start) }
    }

    private let main = Mutex(MainRecord())
    private let threads: ThreadShards<ThreadRecord>
    /// The hop each interaction has asked for and not started yet: its table is made when the run is prepared, then
    /// read without a lock by every thread (a never-prepared recorder tracks none).
    private let pendingHops = PendingHops()
    /// Interactions finished, on any thread: what the end timer compares with deliveries, every 5 ms.
    private let ended = Atomic<Int>(0)
    /// The cooperative pool's width: one thread per core.
    static let poolWidth = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// The frame budget P in nanoseconds.
    let periodNs: UInt64

    /// Whether the per-interaction probes record (steps, hops, jobs, latencies). Off only to measure what the
    /// probes themselves cost: frames and completions are still counted.
    let probes: Bool

    /// The run's event timeline, when a trace is asked for.
    let trace: TraceLog?

    /// Set when the run's remaining steps are to be skipped (the warm-up, once its time is up): each step checks it
    /// before it starts.
    private let cancelled = Atomic<Bool>(false)

    init(refreshHz: Double, probes: Bool = true, trace: TraceLog? = nil) {
        periodNs = UInt64((1e9 / refreshHz).rounded())
        self.probes = probes
        self.trace = trace
        // Main, every pool thread, and two more (a Dispatch thread that runs a callback, a test's thread).
        threads = ThreadShards(count: min(Self.poolWidth + 3, 255)) { ThreadRecord() }
    }

    /// Sizes every table the run will fill, so recording allocates nothing once the run is measured: the step keys
    /// (in interaction, then step, order), the subsystems, room for `deliveries` interactions; and the arrival window
    /// from `arrivalsStart` to `arrivalsEnd` (the backlog is tallied by its quarters; frames whose vsync comes later,
    /// in the drain, whose length differs by stage, are left out of the hitch-time ratio). `causeLabels` names what
    /// hitch time is attributed to (``HitchAttribution/labels(for:)``).
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
            main.queued = window
            main.subsystems = subsystems
            main.causeLabels = causeLabels
            main.attribution = HitchAttribution(causes: causeLabels.count)
            main.firstCause = Array(repeating: 0, count: (stepKeys.map(\.interaction).max() ?? -1) + 1)
            for (index, key) in stepKeys.enumerated() where key.step == 0 {
                main.firstCause[key.interaction] = HitchAttribution.firstStep + index
            }
            main.arrivalsEnd = arrivalsEnd
            main.arrivals.reserveCapacity(deliveries)
            main.longWaits.reserveCapacity(64)
        }
        threads.updateAll { record in
            record.prepare(stepKeys: stepKeys, subsystems: subsystems)
            record.backlog = window
            record.queued = window
            record.finished.reserve(deliveries)
            record.longJobs.reserveCapacity(64)
        }
    }

    /// Awaited `io` steps not completed yet: interactions suspended on the outside world, holding no thread.
    private let awaitingIO = Atomic<Int>(0)

    /// An awaited `io` step starts (`true`) or completes (`false`).
    func awaitingIO(_ waiting: Bool) {
        awaitingIO.add(waiting ? 1 : -1, ordering: .relaxed)
    }

    /// Interactions in flight that hold a thread or are queued for one: in flight, less those suspended on io.
    var runningOrQueued: Int {
        inFlight - awaitingIO.load(ordering: .relaxed)
    }

    /// `io` bodies of the user's code running now: they may hold a pool thread or wait for an answer, which Stagehand
    /// cannot tell apart, so the warm-up waits for them (they are in ``runningOrQueued``) but the run's end does not
    /// count them as work left without a thread (``interactionsOnThreadsAtEnd``).
    private let codeIO = Atomic<Int>(0)

    /// An `io` body of the user's code starts (`true`) or completes (`false`).
    func codeIOInFlight(_ running: Bool) {
        codeIO.add(running ? 1 : -1, ordering: .relaxed)
    }

    /// Interactions in flight on a thread or queued for one, less those in an `io` body of the user's code: what
    /// ``StageMetrics/interactionsUnfinishedOnThreads`` reads when the run ends.
    var interactionsOnThreadsAtEnd: Int {
        max(runningOrQueued - codeIO.load(ordering: .relaxed), 0)
    }

    /// Whether the run's remaining steps are being skipped.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Skips every step not started yet, so the interactions in flight finish as soon as their running steps do.
    func cancelRemainingSteps() {
        cancelled.store(true, ordering: .relaxed)
    }

    // MARK: Frames

    /// Records one frame job: its vsync, when it started on main, when its work ended, and vsyncs it coalesced.
    func frame(vsync: Instant, started: Instant, ended: Instant, coalesced: Int) {
        let latency = started.nanoseconds(since: vsync)
        let overrun = overrun(of: vsync, at: ended)
        let cause = main.withLock { main -> (cause: String, share: Double)? in
            main.attribution.held(HitchAttribution.frameWork, from: started, to: ended)
            main.frames += 1
            main.droppedFrames += max(coalesced, 0)
            let first = main.firstVsync ?? vsync
            main.firstVsync = first
            main.timeline.add(vsync: vsync, done: ended, firstVsync: first)
            main.mainLoopLatency.record(nanoseconds: latency)
            noteWait(Span(start: vsync, end: started), in: &main)
            guard let overrun else { return nil }
            main.frameOverrun.record(nanoseconds: overrun)
            return noteHitch(overrun, vsync: vsync, end: ended, in: &main)
        }
        threads.withRecord { record in
            record.mainBusyNs[.frame] += ended.nanoseconds(since: started)
            noteMainActorJob(Span(start: started, end: ended), overheadNs: 0, in: &record)
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
        let cause = main.withLock { main -> (cause: String, share: Double)? in
            main.mainLoopLatency.record(nanoseconds: now.nanoseconds(since: vsync))
            noteWait(Span(start: vsync, end: now), in: &main)
            guard let overrun else { return nil }
            return noteHitch(overrun, vsync: vsync, end: now, in: &main)
        }
        trace?.pendingFrame(vsync: vsync, at: now, overrunNs: overrun, cause: cause)
    }

    /// How far past its deadline (its vsync plus one period) a frame of `vsync` is at `instant`: `nil` when it is not.
    private func overrun(of vsync: Instant, at instant: Instant) -> UInt64? {
        let deadline = vsync.nanoseconds &+ periodNs
        return instant.nanoseconds > deadline ? instant.nanoseconds - deadline : nil
    }

    /// A hitch: a late frame appears at the first vsync after it ends, so it costs whole refresh intervals. Its time
    /// counts towards the ratio, attributed to what held main from `vsync` to `end`, when its vsync fell within the
    /// arrival window; a hitch after arrivals stopped is neither counted nor attributed.
    ///
    /// - Returns: what held main longest meanwhile and its share of the time, for the trace; `nil` when not attributed.
    private func noteHitch(
        _ overrun: UInt64,
        vsync: Instant,
        end: Instant,
        in main: inout MainRecord
    ) -> (cause: String, share: Double)? {
        main.hitches += 1
        guard main.arrivalsEnd.map({ vsync < $0 }) ?? true else { return nil }
        let hitchNs = (overrun + periodNs - 1) / periodNs * periodNs
        main.hitchTimeNs += hitchNs
        let top = main.attribution.attribute(vsync: vsync, end: end, hitchNs: hitchNs)
        guard main.causeLabels.indices.contains(top.cause) else { return nil }
        return (main.causeLabels[top.cause], top.share)
    }

    /// Something waited for main (a frame, an event) for `span`: kept when that is a hang's length.
    private func noteWait(_ span: Span, in main: inout MainRecord) {
        if StageMetrics.isHang(nanoseconds: span.nanoseconds) { main.longWaits.append(span) }
    }

    /// The hangs among stretches in which main did not answer: overlapping stretches are one hang (a frame waiting
    /// behind a long job is that job's hang), lasting from the first stretch's start to the last one's end.
    static func hangs(_ stretches: [Span]) -> [Span] {
        var hangs: [Span] = []
        for stretch in stretches.sorted(by: { $0.start < $1.start }) {
            if let last = hangs.last, stretch.start < last.end {
                hangs[hangs.count - 1].end = max(last.end, stretch.end)
            } else {
                hangs.append(stretch)
            }
        }
        return hangs
    }

    // MARK: Interactions

    /// Counts arrivals that were due but never reached their handler before the run stopped taking events.
    ///
    /// Each one's input latency is recorded as its wait until `now`, and its interaction latency, when the metrics
    /// are read, as its wait until the run's end: lower bounds, so a main thread too busy to take events is never
    /// flattered by leaving them out.
    func undelivered(_ arrivals: [Instant], at now: Instant) {
        main.withLock { main in
            if main.undelivered.isEmpty {
                main.undelivered = arrivals  // shares the buffer: nothing allocated
            } else {
                main.undelivered += arrivals
            }
            for arrival in arrivals {
                main.inputLatency.record(nanoseconds: now.nanoseconds(since: arrival))
                noteWait(Span(start: arrival, end: now), in: &main)
            }
        }
    }

    /// Interactions handed to their handler and not finished yet (undelivered ones never will be).
    var inFlight: Int {
        main.withLock { $0.arrivals.count } - ended.load(ordering: .relaxed)
    }

    /// The run's trace from `start` to `end`, with its hangs marked as the metrics count them; `nil` when untraced.
    func traceRecording(from start: Instant, to end: Instant) -> TraceLog.Recording? {
        guard let trace else { return nil }
        let hangs = Self.hangs(unresponsive)
        return trace.recording(from: start, to: end, hangs: hangs.map { ($0.start, $0.end) })
    }

    /// Every thread's record, merged: what the run's figures are read from.
    private var allThreads: ThreadRecord {
        var all = ThreadRecord()
        threads.forEach { all.add($0) }
        return all
    }

    /// Every stretch of a hang's length or longer in which main did not answer: a main-actor job, a frame's wait, an
    /// event's wait. Overlapping stretches are one hang (see ``hangs(_:)``).
    private var unresponsive: [Span] {
        var stretches = main.withLock { $0.longWaits }
        threads.forEach { stretches += $0.longJobs }
        return stretches
    }

    /// Interaction number `id` (its delivery number in the run: 0, 1, 2, …), which arrived at `arrival`, reached its
    /// handler on main at `start`: one lock for its arrival (always kept: the in-flight count needs it), its input
    /// latency and its wait in the backlog.
    func handlerStarted(_ id: Int, arrival: Instant, at start: Instant) {
        main.withLock { main in
            precondition(id == main.arrivals.count, "delivery numbers are given in order")
            main.arrivals.append(arrival)
            guard probes else { return }
            main.mainActorEntries += 1
            main.inputLatency.record(nanoseconds: start.nanoseconds(since: arrival))
            main.queued.add(from: arrival, to: start)
            noteWait(Span(start: arrival, end: start), in: &main)
        }
    }

    func interactionFinished(_ id: Int, arrival: Instant, at end: Instant, mainActorEntries: Int) {
        if probes { pendingHops.settled(id) }  // bare runs ask no hops: nothing to clear
        threads.withRecord { record in
            record.finished.insert(id)
            record.completed += 1
            record.hopsOfCompleted += mainActorEntries
            record.interactionLatency.record(nanoseconds: end.nanoseconds(since: arrival))
            record.backlog.add(from: arrival, to: end)
        }
        ended.add(1, ordering: .relaxed)
    }

    /// Interaction number `id`, which arrived at `arrival`, ended early at `end`: one of its steps threw
    /// (``stepFailed(_:error:at:)``). It is done, so not unfinished, but not completed either: failures are counted
    /// apart, and leave interaction latency and throughput out.
    func interactionFailed(_ id: Int, arrival: Instant, at end: Instant) {
        if probes { pendingHops.settled(id) }  // a hop asked before the step threw, back on main in the stage's catch
        threads.withRecord { record in
            record.finished.insert(id)
            record.failed += 1
            record.backlog.add(from: arrival, to: end)
        }
        ended.add(1, ordering: .relaxed)  // no longer in flight
    }

    /// The user's code in step `key` threw `error`, at `end`. Counted by the probes: a bare run, which only
    /// `benchmark-probes` makes, counts no failures.
    func stepFailed(_ key: StepTiming.Key, error: any Error, at end: Instant) {
        threads.withRecord { record in
            if var failure = record.stepFailures[key] {
                failure.count += 1
                record.stepFailures[key] = failure
            } else {
                record.stepFailures[key] = (1, end, String(describing: error))
            }
        }
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
        main.withLock { main in
            main.mainActorEntries += 1
            main.mainHopWait.record(nanoseconds: started.nanoseconds(since: requested))
            main.queued.add(from: requested, to: started)
        }
    }

    /// Records the wait of interaction `id`'s hop onto the cooperative pool (a `@concurrent` function starting).
    func poolHop(_ id: Int, requested: Instant, started: Instant) {
        guard probes else { return }
        pendingHops.settled(id)
        threads.withRecord { record in
            record.poolHopWait.record(nanoseconds: started.nanoseconds(since: requested))
            record.queued.add(from: requested, to: started)
        }
    }

    /// Records one main-actor job of interaction `interaction` (its index in the workload), which held main for
    /// `job`, `stepNanoseconds` of it in steps.
    func mainActorJob(_ job: Span, stepNanoseconds: UInt64, of interaction: Int) {
        guard probes else { return }
        let nanoseconds = job.nanoseconds
        let overhead = nanoseconds > stepNanoseconds ? nanoseconds - stepNanoseconds : 0
        threads.withRecord { record in
            record.mainBusyNs[.overhead] += overhead
            noteMainActorJob(job, of: interaction, overheadNs: overhead, in: &record)
        }
    }

    /// A main-actor job held main for `job`: main answered nothing else meanwhile. It was interaction
    /// `interaction`'s, or the frame's own work when `nil`.
    private func noteMainActorJob(
        _ job: Span,
        of interaction: Int? = nil,
        overheadNs: UInt64,
        in record: inout ThreadRecord
    ) {
        let nanoseconds = job.nanoseconds
        if let interaction { record.interactionHeldMain(interaction, nanoseconds: nanoseconds) }
        record.mainActorJobs.add(nanoseconds: nanoseconds, periodNs: periodNs)
        if nanoseconds > periodNs { record.mainActorBlockingNs += nanoseconds - periodNs }
        if StageMetrics.isHang(nanoseconds: nanoseconds) { record.longJobs.append(job) }
    }

    /// Records the wait of interaction `id`'s hop onto a subsystem's actor.
    func subsystemHop(_ id: Int, _ subsystem: String, requested: Instant, started: Instant) {
        guard probes else { return }
        pendingHops.settled(id)
        threads.withRecord { record in
            record.recordSubsystemWait(subsystem, nanoseconds: started.nanoseconds(since: requested))
            record.queued.add(from: requested, to: started)
        }
    }

    // MARK: Work

    /// Records a step's work from `start` to `end`, and where it held a thread (main, or one of the pool's). On main,
    /// `heldUntil` (after `end`) is when the step let main go: what it held main for past its own duration (releasing
    /// its input, ``StepRun``) is main-thread work of its kind and may make a frame late, but is not its duration.
    /// `allocations`: what the step's own code allocated on its thread, when counted (``StepTiming/allocations``).
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
        let nanoseconds = end.nanoseconds(since: start)
        let held = heldUntil ?? end
        if onMain {  // what may make a frame late
            main.withLock { main in
                guard main.firstCause.indices.contains(key.interaction) else { return }
                main.attribution.held(main.firstCause[key.interaction] + key.step, from: start, to: held)
            }
        }
        threads.withRecord { record in
            record.recordStep(key, nanoseconds: nanoseconds, onMain: onMain, allocations: allocations)
            if onMain {
                record.mainBusyNs[kind] += held.nanoseconds(since: start)
            } else if kind != .io {  // an awaited io step holds no thread
                record.offMainWorkNs += nanoseconds
            }
        }
    }

    /// The synchronous part of an `io` body of the user's code ran on main from `start` to `end`, called as
    /// `nonisolated(nonsending)` code is from the main actor (``MainThreadIOCaller``): a main-actor job, all of it the
    /// step's, which may make a frame late under the step's own cause.
    func ioBodyRanOnMain(_ key: StepTiming.Key, from start: Instant, to end: Instant) {
        guard probes else { return }
        let nanoseconds = end.nanoseconds(since: start)
        main.withLock { main in
            guard main.firstCause.indices.contains(key.interaction) else { return }
            main.attribution.held(main.firstCause[key.interaction] + key.step, from: start, to: end)
        }
        threads.withRecord { record in
            record.recordStepOnMain(key, nanoseconds: nanoseconds)
            record.mainBusyNs[.io] += nanoseconds
            noteMainActorJob(Span(start: start, end: end), of: key.interaction, overheadNs: 0, in: &record)
        }
    }

    // MARK: Result

    /// The metrics of a run that took arrivals for `arrivalSeconds` and ended at `end`, `runSeconds` after it started
    /// (drain included). What was still waiting at `end` enters its figures with its wait so far, a lower bound:
    /// interactions in flight or never delivered, interaction latency and the backlog; hops asked and not started,
    /// their hop waits (main actor, pool, subsystem actors) and the backlog's queue. Allocation figures come from the
    /// probe's two samples, less `deliveryOverhead` (what Stagehand's own objects took during the run: see
    /// ``DeliveryOverhead``).
    ///
    /// Reading the metrics changes nothing recorded, however often it is done.
    func metrics(
        arrivalSeconds: Double? = nil,
        runSeconds: Double,
        end: Instant? = nil,
        allocationsStart: AllocationCounter.Sample?,
        allocationsEnd: AllocationCounter.Sample?,
        deliveryOverhead: DeliveryOverhead.Count = DeliveryOverhead.Count()
    ) -> (StageMetrics, [StepTiming], RunDistributions) {
        var all = allThreads
        var main = self.main.withLock { $0 }  // a copy: what is added below for the end changes nothing recorded
        var metrics = StageMetrics()
        let seconds = max(runSeconds, 1e-9)
        let arrivalWindow = max(arrivalSeconds ?? runSeconds, 1e-9)
        metrics.runSeconds = runSeconds
        metrics.arrivalSeconds = arrivalSeconds ?? runSeconds
        metrics.frames = main.frames
        metrics.hitches = main.hitches
        metrics.droppedFrames = main.droppedFrames
        metrics.hitchTimeRatioMsPerS = Double(main.hitchTimeNs) / 1e6 / arrivalWindow
        metrics.hitchTimeByCause = main.attribution.msPerS(labels: main.causeLabels, seconds: arrivalWindow)
        metrics.mainLoopLatencyMs = LatencySummary(microseconds: main.mainLoopLatency)
        metrics.frameOverrunMs = LatencySummary(microseconds: main.frameOverrun)
        let hangs = Self.hangs(main.longWaits + all.longJobs)
        metrics.hangs = hangs.count
        metrics.longestHangMs = Double(hangs.map(\.nanoseconds).max() ?? 0) / 1e6
        var interactionLatency = all.interactionLatency
        var queued = all.queued
        queued.add(main.queued)
        if let end {
            for (id, arrival) in main.arrivals.enumerated() where !all.finished.contains(id) {
                interactionLatency.record(nanoseconds: end.nanoseconds(since: arrival))
                all.backlog.add(from: arrival, to: end)
            }
            // Not the undelivered: main's queue is judged by its growth (`queued`), since a main thread that keeps up
            // still holds a few events at any moment.
            metrics.interactionsUnfinishedOnThreads = interactionsOnThreadsAtEnd
            for arrival in main.undelivered {
                interactionLatency.record(nanoseconds: end.nanoseconds(since: arrival))
                all.backlog.add(from: arrival, to: end)
                queued.add(from: arrival, to: end)
            }
            for hop in pendingHops.pending(before: end) {
                queued.add(from: hop.asked, to: end)
                let waitNs = end.nanoseconds(since: hop.asked)
                switch hop.destination {
                case .mainActor: main.mainHopWait.record(nanoseconds: waitNs)
                case .pool: all.poolHopWait.record(nanoseconds: waitNs)
                case .subsystem(let index):
                    guard main.subsystems.indices.contains(index) else { continue }
                    all.recordSubsystemWait(main.subsystems[index], nanoseconds: waitNs)
                }
            }
        }
        metrics.backlogByQuarter = all.backlog.means
        metrics.queuedByQuarter = queued.means
        metrics.inputLatencyMs = LatencySummary(microseconds: main.inputLatency)
        metrics.interactionLatencyMs = LatencySummary(microseconds: interactionLatency)
        let delivered = main.arrivals.count
        let arrived = delivered + main.undelivered.count
        metrics.interactionsArrived = arrived
        metrics.interactionsCompleted = all.completed
        metrics.interactionsFailed = all.failed
        metrics.interactionsUnfinished = arrived - all.completed - all.failed
        // Over the arrival window, the same for every stage: a stage that keeps up completes what arrived.
        metrics.throughputPerS = Double(all.completed) / arrivalWindow
        metrics.mainActorHopsPerInteraction =
            all.completed > 0 ? Double(all.hopsOfCompleted) / Double(all.completed) : 0
        metrics.hopWaitMs = LatencySummary(microseconds: main.mainHopWait)
        metrics.poolHopWaitMs = LatencySummary(microseconds: all.poolHopWait)
        metrics.mainActorJobs = all.mainActorJobs
        metrics.mainActorBlockingMsPerS = Double(all.mainActorBlockingNs) / 1e6 / seconds
        metrics.poolUtilization = min(Double(all.offMainWorkNs) / 1e9 / seconds / Double(Self.poolWidth), 1)
        metrics.mainActorEntriesPerFrame =
            main.frames + main.droppedFrames > 0
            ? Double(main.mainActorEntries) / Double(main.frames + main.droppedFrames) : 0
        for (subsystem, wait) in zip(all.subsystems, all.subsystemHopWait) where wait.totalCount > 0 {
            metrics.subsystemHopWaitMs[subsystem] = LatencySummary(microseconds: wait)
        }
        var busyNs: UInt64 = 0
        for work in MainWork.allCases {  // overhead is within the jobs, not beside the steps: utilisation adds it
            let ns = all.mainBusyNs[work]
            busyNs += ns
            metrics.mainThreadBusyMsPerS[work.rawValue] = Double(ns) / 1e6 / seconds
        }
        metrics.mainThreadUtilization = min(Double(busyNs) / 1e9 / seconds, 1)
        if let start = allocationsStart, let stop = allocationsEnd, delivered > 0 {
            // Only delivered interactions ran stage code; the harness's own allocations are taken out.
            let allocations =
                Int64(bitPattern: stop.allocations &- start.allocations) - deliveryOverhead.allocations
            let bytes =
                Int64(bitPattern: stop.requestedBytes &- start.requestedBytes) - deliveryOverhead.bytes
            metrics.allocationsPerInteraction = Double(max(allocations, 0)) / Double(delivered)
            metrics.allocatedBytesPerInteraction = Double(max(bytes, 0)) / Double(delivered)
            metrics.residentBytes = Double(stop.residentBytes)
        }
        var distributions = RunDistributions()
        distributions.mainLoopLatency = LatencySamples(main.mainLoopLatency)
        distributions.inputLatency = LatencySamples(main.inputLatency)
        distributions.interactionLatency = LatencySamples(interactionLatency)
        distributions.hopWait = LatencySamples(main.mainHopWait)
        distributions.poolHopWait = LatencySamples(all.poolHopWait)
        distributions.frameTimeline = main.timeline
        for (key, failure) in all.stepFailures {
            all.recordStepFailures(key, count: failure.count, firstError: failure.text)
        }
        let timings = all.stepTimings.joined().filter { $0.runs > 0 }  // in interaction, then step order
        return (metrics, timings, distributions)
    }

    /// What each interaction did to main in the run (``InteractionSample``), by interaction index, given how many times
    /// each arrived (`arrivals`, delivered or not, which the main loop counts).
    func interactionSamples(arrivals: [Int]) -> [InteractionSample] {
        let all = allThreads
        return arrivals.enumerated().map { index, arrived in
            InteractionSample(
                arrivals: arrived,
                longestBlockMs: Double(all.longestJobNs.indices.contains(index) ? all.longestJobNs[index] : 0) / 1e6,
                hangs: all.hangJobs.indices.contains(index) ? all.hangJobs[index] : 0
            )
        }
    }
}

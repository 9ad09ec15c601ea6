/// What one run measured: the stage's metrics, each step's timing, and the distributions behind the latencies.
///
/// Built from the records (``MainTally``, and the threads' ``ThreadTally`` merged into one), which it takes as copies:
/// what it adds for what was still waiting when the run ended changes nothing recorded, so reading a run's
/// measurements again gives the same figures.
struct RunMeasurements {
    /// What was still waiting when the run ended, entered into the figures with its wait so far (a lower bound).
    struct AtEnd {
        /// When the run ended.
        var instant: Instant
        /// The hops asked and not started (``PendingHops/pending(before:)``).
        var pendingHops: [PendingHops.Hop]
        /// Interactions in flight on a thread or queued for one (``RunProgress/onThreadsAtEnd(delivered:)``).
        var onThreads: Int
    }

    var metrics = StageMetrics()
    /// Every step that ran, in interaction, then step, order.
    var stepTimings: [StepTiming] = []
    var distributions = RunDistributions()
    /// The run's hangs, as ``StageMetrics/hangs`` counts them (what a trace marks).
    var hangs: [RunRecorder.Span] = []
    /// What each interaction did to main in the run (``InteractionSample``), by interaction index.
    var interactions: [InteractionSample] = []

    /// The measurements of a run that took arrivals for `arrivalSeconds` and ran for `runSeconds` (follow-through
    /// included),
    /// on a pool `poolWidth` threads wide.
    ///
    /// With `atEnd`, what was still waiting then enters the figures with its wait so far: interactions in flight or
    /// never delivered, interaction latency and the backlog; hops asked and not started, their hop waits (main actor,
    /// pool, subsystem actors) and the backlog's queue. Allocation figures come from the probe's two samples, less
    /// `deliveryOverhead` (what Stagehand's own objects took during the run: see ``DeliveryOverhead``). `undelivered`
    /// says how many of each interaction were due and never delivered (``interactions``), and `keepsHolds` whether each
    /// arrival's hold is kept (the probes recorded them).
    init(
        main: MainTally,
        threads: ThreadTally,
        atEnd: AtEnd?,
        poolWidth: Int,
        arrivalSeconds: Double?,
        runSeconds: Double,
        allocationsStart: AllocationCounter.Sample?,
        allocationsEnd: AllocationCounter.Sample?,
        deliveryOverhead: DeliveryOverhead.Count,
        undelivered: [Int] = [],
        keepsHolds: Bool = true
    ) {
        var all = threads
        var main = main
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
        hangs = RunRecorder.Span.hangs(main.longWaits + all.longJobs)
        metrics.hangs = hangs.count
        metrics.longestHangMs = Double(hangs.map(\.nanoseconds).max() ?? 0) / 1e6
        metrics.hangsFromCoreWait = main.coreWait.hangsFromCoreWait(hangs)
        metrics.hangCoreWaitMs = Double(main.coreWait.longestWaitNs(in: hangs)) / 1e6
        var interactionLatency = all.interactionLatency
        var queued = all.queued
        queued.add(main.queued)
        if let atEnd {
            let end = atEnd.instant
            for (id, arrival) in main.arrivals.enumerated() where !all.finished.contains(id) {
                interactionLatency.record(nanoseconds: end.nanoseconds(since: arrival))
                all.backlog.add(from: arrival, to: end)
            }
            // Not the undelivered: main's queue is judged by its growth (`queued`), since a main thread that keeps up
            // still holds a few events at any moment.
            metrics.interactionsUnfinishedOnThreads = atEnd.onThreads
            for arrival in main.undelivered {
                interactionLatency.record(nanoseconds: end.nanoseconds(since: arrival))
                all.backlog.add(from: arrival, to: end)
                queued.add(from: arrival, to: end)
            }
            for hop in atEnd.pendingHops {
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
        metrics.mainActorBlockingMsPerS = Double(all.mainActorBlockingNs) / 1e6 / arrivalWindow
        // The arrivals' work, wherever it landed, per second of the window that brought them (as hitch time is): a
        // run that follows late work to its end is not diluted by the seconds it waited for it.
        metrics.poolUtilization = min(Double(all.offMainWorkNs) / 1e9 / arrivalWindow / Double(poolWidth), 1)
        // Per vsync of the arrival window, as the arrivals' other figures are per second of it.
        let windowVsyncs = (arrivalWindow * 1e9 / Double(main.periodNs)).rounded()
        metrics.mainActorEntriesPerFrame = windowVsyncs > 0 ? Double(main.mainActorEntries) / windowVsyncs : 0
        for (subsystem, wait) in zip(all.subsystems, all.subsystemHopWait) where wait.totalCount > 0 {
            metrics.subsystemHopWaitMs[subsystem] = LatencySummary(microseconds: wait)
        }
        var busyMsPerS = 0.0
        for work in MainWork.allCases {  // overhead is within the jobs, not beside the steps: utilisation adds it
            // Frames tick through the whole run; everything else is the arrivals' work, per second of their window.
            let msPerS = Double(all.mainBusyNs[work]) / 1e6 / (work == .frame ? seconds : arrivalWindow)
            busyMsPerS += msPerS
            metrics.mainThreadBusyMsPerS[work.rawValue] = msPerS
        }
        metrics.mainThreadUtilization = min(busyMsPerS / 1000, 1)
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
        stepTimings = all.timings
        distributions.mainLoopLatency = LatencySamples(main.mainLoopLatency)
        distributions.inputLatency = LatencySamples(main.inputLatency)
        distributions.interactionLatency = LatencySamples(interactionLatency)
        distributions.hopWait = LatencySamples(main.mainHopWait)
        distributions.poolHopWait = LatencySamples(all.poolHopWait)
        distributions.frameTimeline = main.timeline
        interactions = Self.interactionSamples(
            main: main,
            threads: all,
            undelivered: undelivered,
            keepsHolds: keepsHolds
        )
    }

    /// Each interaction's ``InteractionSample``, given how many of each were due and never delivered (`undelivered`,
    /// which the main loop counts): its arrivals are those and its deliveries; its unfinished arrivals, those and the
    /// delivered ones not finished when the run was read.
    private static func interactionSamples(
        main: MainTally,
        threads all: ThreadTally,
        undelivered: [Int],
        keepsHolds: Bool
    ) -> [InteractionSample] {
        var unfinished = undelivered
        let delivered = main.deliveredInteractions
        for (id, interaction) in delivered.enumerated()
        where !all.finished.contains(id) && unfinished.indices.contains(interaction) {
            unfinished[interaction] += 1
        }
        // Each finished arrival's longest hold, by interaction, in delivery order: read when the run is, when every job
        // of theirs has been recorded (a handler's own job can end after its arrival finished on another thread).
        var holds: [[Double]] = Array(repeating: [], count: undelivered.count)
        for (id, interaction) in delivered.enumerated()
        where all.finished.contains(id) && holds.indices.contains(interaction) {
            holds[interaction].append(Double(all.holdNs.indices.contains(id) ? all.holdNs[id] : 0) / 1e6)
        }
        return zip(count(delivered, of: undelivered.count), undelivered).enumerated().map { index, counts in
            InteractionSample(
                arrivals: counts.0 + counts.1,
                longestBlockMs: Double(all.longestJobNs.indices.contains(index) ? all.longestJobNs[index] : 0) / 1e6,
                hangs: all.hangJobs.indices.contains(index) ? all.hangJobs[index] : 0,
                unfinished: unfinished[index],
                holdsMs: keepsHolds ? holds[index] : nil
            )
        }
    }

    /// How many of `delivered` (each delivery's interaction index) are of each of `interactions` interactions.
    static func count(_ delivered: [Int], of interactions: Int) -> [Int] {
        var counts = Array(repeating: 0, count: interactions)
        for interaction in delivered where counts.indices.contains(interaction) { counts[interaction] += 1 }
        return counts
    }
}

import Foundation
import Histogram
import Synchronization

/// Collects the measurements of one stage run, from the main actor and from pool threads alike.
///
/// Everything is kept in fixed-size histograms and counters, never per-event arrays, so memory does not grow with
/// run length. Each record is a short critical section (an uncontended lock plus a histogram increment), far below
/// the microsecond scale of what is measured.
public final class RunRecorder: Sendable {
    /// The main thread is called unresponsive (a hang) when it does not answer for this long or longer: the one
    /// threshold every hang count, job band and trace mark uses.
    public static let hangThresholdMs = 250.0

    /// Whether a stretch of `nanoseconds` without an answer from main is a hang.
    public static func isHang(nanoseconds: UInt64) -> Bool {
        nanoseconds >= UInt64(hangThresholdMs * 1e6)
    }

    /// What kept the main thread busy.
    public enum MainWork: String, Sendable, CaseIterable {
        case frame, ui, compute, state, io
        /// Main-actor job time outside any step: resuming, scheduling, the stage's own bookkeeping.
        case overhead

        /// The work a step of `kind` does on main.
        init(_ kind: StepKind) {
            switch kind {
            case .ui: self = .ui
            case .io: self = .io
            case .compute: self = .compute
            case .state: self = .state
            }
        }
    }

    private struct State {
        var timeline = FrameTimeline(reserving: FrameTimeline.capacity)
        var firstVsync: Instant?
        var mainLoopLatency = Histogram<UInt64>.microseconds()
        var frameOverrun = Histogram<UInt64>.microseconds()
        var frames = 0
        var hitches = 0
        /// Hitch time of the frames whose vsync fell within the arrival window (the ratio's numerator).
        var hitchTimeNs: UInt64 = 0
        /// See ``prepare(stepKeys:subsystems:inFlight:arrivalsEnd:)``; `nil` counts every frame.
        var arrivalsEnd: Instant?
        var droppedFrames = 0
        /// Every stretch of a hang's length or longer in which main did not answer: a main-actor job, a frame's wait,
        /// an event's wait. Overlapping stretches are one hang (see ``hangs(_:)``). Rare, so a plain array.
        var unresponsive: [Span] = []
        var inputLatency = Histogram<UInt64>.microseconds()
        var interactionLatency = Histogram<UInt64>.microseconds()
        /// Interactions handed to their handler.
        var delivered = 0
        /// The arrival of each delivered interaction not finished yet, by delivery number.
        var inFlight: [Int: Instant] = [:]
        /// Interactions that were due but never reached their handler before arrivals stopped.
        var undelivered = 0
        var completed = 0
        var hopsOfCompleted = 0
        /// Every entry onto the main actor, handlers included, finished interactions or not.
        var mainActorEntries = 0
        var mainHopWait = Histogram<UInt64>.microseconds()
        var poolHopWait = Histogram<UInt64>.microseconds()
        var mainActorJobs = JobDurations()
        var mainActorBlockingNs: UInt64 = 0
        /// CPU time (not wall time) that steps used off main, on pool threads and actors.
        var offMainWorkNs: UInt64 = 0
        var subsystemHopWait: [String: Histogram<UInt64>] = [:]
        var mainBusyNs: [MainWork: UInt64] = [:]
        var stepTimings: [StepTiming.Key: StepTiming] = [:]
    }

    /// A stretch of time on the run's clock.
    struct Span: Equatable {
        var start: Instant
        var end: Instant
        var nanoseconds: UInt64 { end.nanoseconds(since: start) }
    }

    private let state = Mutex(State())
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

    public init(refreshHz: Double, probes: Bool = true, trace: TraceLog? = nil) {
        periodNs = UInt64((1e9 / refreshHz).rounded())
        self.probes = probes
        self.trace = trace
    }

    /// Sizes every table the run will fill, so recording allocates nothing once the run is measured: the step keys,
    /// the subsystems, what keeps main busy, room for `inFlight` interactions at once; and when arrivals stop
    /// (`arrivalsEnd`: frames whose vsync comes later, the drain, whose length differs by stage, are left out of the
    /// hitch-time ratio).
    func prepare(stepKeys: [StepTiming.Key], subsystems: [String], inFlight: Int, arrivalsEnd: Instant) {
        state.withLock { state in
            state.arrivalsEnd = arrivalsEnd
            for key in stepKeys { state.stepTimings[key] = StepTiming(key: key) }
            for subsystem in subsystems { state.subsystemHopWait[subsystem] = .microseconds() }
            for work in MainWork.allCases { state.mainBusyNs[work] = 0 }
            state.inFlight.reserveCapacity(inFlight)
            state.unresponsive.reserveCapacity(64)
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
        state.withLock { state in
            state.frames += 1
            state.droppedFrames += max(coalesced, 0)
            let first = state.firstVsync ?? vsync
            state.firstVsync = first
            state.timeline.add(vsync: vsync, done: ended, firstVsync: first)
            state.mainLoopLatency.record(nanoseconds: latency)
            let frameNs = ended.nanoseconds(since: started)
            state.mainBusyNs[.frame, default: 0] += frameNs
            noteMainActorJob(Span(start: started, end: ended), overheadNs: 0, in: &state)
            noteWait(Span(start: vsync, end: started), in: &state)
            if let overrun {
                state.frameOverrun.record(nanoseconds: overrun)
                noteHitch(overrun, vsync: vsync, in: &state)
            }
        }
        trace?.frame(vsync: vsync, started: started, ended: ended, coalesced: coalesced, overrunNs: overrun)
    }

    /// Records a frame still waiting for main when the run ended: a hang if it waited long enough, and a hitch
    /// for however long it is already past its deadline.
    func pendingFrame(vsync: Instant, at now: Instant) {
        let overrun = overrun(of: vsync, at: now)
        state.withLock { state in
            if let overrun { noteHitch(overrun, vsync: vsync, in: &state) }
            noteWait(Span(start: vsync, end: now), in: &state)
        }
        trace?.pendingFrame(vsync: vsync, at: now, overrunNs: overrun)
    }

    /// How far past its deadline (its vsync plus one period) a frame of `vsync` is at `instant`: `nil` when it is not.
    private func overrun(of vsync: Instant, at instant: Instant) -> UInt64? {
        let deadline = vsync.nanoseconds &+ periodNs
        return instant.nanoseconds > deadline ? instant.nanoseconds - deadline : nil
    }

    /// A hitch: a late frame appears at the first vsync after it ends, so it costs whole refresh intervals. Its time
    /// counts towards the ratio when its vsync fell within the arrival window.
    private func noteHitch(_ overrun: UInt64, vsync: Instant, in state: inout State) {
        state.hitches += 1
        guard state.arrivalsEnd.map({ vsync < $0 }) ?? true else { return }
        state.hitchTimeNs += (overrun + periodNs - 1) / periodNs * periodNs
    }

    /// Something waited for main (a frame, an event) for `span`: kept when that is a hang's length.
    private func noteWait(_ span: Span, in state: inout State) {
        if Self.isHang(nanoseconds: span.nanoseconds) { state.unresponsive.append(span) }
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

    /// Interaction number `id` (its delivery number in the run), which arrived at `arrival`, reached its handler.
    func interactionArrived(_ id: Int, at arrival: Instant) {
        state.withLock { state in
            state.delivered += 1
            state.inFlight[id] = arrival
        }
    }

    /// Counts arrivals that were due but never reached their handler before the run stopped taking events.
    ///
    /// Each one's input latency is recorded as its wait until `now`: a lower bound, so a main thread too busy to take
    /// events is never flattered by leaving them out.
    func undelivered(_ arrivals: [Instant], at now: Instant) {
        state.withLock { state in
            state.undelivered += arrivals.count
            for arrival in arrivals {
                state.inputLatency.record(nanoseconds: now.nanoseconds(since: arrival))
                noteWait(Span(start: arrival, end: now), in: &state)
            }
        }
    }

    /// Interactions handed to their handler and not finished yet (undelivered ones never will be).
    var inFlight: Int {
        state.withLock { $0.inFlight.count }
    }

    /// The run's trace from `start` to `end`, with its hangs marked as the metrics count them; `nil` when untraced.
    func traceRecording(from start: Instant, to end: Instant) -> TraceLog.Recording? {
        guard let trace else { return nil }
        let hangs = state.withLock { Self.hangs($0.unresponsive) }
        return trace.recording(from: start, to: end, hangs: hangs.map { ($0.start, $0.end) })
    }

    func handlerStarted(arrival: Instant, at start: Instant) {
        guard probes else { return }
        state.withLock { state in
            state.mainActorEntries += 1
            state.inputLatency.record(nanoseconds: start.nanoseconds(since: arrival))
            noteWait(Span(start: arrival, end: start), in: &state)
        }
    }

    func interactionFinished(_ id: Int, arrival: Instant, at end: Instant, mainActorEntries: Int) {
        state.withLock { state in
            state.inFlight[id] = nil
            state.completed += 1
            state.hopsOfCompleted += mainActorEntries
            state.interactionLatency.record(nanoseconds: end.nanoseconds(since: arrival))
        }
    }

    // MARK: Hops

    /// Records the wait of a hop onto the main actor: asked at `requested`, running there at `started`.
    func mainActorHop(requested: Instant, started: Instant) {
        guard probes else { return }
        state.withLock { state in
            state.mainActorEntries += 1
            state.mainHopWait.record(nanoseconds: started.nanoseconds(since: requested))
        }
    }

    /// Records the wait of a hop onto the cooperative pool (a `@concurrent` function starting).
    func poolHop(requested: Instant, started: Instant) {
        guard probes else { return }
        state.withLock { $0.poolHopWait.record(nanoseconds: started.nanoseconds(since: requested)) }
    }

    /// Records one main-actor job of an interaction, which held main for `job`, `stepNanoseconds` of it in steps.
    func mainActorJob(_ job: Span, stepNanoseconds: UInt64) {
        guard probes else { return }
        let nanoseconds = job.nanoseconds
        let overhead = nanoseconds > stepNanoseconds ? nanoseconds - stepNanoseconds : 0
        state.withLock { state in
            state.mainBusyNs[.overhead, default: 0] += overhead
            noteMainActorJob(job, overheadNs: overhead, in: &state)
        }
    }

    /// A main-actor job held main for `job`: main answered nothing else meanwhile.
    private func noteMainActorJob(_ job: Span, overheadNs: UInt64, in state: inout State) {
        let nanoseconds = job.nanoseconds
        state.mainActorJobs.add(nanoseconds: nanoseconds, periodNs: periodNs)
        if nanoseconds > periodNs { state.mainActorBlockingNs += nanoseconds - periodNs }
        if Self.isHang(nanoseconds: nanoseconds) { state.unresponsive.append(job) }
    }

    /// Records the wait of a hop onto a subsystem's actor.
    func subsystemHop(_ subsystem: String, requested: Instant, started: Instant) {
        guard probes else { return }
        state.withLock { state in
            state.subsystemHopWait[subsystem, default: .microseconds()]
                .record(nanoseconds: started.nanoseconds(since: requested))
        }
    }

    // MARK: Work

    /// Records a step's work: how long it took, and, when it ran on main, what kept main busy.
    func stepRan(_ key: StepTiming.Key, kind: MainWork, nanoseconds: UInt64, onMain: Bool) {
        guard probes else { return }
        state.withLock { state in
            state.stepTimings[key, default: StepTiming(key: key)].add(nanoseconds: nanoseconds, onMain: onMain)
            if onMain { state.mainBusyNs[kind, default: 0] += nanoseconds }
        }
    }

    /// Records CPU time that a step used off main (on a pool thread or an actor).
    func offMainWork(cpuNanoseconds: UInt64) {
        guard probes else { return }
        state.withLock { $0.offMainWorkNs += cpuNanoseconds }
    }

    // MARK: Result

    /// The metrics of a run that took arrivals for `arrivalSeconds` and ended at `end`, `runSeconds` after it started
    /// (drain included). Interactions still in flight then enter interaction latency with their wait so far, a lower
    /// bound. Allocation figures come from the probe's two samples, less `harnessAllocations` (what Stagehand's own
    /// objects took during the run: see ``HarnessAllocations``).
    func metrics(
        arrivalSeconds: Double? = nil,
        runSeconds: Double,
        end: Instant? = nil,
        allocationsStart: JemallocProbe.Sample?,
        allocationsEnd: JemallocProbe.Sample?,
        harnessAllocations: HarnessAllocations.Count = HarnessAllocations.Count()
    ) -> (StageMetrics, [StepTiming], RunDistributions) {
        state.withLock { state in
            var metrics = StageMetrics()
            let seconds = max(runSeconds, 1e-9)
            let arrivalWindow = max(arrivalSeconds ?? runSeconds, 1e-9)
            metrics.runSeconds = runSeconds
            metrics.arrivalSeconds = arrivalSeconds ?? runSeconds
            metrics.frames = state.frames
            metrics.hitches = state.hitches
            metrics.droppedFrames = state.droppedFrames
            metrics.hitchTimeRatioMsPerS = Double(state.hitchTimeNs) / 1e6 / arrivalWindow
            metrics.mainLoopLatencyMs = LatencySummary(microseconds: state.mainLoopLatency)
            metrics.frameOverrunMs = LatencySummary(microseconds: state.frameOverrun)
            let hangs = Self.hangs(state.unresponsive)
            metrics.hangs = hangs.count
            metrics.longestHangMs = Double(hangs.map(\.nanoseconds).max() ?? 0) / 1e6
            // A copy: reading the metrics changes nothing recorded, however often it is done.
            var interactionLatency = state.interactionLatency
            if let end {
                for arrival in state.inFlight.values {
                    interactionLatency.record(nanoseconds: end.nanoseconds(since: arrival))
                }
            }
            metrics.inputLatencyMs = LatencySummary(microseconds: state.inputLatency)
            metrics.interactionLatencyMs = LatencySummary(microseconds: interactionLatency)
            let arrived = state.delivered + state.undelivered
            metrics.interactionsArrived = arrived
            metrics.interactionsCompleted = state.completed
            metrics.interactionsUnfinished = arrived - state.completed
            // Over the arrival window, the same for every stage: a stage that keeps up completes what arrived.
            metrics.throughputPerS = Double(state.completed) / arrivalWindow
            metrics.mainActorHopsPerInteraction =
                state.completed > 0 ? Double(state.hopsOfCompleted) / Double(state.completed) : 0
            metrics.hopWaitMs = LatencySummary(microseconds: state.mainHopWait)
            metrics.poolHopWaitMs = LatencySummary(microseconds: state.poolHopWait)
            metrics.mainActorJobs = state.mainActorJobs
            metrics.mainActorBlockingMsPerS = Double(state.mainActorBlockingNs) / 1e6 / seconds
            metrics.poolUtilization = min(Double(state.offMainWorkNs) / 1e9 / seconds / Double(Self.poolWidth), 1)
            metrics.mainActorEntriesPerFrame =
                state.frames + state.droppedFrames > 0
                ? Double(state.mainActorEntries) / Double(state.frames + state.droppedFrames) : 0
            metrics.subsystemHopWaitMs = state.subsystemHopWait.filter { $0.value.totalCount > 0 }
                .mapValues { LatencySummary(microseconds: $0) }
            var busyNs: UInt64 = 0
            for work in MainWork.allCases {  // overhead is within the jobs, not beside the steps: utilisation adds it
                let ns = state.mainBusyNs[work] ?? 0
                busyNs += ns
                metrics.mainThreadBusyMsPerS[work.rawValue] = Double(ns) / 1e6 / seconds
            }
            metrics.mainThreadUtilization = min(Double(busyNs) / 1e9 / seconds, 1)
            if let start = allocationsStart, let stop = allocationsEnd, state.delivered > 0 {
                // Only delivered interactions ran stage code; the harness's own allocations are taken out.
                let allocations =
                    Int64(bitPattern: stop.allocations &- start.allocations) - harnessAllocations.allocations
                let bytes =
                    Int64(bitPattern: stop.totalAllocatedBytes &- start.totalAllocatedBytes) - harnessAllocations.bytes
                metrics.allocationsPerInteraction = Double(max(allocations, 0)) / Double(state.delivered)
                metrics.allocatedBytesPerInteraction = Double(max(bytes, 0)) / Double(state.delivered)
                metrics.residentBytes = Double(stop.residentBytes)
            }
            var distributions = RunDistributions()
            distributions.mainLoopLatency = LatencySamples(state.mainLoopLatency)
            distributions.inputLatency = LatencySamples(state.inputLatency)
            distributions.interactionLatency = LatencySamples(interactionLatency)
            distributions.hopWait = LatencySamples(state.mainHopWait)
            distributions.poolHopWait = LatencySamples(state.poolHopWait)
            distributions.frameTimeline = state.timeline
            let timings = state.stepTimings.values.filter { $0.runs > 0 }.sorted {
                ($0.key.interaction, $0.key.step) < ($1.key.interaction, $1.key.step)
            }
            return (metrics, timings, distributions)
        }
    }
}

import Foundation
import Histogram
import Synchronization

/// Collects the measurements of one stage run, from the main actor and from pool threads alike.
///
/// Everything is kept in fixed-size histograms and counters, never per-event arrays, so memory does not grow with
/// run length. Each record is a short critical section (an uncontended lock plus a histogram increment), far below
/// the microsecond scale of what is measured.
public final class RunRecorder: Sendable {
    /// The main thread is called unresponsive (a hang) after this long.
    public static let hangThresholdMs = 250.0

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
        var hitchTimeNs: UInt64 = 0
        var droppedFrames = 0
        var hangs = 0
        var longestHangNs: UInt64 = 0
        var inputLatency = Histogram<UInt64>.microseconds()
        var interactionLatency = Histogram<UInt64>.microseconds()
        /// Interactions handed to their handler.
        var delivered = 0
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

    public init(refreshHz: Double, probes: Bool = true, trace: TraceLog? = nil) {
        periodNs = UInt64((1e9 / refreshHz).rounded())
        self.probes = probes
        self.trace = trace
    }

    // MARK: Frames

    /// Records one frame job: its vsync, when it started on main, when its work ended, and vsyncs it coalesced.
    func frame(vsync: Instant, started: Instant, ended: Instant, coalesced: Int) {
        let latency = started.nanoseconds(since: vsync)
        let overrun = overrun(of: vsync, at: ended)
        let hang = Self.isHang(latency)
        state.withLock { state in
            state.frames += 1
            state.droppedFrames += max(coalesced, 0)
            let first = state.firstVsync ?? vsync
            state.firstVsync = first
            state.timeline.add(vsync: vsync, done: ended, firstVsync: first)
            state.mainLoopLatency.record(nanoseconds: latency)
            let frameNs = ended.nanoseconds(since: started)
            state.mainBusyNs[.frame, default: 0] += frameNs
            Self.noteMainActorJob(frameNs, overheadNs: 0, period: periodNs, in: &state)
            if let overrun {
                state.frameOverrun.record(nanoseconds: overrun)
                noteHitch(overrun, in: &state)
            }
            if hang { Self.noteHang(latency, in: &state) }
        }
        trace?.frame(vsync: vsync, started: started, ended: ended, coalesced: coalesced, overrunNs: overrun, hang: hang)
    }

    /// Records a frame still waiting for main when the run ended: a hang if it waited long enough, and a hitch
    /// for however long it is already past its deadline.
    func pendingFrame(vsync: Instant, at now: Instant) {
        let latency = now.nanoseconds(since: vsync)
        let overrun = overrun(of: vsync, at: now)
        let hang = Self.isHang(latency)
        state.withLock { state in
            if let overrun { noteHitch(overrun, in: &state) }
            if hang { Self.noteHang(latency, in: &state) }
        }
        trace?.pendingFrame(vsync: vsync, at: now, overrunNs: overrun, hang: hang)
    }

    /// How far past its deadline (its vsync plus one period) a frame of `vsync` is at `instant`: `nil` when it is not.
    private func overrun(of vsync: Instant, at instant: Instant) -> UInt64? {
        let deadline = vsync.nanoseconds &+ periodNs
        return instant.nanoseconds > deadline ? instant.nanoseconds - deadline : nil
    }

    /// A hitch: a late frame appears at the first vsync after it ends, so it costs whole refresh intervals.
    private func noteHitch(_ overrun: UInt64, in state: inout State) {
        state.hitches += 1
        state.hitchTimeNs += (overrun + periodNs - 1) / periodNs * periodNs
    }

    /// Whether main left a frame waiting this long: a hang.
    private static func isHang(_ latency: UInt64) -> Bool {
        Double(latency) / 1e6 >= hangThresholdMs
    }

    private static func noteHang(_ latency: UInt64, in state: inout State) {
        state.hangs += 1
        state.longestHangNs = max(state.longestHangNs, latency)
    }

    // MARK: Interactions

    func interactionArrived() {
        state.withLock { $0.delivered += 1 }
    }

    /// Counts arrivals that were due but never reached their handler before the run stopped taking events.
    ///
    /// Each one's input latency is recorded as its wait until `now`: a lower bound, so a main thread too busy to take
    /// events is never flattered by leaving them out.
    func undelivered(_ arrivals: [Instant], at now: Instant) {
        state.withLock { state in
            state.undelivered += arrivals.count
            for arrival in arrivals { state.inputLatency.record(nanoseconds: now.nanoseconds(since: arrival)) }
        }
    }

    /// Interactions handed to their handler and not finished yet (undelivered ones never will be).
    var inFlight: Int {
        state.withLock { $0.delivered - $0.completed }
    }

    func handlerStarted(arrival: Instant, at start: Instant) {
        guard probes else { return }
        state.withLock { state in
            state.mainActorEntries += 1
            state.inputLatency.record(nanoseconds: start.nanoseconds(since: arrival))
        }
    }

    func interactionFinished(arrival: Instant, at end: Instant, mainActorEntries: Int) {
        state.withLock { state in
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

    /// Records one main-actor job of an interaction: `nanoseconds` long, `stepNanoseconds` of it in steps.
    func mainActorJob(nanoseconds: UInt64, stepNanoseconds: UInt64) {
        guard probes else { return }
        let overhead = nanoseconds > stepNanoseconds ? nanoseconds - stepNanoseconds : 0
        state.withLock { state in
            state.mainBusyNs[.overhead, default: 0] += overhead
            Self.noteMainActorJob(nanoseconds, overheadNs: overhead, period: periodNs, in: &state)
        }
    }

    private static func noteMainActorJob(
        _ nanoseconds: UInt64,
        overheadNs: UInt64,
        period: UInt64,
        in state: inout State
    ) {
        state.mainActorJobs.add(milliseconds: Double(nanoseconds) / 1e6)
        if nanoseconds > period { state.mainActorBlockingNs += nanoseconds - period }
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

    /// The metrics of a run that took arrivals for `arrivalSeconds` and lasted `runSeconds` in all (drain included);
    /// allocation figures come from the probe's two samples.
    func metrics(
        arrivalSeconds: Double? = nil,
        runSeconds: Double,
        allocationsStart: JemallocProbe.Sample?,
        allocationsEnd: JemallocProbe.Sample?
    ) -> (StageMetrics, [StepTiming], RunDistributions) {
        state.withLock { state in
            var metrics = StageMetrics()
            let seconds = max(runSeconds, 1e-9)
            metrics.runSeconds = runSeconds
            metrics.frames = state.frames
            metrics.hitches = state.hitches
            metrics.droppedFrames = state.droppedFrames
            metrics.hitchTimeRatioMsPerS = Double(state.hitchTimeNs) / 1e6 / seconds
            metrics.mainLoopLatencyMs = LatencySummary(microseconds: state.mainLoopLatency)
            metrics.frameOverrunMs = LatencySummary(microseconds: state.frameOverrun)
            metrics.hangs = state.hangs
            metrics.longestHangMs = Double(state.longestHangNs) / 1e6
            metrics.inputLatencyMs = LatencySummary(microseconds: state.inputLatency)
            metrics.interactionLatencyMs = LatencySummary(microseconds: state.interactionLatency)
            let arrived = state.delivered + state.undelivered
            metrics.interactionsArrived = arrived
            metrics.interactionsCompleted = state.completed
            metrics.interactionsUnfinished = arrived - state.completed
            // Over the arrival window, the same for every stage: a stage that keeps up completes what arrived.
            metrics.throughputPerS = Double(state.completed) / max(arrivalSeconds ?? runSeconds, 1e-9)
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
            metrics.subsystemHopWaitMs = state.subsystemHopWait.mapValues { LatencySummary(microseconds: $0) }
            var busyNs: UInt64 = 0
            for work in MainWork.allCases {  // overhead is within the jobs, not beside the steps: utilisation adds it
                let ns = state.mainBusyNs[work] ?? 0
                busyNs += ns
                metrics.mainThreadBusyMsPerS[work.rawValue] = Double(ns) / 1e6 / seconds
            }
            metrics.mainThreadUtilization = min(Double(busyNs) / 1e9 / seconds, 1)
            if let start = allocationsStart, let end = allocationsEnd, arrived > 0 {
                metrics.allocationsPerInteraction = Double(end.allocations &- start.allocations) / Double(arrived)
                metrics.allocatedBytesPerInteraction =
                    Double(end.totalAllocatedBytes &- start.totalAllocatedBytes) / Double(arrived)
                metrics.residentBytes = Double(end.residentBytes)
            }
            var distributions = RunDistributions()
            distributions.mainLoopLatency = LatencySamples(state.mainLoopLatency)
            distributions.inputLatency = LatencySamples(state.inputLatency)
            distributions.interactionLatency = LatencySamples(state.interactionLatency)
            distributions.hopWait = LatencySamples(state.mainHopWait)
            distributions.poolHopWait = LatencySamples(state.poolHopWait)
            distributions.frameTimeline = state.timeline
            let timings = state.stepTimings.values.sorted {
                ($0.key.interaction, $0.key.step) < ($1.key.interaction, $1.key.step)
            }
            return (metrics, timings, distributions)
        }
    }
}

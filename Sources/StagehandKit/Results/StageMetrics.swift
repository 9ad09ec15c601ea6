/// Everything measured in one stage run (or, aggregated, in one stage), with the field names of the JSON contract.
///
/// Units are in the names: `…Ms` milliseconds, `…PerS` per second, `…MsPerS` milliseconds per second.
public struct StageMetrics: Codable, Sendable, Equatable {
    /// The main thread is called unresponsive (a hang) when it does not answer for this long or longer: the one
    /// threshold every hang count, job band and trace mark uses.
    public static let hangThresholdMs = 250.0

    /// Whether a stretch of `nanoseconds` without an answer from main is a hang.
    static func isHang(nanoseconds: UInt64) -> Bool {
        nanoseconds >= UInt64(hangThresholdMs * 1e6)
    }

    // MARK: Frames

    /// Σ hitch time of the frames whose vsync fell within the arrival window, and the steps' share of later ones (the
    /// window's arrivals followed to their end) / the arrival window's seconds, in milliseconds per second. Apple's
    /// bands: good < 5, warning 5–10, critical > 10.
    public var hitchTimeRatioMsPerS: Double = 0
    /// The hitch-time ratio split by what held main between each late frame's vsync and its end, in milliseconds per
    /// second, keyed by cause: `kind: label` of a step on main, `frame work`, or `job overhead` (main held by nothing
    /// recorded: resuming tasks, scheduling, the frame timer's latency). Each hitch is shared out in proportion to
    /// the time each cause held main; the values add up to the ratio.
    public var hitchTimeByCause: [String: Double] = [:]
    /// Frames whose work ended after their deadline (vsync + P).
    public var hitches: Int = 0
    /// Frame jobs that ran.
    public var frames: Int = 0
    /// Vsyncs coalesced while a frame job was pending.
    public var droppedFrames: Int = 0
    /// Vsync → frame job start on main; a frame still waiting for main when the run ended counts with (end − vsync), a
    /// lower bound.
    public var mainLoopLatencyMs = LatencySummary()
    /// Frame work end − (vsync + P), over the frames that hitched.
    public var frameOverrunMs = LatencySummary()

    // MARK: Hangs

    /// Times the main thread was unresponsive for 250 ms or more, measured from when it stopped answering (a main-actor
    /// job, a frame's wait or an event's wait that long; overlapping ones are one hang). A stage's count is the total
    /// over its repetitions.
    public var hangs: Int = 0
    /// The longest of those, in milliseconds (0 when there was none); a stage's is the maximum over its repetitions.
    public var longestHangMs: Double = 0
    /// Of the hangs, those that main's wait for a core made one: less the time main was ready to run but had no core
    /// within it (the machine busy with other work, or the stage's own threads on few cores), shorter than 250 ms. A
    /// run whose every hang is one is measured again; a stage whose every hang is one, even so, is borderline, not
    /// failing. Measured where the system gives the wait (Linux); 0 elsewhere. A stage's is the total.
    public var hangsFromCoreWait: Int = 0
    /// The longest main waited for a core within one hang, in milliseconds (0 without a hang, or where the wait cannot
    /// be read); a stage's is the maximum over its repetitions.
    public var hangCoreWaitMs: Double = 0

    // MARK: Interactions

    /// Arrival → the handler starting on the main actor.
    public var inputLatencyMs = LatencySummary()
    /// Arrival → the last step done; an interaction unfinished when the run ended, delivered or not, counts with
    /// (end − arrival), a lower bound.
    public var interactionLatencyMs = LatencySummary()
    /// Interactions completed per second of the arrival window (the workload's duration).
    public var throughputPerS: Double = 0
    public var interactionsArrived: Int = 0
    public var interactionsCompleted: Int = 0
    /// Arrived but not finished when the run ended; reported, never dropped.
    public var interactionsUnfinished: Int = 0
    /// Of those, the ones running on a thread or queued for one when the run ended, not suspended on `io`: work the
    /// stage had no thread for in time, where an interaction awaiting a long wait is not. Absent in older results.
    public var interactionsUnfinishedOnThreads: Int = 0
    /// Ended early because a step of the user's code threw (counted per step in the step timings). Neither completed
    /// nor unfinished; a stage's figure is the total over its runs.
    public var interactionsFailed: Int = 0

    // MARK: Backlog

    /// Interactions in flight (arrived, delivered or not, and not finished) on average over each quarter of the
    /// arrival window, first to last. Empty in results written before it was measured.
    public var backlogByQuarter: [Double] = []
    /// Of those, the interactions queued for a thread: arrived and not yet handed to their handler, or asked to run on
    /// the main actor, the cooperative pool or a subsystem's actor and not started there, on average over each
    /// quarter of the arrival window. A queue that grows through the window is a stage falling behind its arrivals.
    /// Empty in results written before it was measured.
    public var queuedByQuarter: [Double] = []

    // MARK: Hops

    /// Times a completed interaction entered the main actor (its handler included), on average.
    public var mainActorHopsPerInteraction: Double = 0
    /// Asked to run on the main actor → running there, for entries after the handler; a hop still queued when the run
    /// ended counts with (end − asked), a lower bound, as in the two waits below.
    public var hopWaitMs = LatencySummary()
    /// The same wait for each subsystem actor (`actor-extracted` only), keyed by subsystem.
    public var subsystemHopWaitMs: [String: LatencySummary] = [:]
    /// Asked to run a `@concurrent` function → running on the cooperative pool.
    public var poolHopWaitMs = LatencySummary()
    /// Entries onto the main actor per vsync (frames run plus frames dropped).
    public var mainActorEntriesPerFrame: Double = 0

    // MARK: Main thread

    /// Accounted busy time on main per second (0…1): the sum of ``mainThreadBusyMsPerS`` / 1000.
    public var mainThreadUtilization: Double = 0
    /// Busy time on main per second, split by what kept it busy: `frame` per second of run, and `ui`, `compute`,
    /// `state`, `io` and `overhead` (main-actor job time outside any step: resuming, scheduling, bookkeeping), the
    /// arrivals' work wherever it landed, per second of the arrival window.
    public var mainThreadBusyMsPerS: [String: Double] = [:]
    /// Main-actor jobs (frames, handlers, and each stretch of an interaction on main between suspensions) by length.
    public var mainActorJobs = JobDurations()
    /// Σ over main-actor jobs of their time past the frame budget, per second of run.
    public var mainActorBlockingMsPerS: Double = 0

    // MARK: Cooperative pool

    /// Wall time of the steps off main that hold a thread (on pool threads and actors; awaited io holds none) /
    /// (arrival window × pool width), 0…1: how occupied the cooperative pool was.
    public var poolUtilization: Double = 0

    // MARK: Memory

    /// Allocations during the run (`AllocationCounter`), less the harness's own (measured per delivery), /
    /// interactions delivered: what the workload's stage code allocates.
    public var allocationsPerInteraction: Double = 0
    /// Bytes those allocations asked for (cumulative, not net), less the harness's, / interactions delivered.
    public var allocatedBytesPerInteraction: Double = 0
    /// Whether the allocation figures are counts: the run's known-answer check (`AllocationCheck`) read exactly the
    /// allocations it made. `false` where the counter is not in place or misses some of them;
    /// reports then show the allocation figures as unverified. Absent from older results, which mean `true`.
    public var allocationsCounted: Bool = true
    /// The process's resident set at the end of the run (`Platform.residentBytes`), harness included.
    public var residentBytes: Double = 0
    /// The stage child's peak resident set at the end of the run (`Platform.peakResidentBytes`), harness included.
    public var peakProcessResidentBytes: Double = 0

    /// How long the run measured, in seconds: the arrival window and the follow-through after it.
    public var runSeconds: Double = 0
    /// How long interactions arrived, in seconds: the workload's duration, over which ratios and throughput are taken.
    public var arrivalSeconds: Double = 0

    public init() {}
}

extension StageMetrics {
    /// The name ``HitchShare`` had before the tool's typed cause took it.
    @available(*, deprecated, renamed: "HitchShare")
    public typealias HitchCause = HitchShare

    /// One cause of hitch time and its part of the whole.
    public struct HitchShare: Sendable, Equatable {
        /// The cause's label, as `hitchTimeByCause` keys it (`frame work`, `compute: decode`).
        public var cause: String
        public var msPerS: Double
        /// Its share of the stage's hitch time, 0…1.
        public var share: Double
        /// The share in whole percent, as reports write it.
        public var percent: Int { Int((share * 100).rounded()) }
    }

    /// The causes of hitch time, largest first.
    public var hitchCauses: [HitchShare] {
        let total = hitchTimeByCause.values.reduce(0, +)
        guard total > 0 else { return [] }
        return hitchTimeByCause.filter { $0.value > 0 }
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .map { HitchShare(cause: $0.key, msPerS: $0.value, share: $0.value / total) }
    }

    /// "97% of its hitch time is `compute: decode`", naming the largest cause, or `nil` without hitch time.
    public var mainHitchCause: String? {
        hitchCauses.first.map { "\($0.percent)% of its hitch time is `\($0.cause)`" }
    }
}

extension StageMetrics {
    /// Decodes metrics written by this or an earlier release of schema 1: a field added since, and so missing from
    /// the file, keeps its default, so `report` and `compare` still read older results.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hitchTimeRatioMsPerS =
            try container.decodeIfPresent(Double.self, forKey: .hitchTimeRatioMsPerS) ?? hitchTimeRatioMsPerS
        hitchTimeByCause =
            try container.decodeIfPresent([String: Double].self, forKey: .hitchTimeByCause) ?? hitchTimeByCause
        hitches = try container.decodeIfPresent(Int.self, forKey: .hitches) ?? hitches
        frames = try container.decodeIfPresent(Int.self, forKey: .frames) ?? frames
        droppedFrames = try container.decodeIfPresent(Int.self, forKey: .droppedFrames) ?? droppedFrames
        mainLoopLatencyMs =
            try container.decodeIfPresent(LatencySummary.self, forKey: .mainLoopLatencyMs) ?? mainLoopLatencyMs
        frameOverrunMs = try container.decodeIfPresent(LatencySummary.self, forKey: .frameOverrunMs) ?? frameOverrunMs
        hangs = try container.decodeIfPresent(Int.self, forKey: .hangs) ?? hangs
        longestHangMs = try container.decodeIfPresent(Double.self, forKey: .longestHangMs) ?? longestHangMs
        hangsFromCoreWait = try container.decodeIfPresent(Int.self, forKey: .hangsFromCoreWait) ?? hangsFromCoreWait
        hangCoreWaitMs = try container.decodeIfPresent(Double.self, forKey: .hangCoreWaitMs) ?? hangCoreWaitMs
        inputLatencyMs = try container.decodeIfPresent(LatencySummary.self, forKey: .inputLatencyMs) ?? inputLatencyMs
        interactionLatencyMs =
            try container.decodeIfPresent(LatencySummary.self, forKey: .interactionLatencyMs) ?? interactionLatencyMs
        throughputPerS = try container.decodeIfPresent(Double.self, forKey: .throughputPerS) ?? throughputPerS
        interactionsArrived =
            try container.decodeIfPresent(Int.self, forKey: .interactionsArrived) ?? interactionsArrived
        interactionsCompleted =
            try container.decodeIfPresent(Int.self, forKey: .interactionsCompleted) ?? interactionsCompleted
        interactionsUnfinished =
            try container.decodeIfPresent(Int.self, forKey: .interactionsUnfinished) ?? interactionsUnfinished
        interactionsUnfinishedOnThreads =
            try container.decodeIfPresent(Int.self, forKey: .interactionsUnfinishedOnThreads)
            ?? interactionsUnfinishedOnThreads
        interactionsFailed = try container.decodeIfPresent(Int.self, forKey: .interactionsFailed) ?? interactionsFailed
        backlogByQuarter = try container.decodeIfPresent([Double].self, forKey: .backlogByQuarter) ?? backlogByQuarter
        queuedByQuarter = try container.decodeIfPresent([Double].self, forKey: .queuedByQuarter) ?? queuedByQuarter
        mainActorHopsPerInteraction =
            try container.decodeIfPresent(Double.self, forKey: .mainActorHopsPerInteraction)
            ?? mainActorHopsPerInteraction
        hopWaitMs = try container.decodeIfPresent(LatencySummary.self, forKey: .hopWaitMs) ?? hopWaitMs
        subsystemHopWaitMs =
            try container.decodeIfPresent([String: LatencySummary].self, forKey: .subsystemHopWaitMs)
            ?? subsystemHopWaitMs
        poolHopWaitMs = try container.decodeIfPresent(LatencySummary.self, forKey: .poolHopWaitMs) ?? poolHopWaitMs
        mainActorEntriesPerFrame =
            try container.decodeIfPresent(Double.self, forKey: .mainActorEntriesPerFrame) ?? mainActorEntriesPerFrame
        mainThreadUtilization =
            try container.decodeIfPresent(Double.self, forKey: .mainThreadUtilization) ?? mainThreadUtilization
        mainThreadBusyMsPerS =
            try container.decodeIfPresent([String: Double].self, forKey: .mainThreadBusyMsPerS) ?? mainThreadBusyMsPerS
        mainActorJobs = try container.decodeIfPresent(JobDurations.self, forKey: .mainActorJobs) ?? mainActorJobs
        mainActorBlockingMsPerS =
            try container.decodeIfPresent(Double.self, forKey: .mainActorBlockingMsPerS) ?? mainActorBlockingMsPerS
        poolUtilization = try container.decodeIfPresent(Double.self, forKey: .poolUtilization) ?? poolUtilization
        allocationsPerInteraction =
            try container.decodeIfPresent(Double.self, forKey: .allocationsPerInteraction) ?? allocationsPerInteraction
        allocatedBytesPerInteraction =
            try container.decodeIfPresent(Double.self, forKey: .allocatedBytesPerInteraction)
            ?? allocatedBytesPerInteraction
        allocationsCounted =
            try container.decodeIfPresent(Bool.self, forKey: .allocationsCounted) ?? allocationsCounted
        residentBytes = try container.decodeIfPresent(Double.self, forKey: .residentBytes) ?? residentBytes
        peakProcessResidentBytes =
            try container.decodeIfPresent(Double.self, forKey: .peakProcessResidentBytes) ?? peakProcessResidentBytes
        runSeconds = try container.decodeIfPresent(Double.self, forKey: .runSeconds) ?? runSeconds
        arrivalSeconds = try container.decodeIfPresent(Double.self, forKey: .arrivalSeconds) ?? runSeconds
    }
}

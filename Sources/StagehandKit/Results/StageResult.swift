/// Everything measured for one stage across its repetitions.
public struct StageResult: Codable, Sendable, Equatable {
    public var stage: Stage
    /// `ok` when every repetition ran, its exposure run included; otherwise how the first failing one ended (a stage
    /// whose exposure run crashed keeps its ordinary runs' metrics).
    public var status: StageStatus
    /// Each metric over the `ok` repetitions, by its own rule (`StageMetrics.init(aggregating:distributions:)`:
    /// latency percentiles from the merged histograms, ratios over time pooled, hangs the total and the longest,
    /// everything else the median); absent when none was `ok`.
    public var metrics: StageMetrics?
    /// The lowest and highest value of the deciding metrics over the repetitions, keyed by metric name.
    public var spread: [String: ValueRange]
    public var repetitions: [RepetitionResult] {
        didSet { stepTimings = Self.stepTimings(mergedFrom: repetitions) }
    }
    /// Runs that schedule the workload's rare interactions on purpose, one arrival at a time, beside the others as
    /// declared (``InteractionExposure``): what one arrival of each does in this stage. Not in the stage's ordinary figures;
    /// `nil` when none ran.
    public var exposureRuns: [RepetitionResult]?
    /// Each interaction's exposure in this stage, by interaction index; `nil` in results written before it was
    /// recorded.
    public var interactions: [InteractionExposure]?
    /// How far the step costs can grow before this stage misses the budget, when `--headroom` searched it.
    public var headroom: Headroom?
    /// Each step that ran in the stage, merged over its ``repetitions`` (in interaction, then step order): its mean
    /// duration and where it ran. Merged once, with the metrics, and again whenever ``repetitions`` change; not in the
    /// JSON, whose reader finds each run's in `repetitions[].stepTimings`.
    package private(set) var stepTimings: [StepTiming]

    private enum CodingKeys: String, CodingKey {
        case stage, status, metrics, spread, repetitions, exposureRuns, interactions, headroom
    }

    /// The stage's result from its ordinary `repetitions` and its `exposureRuns`. With `workload`, each interaction's
    /// exposure is recorded and the stage's figures carry every rare interaction at its declared rate; without it (or
    /// for runs recorded without interaction samples) the figures are the runs' as measured.
    init(
        stage: Stage,
        repetitions: [RepetitionResult],
        exposureRuns: [RepetitionResult] = [],
        workload: Workload? = nil
    ) {
        self.stage = stage
        self.exposureRuns = exposureRuns.isEmpty ? nil : exposureRuns
        let failed = (repetitions + exposureRuns).first { $0.status != .ok }
        status = repetitions.isEmpty ? .skipped : failed?.status ?? .ok
        var repetitions = repetitions
        interactions = workload.flatMap {
            Self.estimate(&repetitions, of: $0, exposureRuns: exposureRuns)
        }
        self.repetitions = repetitions
        stepTimings = Self.stepTimings(mergedFrom: repetitions)
        let measured = repetitions.compactMap(\.judgedMetrics)
        metrics =
            measured.isEmpty
            ? nil : StageMetrics(aggregating: measured, distributions: repetitions.compactMap(\.distributions))
        spread = [:]
        for metric in Metric.spread.map(Metric.of) {
            spread[metric.key] = ValueRange(measured.map(metric.value))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stage = try container.decode(Stage.self, forKey: .stage)
        status = try container.decode(StageStatus.self, forKey: .status)
        metrics = try container.decodeIfPresent(StageMetrics.self, forKey: .metrics)
        spread = try container.decode([String: ValueRange].self, forKey: .spread)
        repetitions = try container.decode([RepetitionResult].self, forKey: .repetitions)
        exposureRuns = try container.decodeIfPresent([RepetitionResult].self, forKey: .exposureRuns)
        interactions = try container.decodeIfPresent([InteractionExposure].self, forKey: .interactions)
        headroom = try container.decodeIfPresent(Headroom.self, forKey: .headroom)
        stepTimings = Self.stepTimings(mergedFrom: repetitions)
    }

    /// The CPUs the runs of `stages` could use, as the runs themselves saw them (the most any saw), or `nil` when no
    /// run recorded it (results written before it was).
    static func coresSeen(in stages: some Sequence<StageResult>) -> Int? {
        stages.flatMap(\.repetitions).compactMap(\.cores).max()
    }

    /// The stage's frame latencies over all its repetitions, merged.
    var mainLoopLatencySamples: LatencySamples? {
        let distributions = repetitions.compactMap(\.distributions)
        return distributions.isEmpty ? nil : LatencySamples.merged(distributions.map(\.mainLoopLatency))
    }

    /// Each code `compute` step's mean call in a tight loop over the stage's repetitions (the median of the runs'
    /// means, so that it compares with the step's mean in the runs; a run recorded before means were is read by its
    /// median), by step; empty where no run timed one.
    package var tightLoop: [StepTiming.Key: Double] {
        var means: [StepTiming.Key: [Double]] = [:]
        for timing in repetitions.compactMap(\.tightLoop).joined() {
            means[timing.key, default: []].append(timing.meanMs ?? timing.medianMs)
        }
        return means.mapValues { $0.sorted()[$0.count / 2] }
    }

    /// Hangs in the stage's exposure run (0 without one): the ordinary runs' are in ``metrics``.
    package var exposureHangs: Int { (exposureRuns ?? []).compactMap(\.metrics).reduce(0) { $0 + $1.hangs } }

    /// Every hang of the stage: its ordinary runs' and its exposure run's.
    package var allHangs: Int { (metrics?.hangs ?? 0) + exposureHangs }

    /// The ordinary runs' metrics as the verdict reads them: each rare interaction at its declared rate
    /// (``RepetitionResult/judgedMetrics``). The stage's ``metrics`` are built from them.
    package var judgedRuns: [StageMetrics] { repetitions.compactMap(\.judgedMetrics) }
}

extension Sequence<StageResult> {
    /// What served the runs' allocations, as the first run that could tell recorded it ("glibc 2.36 malloc",
    /// "jemalloc 5.3.0"); `nil` when none could.
    package var servedAllocator: String? {
        lazy.flatMap(\.repetitions).compactMap(\.allocator).first
    }
}

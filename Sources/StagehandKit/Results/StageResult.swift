/// Everything measured for one stage across its repetitions.
///
/// A result is built whole from its runs: every figure derived from them (``status``, ``metrics``, ``spread``,
/// ``interactions``, the merged step timings) is made once, by the initializer (or read from the file it was written
/// to), and none can be set on its own. To change the runs, make a new result from them (`replacingRuns`), so that no
/// figure is left from the runs before; without the workload, such a result has no ``interactions``. Only
/// ``headroom``, searched after the runs, is set afterwards.
public struct StageResult: Codable, Sendable, Equatable {
    public private(set) var stage: Stage
    /// `ok` when every repetition ran, its exposure run included; otherwise how the first failing one ended (a stage
    /// whose exposure run crashed keeps its ordinary runs' metrics).
    public private(set) var status: StageStatus
    /// Each metric over the `ok` repetitions, by its own rule (`StageMetrics.init(aggregating:distributions:)`:
    /// latency percentiles from the merged histograms, ratios over time pooled, hangs the total and the longest,
    /// everything else the median); absent when none was `ok`.
    public private(set) var metrics: StageMetrics?
    /// The lowest and highest value of the deciding metrics over the repetitions, keyed by metric name.
    public private(set) var spread: [String: ValueRange]
    public private(set) var repetitions: [RepetitionResult]
    /// Runs that schedule the workload's rare interactions on purpose, one arrival at a time, beside the others as
    /// declared (``InteractionExposure``): what one arrival of each does in this stage. Not in the stage's ordinary figures;
    /// `nil` when none ran.
    public private(set) var exposureRuns: [RepetitionResult]?
    /// Each interaction's exposure in this stage, by interaction index; `nil` in results written before it was
    /// recorded.
    public private(set) var interactions: [InteractionExposure]?
    /// How far the step costs can grow before this stage misses the budget, when `--headroom` searched it.
    public var headroom: Headroom?
    /// Each step that ran in the stage, merged over its ``repetitions`` (in interaction, then step order): its mean
    /// duration and where it ran. Merged once, with the metrics; not in the JSON, whose reader finds each run's in
    /// `repetitions[].stepTimings`.
    package private(set) var stepTimings: [StepTiming]
    /// The ordinary runs' metrics as the verdict reads them: each rare interaction at its declared rate
    /// (``RepetitionResult/judgedMetrics``). The stage's ``metrics`` are built from them, once, with them; the verdict
    /// reads them for every test of every look.
    package private(set) var judgedRuns: [StageMetrics]

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
        judgedRuns = measured
        metrics =
            measured.isEmpty
            ? nil : StageMetrics(aggregating: measured, distributions: repetitions.compactMap(\.distributions))
        spread = [:]
        for metric in Metric.spread.map(Metric.of) {
            spread[metric.key] = ValueRange(measured.map(metric.value))
        }
    }

    /// This stage's result made anew from `repetitions` and `exposureRuns` (by default the ones it has), each figure
    /// derived from them again, its ``headroom`` kept. With `workload`, each interaction's exposure is estimated
    /// again; without it, each run keeps its declared-rate figures as they are and the result has no
    /// ``interactions``.
    package func replacingRuns(
        _ repetitions: [RepetitionResult]? = nil,
        exposureRuns: [RepetitionResult]? = nil,
        workload: Workload? = nil
    ) -> StageResult {
        var result = StageResult(
            stage: stage,
            repetitions: repetitions ?? self.repetitions,
            exposureRuns: exposureRuns ?? self.exposureRuns ?? [],
            workload: workload
        )
        result.headroom = headroom
        return result
    }

    /// This stage's result with each run changed by `edit`, every figure derived from the runs again
    /// (``replacingRuns(_:exposureRuns:workload:)``).
    package func editingRuns(
        workload: Workload? = nil,
        _ edit: (inout RepetitionResult) throws -> Void
    ) rethrows -> StageResult {
        var runs = repetitions
        for index in runs.indices { try edit(&runs[index]) }
        return replacingRuns(runs, workload: workload)
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
        judgedRuns = repetitions.compactMap(\.judgedMetrics)
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

}

extension Sequence<StageResult> {
    /// What served the runs' allocations, as the first run that could tell recorded it ("glibc 2.36 malloc",
    /// "jemalloc 5.3.0"); `nil` when none could.
    package var servedAllocator: String? {
        lazy.flatMap(\.repetitions).compactMap(\.allocator).first
    }
}

/// One workload's row of a suite (`suite.json`'s `workloads[i]`): its verdict and the advised stage's key figures, or
/// why it could not be profiled.
public struct SuiteEntry: Codable, Sendable, Equatable {
    /// Whether the workload was profiled.
    public enum Status: String, Codable, Sendable {
        /// Profiled to a verdict (whatever the verdict: a stage that crashed is in the result, not here).
        case profiled
        /// Not profiled: a spec that cannot be read, or the tool failing on it; `error` says which.
        case failed
    }

    /// The advised stage's key figures: the recommended stage, or when none meets the budget the best one measured.
    public struct Figures: Codable, Sendable, Equatable {
        public var stage: Stage
        /// Milliseconds of hitching per second (docs/METRICS.md, "Hitch time ratio").
        public var hitchTimeRatioMsPerS: Double
        public var hangs: Int
        public var inputLatencyP99Ms: Double
        /// How far the step costs can grow before the stage misses the budget, when `--headroom` searched it.
        public var headroom: Headroom?
    }

    public var workload: String
    /// The spec file, for a suite over a directory.
    public var spec: String?
    public var status: Status
    /// Why the workload was not profiled.
    public var error: String?
    /// The result and report, relative to `suite.json`.
    public var result: String?
    public var report: String?
    /// `recommendation.stage` of the result: a stage, or `none`.
    public var verdict: String?
    public var confidence: Recommendation.Confidence?
    /// The verdict's one sentence.
    public var summary: String?
    public var advised: Figures?
    /// How long the workload's profile took, in seconds.
    public var wallSeconds: Double

    /// The row of `result`, whose files `writer` wrote.
    package init(result: ProfileResult, spec: String?, writtenBy writer: ReportWriter, wallSeconds: Double) {
        workload = result.workload
        self.spec = spec
        status = .profiled
        self.result = writer.jsonURL(for: result.workload).lastPathComponent
        report = writer.markdownURL(for: result.workload).lastPathComponent
        verdict = result.recommendation.stage
        confidence = result.recommendation.confidence
        summary = result.recommendation.summary
        if let stage = result.recommendation.advisedStage,
            let measured = result.stages.first(where: { $0.stage == stage }), let metrics = measured.metrics
        {
            advised = Figures(
                stage: stage,
                hitchTimeRatioMsPerS: metrics.hitchTimeRatioMsPerS,
                hangs: metrics.hangs,
                inputLatencyP99Ms: metrics.inputLatencyMs.p99,
                headroom: measured.headroom
            )
        }
        self.wallSeconds = wallSeconds
    }

    /// The row of a workload that could not be profiled.
    package init(failed workload: String, spec: String?, error: String, wallSeconds: Double) {
        self.workload = workload
        self.spec = spec
        status = .failed
        self.error = error
        self.wallSeconds = wallSeconds
    }
}

/// One stage judged against the frame budget from its runs, before any stage is compared with another.
///
/// JSON: `recommendation.judgments[i] = { "stage", "judgment", "overall", "runs", "runsMeeting", "metric", "reason" }`.
public struct StageJudgment: Codable, Sendable, Equatable {
    public enum Judgment: String, Codable, Sendable {
        /// No hang, and every budget metric below its threshold beyond the run-to-run noise.
        case meets
        /// A run hung, crashed or had a hang (an event, not noise), or a budget metric is above its threshold beyond
        /// the run-to-run noise.
        case fails
        /// Within the run-to-run noise of a threshold: the runs do not say which side of it the stage is on.
        case borderline
    }

    public var stage: Stage
    public var judgment: Judgment
    /// `meets` or `fails`: the stage judged on its figures over all its runs (hitch time pooled, latency histograms
    /// merged, hangs summed), as the stage table shows them. The same as ``judgment`` unless that is `borderline`,
    /// where it says which side of the budget the runs together fall on.
    public var overall: Judgment
    /// The runs that produced measurements.
    public var runs: Int
    /// How many of them met the budget.
    public var runsMeeting: Int
    /// For `borderline`: the budget metric within the noise of its threshold.
    public var metric: String?
    /// Why, in a phrase: "a hang ≥ 250 ms in 1 of 7 runs", "hung in repetition 2", "hitch-time ratio 0–5.56 ms/s in
    /// its runs (mean 1.85 ± 5.06), within the run-to-run noise of < 5".
    public var reason: String

    package init(
        stage: Stage,
        judgment: Judgment,
        overall: Judgment,
        runs: Int,
        runsMeeting: Int,
        metric: String? = nil,
        reason: String
    ) {
        self.stage = stage
        self.judgment = judgment
        self.overall = overall
        self.runs = runs
        self.runsMeeting = runsMeeting
        self.metric = metric
        self.reason = reason
    }
}

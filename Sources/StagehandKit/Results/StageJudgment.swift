/// One stage judged against the frame budget from its runs, before any stage is compared with another.
///
/// JSON: `recommendation.judgments[i] = { "stage", "judgment", "overall", "runs", "runsMeeting", "metric", "reason" }`.
public struct StageJudgment: Codable, Sendable, Equatable {
    public enum Judgment: String, Codable, Sendable {
        /// Every run met the budget: no hang, every budget metric below its threshold.
        case meets
        /// Every run missed it, or one hung, crashed or had a hang: a hang is an event, not noise.
        case fails
        /// Some runs met it and some did not: the stage sits within the run-to-run noise of the budget.
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
    /// For `borderline`: the budget metric whose runs fall on both sides of its threshold.
    public var metric: String?
    /// Why, in a phrase: "a hang in 1 of 7 runs", "hung in repetition 2", "hitch-time ratio 3.1–7.4 ms/s in its runs,
    /// against < 5".
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

/// The advisor's answer: which stage the workload needs, and the measured path that led there.
public struct Recommendation: Codable, Sendable, Equatable {
    /// A stage name (`main-only`, `async`, `offloaded`, `actor-extracted`), or `none` when no stage meets the budget.
    public var stage: String
    /// When `stage` is `none`: the best stage measured.
    public var bestStage: Stage?
    /// One sentence of why, with the deciding numbers.
    public var summary: String
    /// How sure the verdict is: decided, tentative or borderline.
    public var confidence: Confidence
    /// What to run to settle a verdict that is not decided.
    public var settle: String?
    /// The questions of the guide's tree, in the order they were asked.
    public var path: [DecisionNode]
    /// The guide's anti-patterns that the measurements show.
    public var antiPatterns: [AntiPattern]
    /// When no stage meets the budget: what is left to fix in the best stage.
    public var remainingWork: [String]
    /// Each measured stage judged against the budget from its runs, in journey order (absent in older results).
    public var judgments: [StageJudgment] = []
    /// The interactions at whose rate the verdict changes, and where (absent in older results).
    public var rates: [RateSensitivity] = []

    /// The recommended stage, or `nil` for `none`.
    public var recommendedStage: Stage? { Stage(rawValue: stage) }

    /// The stage the advice is about: the one recommended, or when none meets the budget the best one measured.
    public var advisedStage: Stage? { recommendedStage ?? bestStage }

    public enum Confidence: String, Codable, Sendable {
        /// Every stage the verdict rests on met or missed the budget beyond the run-to-run noise (or had a hang, hung
        /// or crashed), with at least 3 runs each: the chance of adopting a more concurrent stage on noise alone is
        /// held at 5% (docs/METRICS.md, "How a verdict is decided").
        case decided
        /// Too few runs, or a stage the decision needed was not measured, or the wall-time budget (`--max-time`) left
        /// out an exposure run: the stage the tree reaches is named, and more runs (or the stage) would settle it.
        case tentative
        /// A stage the verdict rests on is within the run-to-run noise of a budget limit (``StageJudgment/metric``
        /// says which): the walk followed its figures over all its runs, which side of the limit they fall on.
        case borderline
        /// Every stage measured crashed or hung: the workload failed by itself, and the verdict says nothing of the
        /// budget (`stage` is `none`; the summary names the failure).
        case failed

        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            // Results written before the three-way confidence said `inconclusive` for runs that disagreed.
            self = Confidence(rawValue: text) ?? (text == "inconclusive" ? .borderline : .tentative)
        }
    }

    enum CodingKeys: String, CodingKey {
        case stage, bestStage, summary, confidence, settle, path, antiPatterns, remainingWork, judgments, rates
    }

    init(
        stage: String,
        bestStage: Stage?,
        summary: String,
        confidence: Confidence,
        settle: String?,
        path: [DecisionNode],
        antiPatterns: [AntiPattern],
        remainingWork: [String],
        judgments: [StageJudgment] = [],
        rates: [RateSensitivity] = []
    ) {
        self.stage = stage
        self.bestStage = bestStage
        self.summary = summary
        self.confidence = confidence
        self.settle = settle
        self.path = path
        self.antiPatterns = antiPatterns
        self.remainingWork = remainingWork
        self.judgments = judgments
        self.rates = rates
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stage = try container.decode(String.self, forKey: .stage)
        bestStage = try container.decodeIfPresent(Stage.self, forKey: .bestStage)
        summary = try container.decode(String.self, forKey: .summary)
        confidence = try container.decode(Confidence.self, forKey: .confidence)
        settle = try container.decodeIfPresent(String.self, forKey: .settle)
        path = try container.decode([DecisionNode].self, forKey: .path)
        antiPatterns = try container.decode([AntiPattern].self, forKey: .antiPatterns)
        remainingWork = try container.decode([String].self, forKey: .remainingWork)
        judgments = try container.decodeIfPresent([StageJudgment].self, forKey: .judgments) ?? []
        rates = try container.decodeIfPresent([RateSensitivity].self, forKey: .rates) ?? []
    }
}

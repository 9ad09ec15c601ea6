/// The advisor's answer: which stage the workload needs, and the measured path that led there.
public struct Recommendation: Codable, Sendable, Equatable {
    /// A stage name (`main-only`, `async`, `offloaded`, `actor-extracted`), or `none` when no stage meets the budget.
    public var stage: String
    /// When `stage` is `none`: the best stage measured.
    public var bestStage: Stage?
    /// One sentence of why, with the deciding numbers.
    public var summary: String
    /// Whether repetitions agreed on the deciding answers.
    public var confidence: Confidence
    /// What to run to settle an inconclusive verdict.
    public var settle: String?
    /// The questions of the guide's tree, in the order they were asked.
    public var path: [DecisionNode]
    /// The guide's anti-patterns that the measurements show.
    public var antiPatterns: [AntiPattern]
    /// When no stage meets the budget: what is left to fix in the best stage.
    public var remainingWork: [String]

    /// The recommended stage, or `nil` for `none`.
    public var recommendedStage: Stage? { Stage(rawValue: stage) }

    public enum Confidence: String, Codable, Sendable {
        /// Every repetition, judged alone, answers every question on the path the same way.
        case decided
        /// Some repetition answers a question on the path differently: the verdict is within the noise.
        case inconclusive
    }
}

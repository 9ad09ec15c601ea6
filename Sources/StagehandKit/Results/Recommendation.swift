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

/// One question of the decision tree, answered with measurements.
public struct DecisionNode: Codable, Sendable, Equatable {
    /// 1…5, the question's number in the guide's tree.
    public var node: Int
    public var question: String
    /// The stage whose measurements answered it.
    public var measuredStage: Stage?
    public var evidence: [Evidence]
    /// `true` for yes.
    public var answer: Bool
    /// Whether every repetition, judged alone, gave the same answer.
    public var repetitionsAgree: Bool
    /// The stage a yes led to try, if any.
    public var tried: Stage?
    /// What happened, in a sentence.
    public var outcome: String
}

/// A measured value judged against a threshold.
public struct Evidence: Codable, Sendable, Equatable {
    public var metric: String
    public var value: Double
    public var unit: String
    /// `<`, `≥`, `=`.
    public var comparison: String
    public var threshold: Double
    /// Whether `value comparison threshold` holds.
    public var holds: Bool
    /// The values over the repetitions, when there were several.
    public var spread: ValueRange?
    /// `false` when the value comes from the spec because the stage produced no measurements.
    public var measured: Bool

}

/// One of the guide's anti-patterns (a lint), shown by the measurements.
public struct AntiPattern: Codable, Sendable, Equatable {
    /// A stable identifier, e.g. `concurrency-bought-nothing`.
    public var id: String
    public var title: String
    /// When the lint fires, e.g. "main-actor hop wait p99 ≥ 8.33 ms (half the frame budget)".
    public var threshold: String
    /// What was measured.
    public var evidence: String
    /// The guide's fix.
    public var fix: String

    public init(id: String, title: String, threshold: String, evidence: String, fix: String) {
        self.id = id
        self.title = title
        self.threshold = threshold
        self.evidence = evidence
        self.fix = fix
    }

    /// Reads lints written before `threshold` existed (schema 1), which lack it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        threshold = try container.decodeIfPresent(String.self, forKey: .threshold) ?? ""
        evidence = try container.decode(String.self, forKey: .evidence)
        fix = try container.decode(String.self, forKey: .fix)
    }
}

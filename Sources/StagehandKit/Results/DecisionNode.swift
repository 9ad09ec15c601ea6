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

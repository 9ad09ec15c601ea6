/// The guide's tree as a whole, with the branches a recommendation took: four questions, each with a branch to its
/// stage (question n adopts the n-th stage) and one on to the next question, the last one on to "none meets the
/// budget".
struct DecisionTreeOutline: Sendable, Equatable {
    enum Node: Hashable, Sendable {
        /// A question, by its number, 1…4.
        case question(Int)
        /// A stage the tree can adopt.
        case stage(Stage)
        /// No stage meets the budget.
        case none
    }

    /// One branch: from a question to its stage (`adopts`), or on to the next question or to ``Node/none``.
    struct Edge: Sendable, Equatable {
        var question: Int
        var to: Node
        var taken: Bool
        var adopts: Bool { if case .stage = to { true } else { false } }
        var from: Node { .question(question) }
    }

    /// Every branch in a fixed order, each question's branch to its stage before its branch onward.
    var edges: [Edge]
    /// The questions the path asked and the leaf it ended at.
    var taken: Set<Node>

    init(_ recommendation: Recommendation) {
        let adopted = recommendation.recommendedStage
        var taken: Set<Node> = [adopted.map(Node.stage) ?? .none]
        var adopting: [Int: Bool] = [:]
        for node in recommendation.path where node.node <= Stage.allCases.count {
            taken.insert(.question(node.node))
            // Question 1 adopts main-only on a yes; the others record the stage a yes led to try.
            let leaf = node.node == 1 ? (node.answer ? Stage.mainOnly : nil) : node.tried
            adopting[node.node] = leaf != nil && leaf == adopted
        }
        self.taken = taken
        edges = Stage.allCases.enumerated().flatMap { index, stage in
            let question = index + 1
            let onward: Node = question < Stage.allCases.count ? .question(question + 1) : .none
            return [
                Edge(question: question, to: .stage(stage), taken: adopting[question] == true),
                Edge(question: question, to: onward, taken: adopting[question] == false),
            ]
        }
    }
}

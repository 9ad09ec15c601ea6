extension Verdict {
    /// What the headroom search found for the verdict, when it ran: how far the recommended stage's costs can grow,
    /// and which stage, if any, holds further; or, when none meets the budget, at what costs each would.
    static func headroomSentence(recommended stage: Stage?, byStage: [Stage: StageResult]) -> String? {
        let searched = Stage.allCases.compactMap { stage in byStage[stage]?.headroom.map { (stage: stage, $0) } }
        guard !searched.isEmpty else { return nil }
        let precision = Headroom.searchPrecision
        guard let stage, let own = byStage[stage]?.headroom else {
            let met = searched.filter { !$0.1.metAt.isEmpty }
            guard !met.isEmpty else {
                return "Headroom: no stage met the budget even at the smallest step costs tried."
            }
            return "Headroom: no stage meets the budget at today's step costs; "
                + met.map { "\($0.stage.rawValue) does up to \($0.1.text)" }.joined(separator: ", ") + "."
        }
        guard own.multiplier >= 1 else {
            return "Headroom: the search's short runs of \(stage.rawValue) missed the budget already at today's step "
                + "costs (\(own.text)): it is at the edge."
        }
        let further = searched.filter { $0.stage != stage && $0.1.multiplier > own.multiplier * precision }
            .max { $0.1.multiplier < $1.1.multiplier }
        let lead =
            own.isLowerBound
            ? "Headroom: \(stage.rawValue) met the budget at every step cost tried, up to \(own.text) today's"
            : "Headroom: \(stage.rawValue) meets the budget up to \(own.text) today's step costs"
        guard !own.isLowerBound else { return lead + "." }
        return lead
            + (further.map { stage, headroom in
                headroom.isLowerBound
                    ? "; past that, \(stage.rawValue) met it at every cost tried, up to ×\(Headroom.format(headroom.multiplier))."
                    : "; past that, \(stage.rawValue) holds up to \(headroom.text)."
            } ?? "; past that, no stage does.")
    }
}

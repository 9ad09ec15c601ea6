/// The guide's tree as a Mermaid flowchart with the path this workload took drawn thick, then each question asked
/// with the measured evidence at it, and what is left to fix at the advised stage.
struct DecisionPathSection: ReportSection {
    let recommendation: Recommendation
    let outline: DecisionTreeOutline
    /// Whether there were runs enough to give a spread.
    let showsSpread: Bool

    init(result: ProfileResult) {
        recommendation = result.recommendation
        outline = DecisionTreeOutline(result.recommendation)
        showsSpread = result.environment.repetitions > 1
    }

    func rendered() -> [String] {
        var lines = ["## Decision path", ""] + mermaid() + [""]
        for node in recommendation.path {
            let answer = node.answer ? "yes" : "no"
            let agreement =
                node.repetitionsAgree
                ? "" : " ⚠️ the runs disagree on this answer, or a stage it read is within the run-to-run noise"
            lines.append("\(node.node). **\(node.question)** — \(answer)\(agreement)")
            for evidence in node.evidence {
                let mark = evidence.holds ? "✔" : "✘"
                var line = "   - \(evidence.metric): **\(evidence.value.reportFormatted)\(unit(evidence.unit))** "
                line += "(\(evidence.comparison) \(evidence.threshold.reportFormatted)\(unit(evidence.unit))) \(mark)"
                if let spread = evidence.spread, showsSpread {
                    line += "; runs \(spread.text)"
                }
                lines.append(line)
            }
            lines.append("   - → \(node.outcome)")
        }
        if !recommendation.remainingWork.isEmpty {
            lines.append("")
            lines.append("What is left to fix in `\(recommendation.bestStage?.rawValue ?? "")`:")
            lines.append("")
            for item in recommendation.remainingWork { lines.append("- \(item)") }
        }
        lines.append("")
        return lines
    }

    private func mermaid() -> [String] {
        let taken = Set(outline.taken.map(Self.id))
        func label(_ id: String, _ text: String) -> String { taken.contains(id) ? "✔ \(text)" : text }
        var lines = [
            "```mermaid",
            "flowchart TD",
            "    Q1{\"\(label("Q1", "1. Responsive with everything on main?"))\"}",
            "    Q2{\"\(label("Q2", "2. High-latency I/O blocking main?"))\"}",
            "    Q3{\"\(label("Q3", "3. CPU-intensive work on main?"))\"}",
            "    Q4{\"\(label("Q4", "4. Main-actor contention?"))\"}",
            "    S1([\"\(label("S1", "main-only"))\"])",
            "    S2([\"\(label("S2", "async"))\"])",
            "    S3([\"\(label("S3", "offloaded"))\"])",
            "    S4([\"\(label("S4", "actor-extracted"))\"])",
            "    N([\"\(label("N", "none meets the budget"))\"])",
        ]
        for edge in outline.edges {
            lines.append("    \(Self.id(edge.from)) -->|\"\(Self.label(edge))\"| \(Self.id(edge.to))")
        }
        // `linkStyle` names edges by their index in the order they were drawn.
        let takenEdges = outline.edges.indices.filter { outline.edges[$0].taken }
        lines.append("    classDef taken stroke-width:4px")
        lines.append("    class \(taken.sorted().joined(separator: ",")) taken")
        lines.append("    linkStyle \(takenEdges.map(String.init).joined(separator: ",")) stroke-width:4px")
        lines.append("```")
        return lines
    }

    /// A node's Mermaid id: `Q1`…`Q4`, `S1`…`S4`, `N`.
    private static func id(_ node: DecisionTreeOutline.Node) -> String {
        switch node {
        case .question(let number): "Q\(number)"
        case .stage(let stage): "S\(stage.number)"
        case .none: "N"
        }
    }

    /// "yes, and async is responsive": what each answer means, question 1's plainly.
    private static func label(_ edge: DecisionTreeOutline.Edge) -> String {
        let stage = Stage.allCases[edge.question - 1].rawValue
        return switch (edge.adopts, edge.question == 1) {
        case (true, true): "yes"
        case (false, true): "no"
        case (true, false): "yes, and \(stage) is responsive"
        case (false, false): "no, or \(stage) is not"
        }
    }

    private func unit(_ unit: String) -> String {
        unit.isEmpty ? "" : unit == "%" ? "%" : " \(unit)"
    }
}

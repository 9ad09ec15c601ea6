import TextTable

/// The stages side by side as a table for a terminal, with the verdict underneath.
package struct TerminalSummary: Sendable {
    package var result: ProfileResult
    /// Whether to use ANSI colour (only on a TTY).
    package var colour: Bool

    package init(result: ProfileResult, colour: Bool) {
        self.result = result
        self.colour = colour
    }

    /// One row of the table: the metric, then a cell per stage.
    private struct Row {
        var name: String
        var cells: [String]
    }

    package func render() -> String {
        let stages = result.stages
        let recommended = result.recommendation.recommendedStage
        let spreads = result.figureSpreads
        let rows: [Row] =
            [
                Row(name: "status", cells: stages.map(\.status.rawValue)),
                Row(
                    name: "runs (+exposure)",
                    cells: stages.map {
                        $0.runsCell(compact: true, durationSeconds: result.environment.durationSeconds)
                    }
                ),
            ]
            + Metric.terminal.map(Metric.of).map { metric in
                Row(
                    name: metric.shortLabel,
                    cells: stages.map { stage in
                        guard let metrics = stage.metrics else { return "–" }
                        let spread = spreads[stage.stage]?[metric.id].map { " " + $0 } ?? ""
                        return metric.plainCell(metrics) + spread
                    }
                )
            }
            + (stages.contains { $0.headroom != nil }
                ? [Row(name: "headroom (cost ×)", cells: stages.map { $0.headroom?.text ?? "–" })] : [])
        let headers = stages.map { $0.stage == recommended ? "\($0.stage.rawValue) ✔" : $0.stage.rawValue }
        let table = TextTable<Row> { row in
            [Column(title: "", value: row.name)]
                + headers.indices.map { Column(title: headers[$0], value: row.cells[$0], align: .right) }
        }
        // The simple style (no borders) keeps all four stages within 80 columns, where a boxed table wraps.
        var lines = (table.string(for: rows, style: Style.simple) ?? "").split(separator: "\n").map(String.init)
        if !lines.isEmpty { lines[0] = ANSI.bold.apply(lines[0], if: colour) }  // the header row
        lines.append("")
        let verdict = recommended.map { "Verdict: \($0.rawValue)" } ?? "Verdict: no stage meets the budget"
        let verdictColour: ANSI = recommended == nil ? .red : .green
        lines.append(
            ANSI.bold.apply(verdictColour.apply(verdict, if: colour), if: colour) + " — "
                + result.recommendation.summary
        )
        if let settle = result.recommendation.settle { lines.append(ANSI.yellow.apply(settle, if: colour)) }
        return lines.joined(separator: "\n")
    }
}

/// How far each stage's step costs can grow, when `--headroom` searched it: a table and a chart.
struct HeadroomSection: ReportSection {
    let workload: String
    /// The stages searched, with what the search found.
    let searched: [(stage: Stage, headroom: Headroom)]
    /// The steps whose cost cannot scale.
    let fixedCostSteps: [String]
    /// The longest run per multiplier, in seconds, when the result records it.
    let probeSeconds: Double?

    init(result: ProfileResult) {
        workload = result.workload
        searched = result.stages.compactMap { stage in stage.headroom.map { (stage.stage, $0) } }
        fixedCostSteps = result.spec.fixedCostSteps
        probeSeconds = searched.compactMap(\.headroom.probeSeconds).max()
    }

    func rendered() -> [String] {
        guard !searched.isEmpty else { return [] }
        var lines = [
            "## Headroom: how far the step costs can grow",
            "",
            "Each stage was run again with every step's cost multiplied (`ms` steps, `io` waits included, and kernel "
                + "sizes scaled to keep their work proportional; frame work unchanged), one "
                + (probeSeconds.map { "\($0.reportFormatted) s " } ?? "short ")
                + "run per multiplier, bracketing from ×1 and then bisecting to within 10%. A run meets the budget as "
                + "the decision tree judges a stage: responsive, and keeping up with its arrivals."
                + (fixedCostSteps.isEmpty
                    ? ""
                    : " Steps whose cost cannot scale stayed as they are: "
                        + fixedCostSteps.map { "`\($0)`" }.joined(separator: ", ") + "."),
            "",
            "| stage | meets the budget up to | met at | missed at |",
            "|---|--:|---|---|",
        ]
        func list(_ multipliers: [Double]) -> String {
            multipliers.isEmpty ? "–" : multipliers.map { "×\(Headroom.format($0))" }.joined(separator: ", ")
        }
        for (stage, headroom) in searched {
            lines.append(
                "| \(stage.rawValue) | **\(headroom.text)** | \(list(headroom.metAt)) | \(list(headroom.missedAt)) |"
            )
        }
        lines += [
            "",
            "![Each stage's headroom: the largest multiplier of today's step costs at which it met the budget]"
                + "(\(HeadroomChart.fileName(for: workload)))",
            "",
        ]
        return lines
    }
}

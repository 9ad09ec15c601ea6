extension SuiteComparison {
    /// The suite comparison as GitHub-flavoured Markdown: a row per workload with its outcome and its advised stage,
    /// the workloads added and removed, then each workload's comparison, folded.
    package func render() -> String {
        let outcomes = [Comparison.Outcome.regressed, .improved, .unchanged].map { outcome in
            (rows.filter { $0.outcome == outcome }.count, outcome.rawValue)
        }
        let counts = (outcomes + [(added.count, "added"), (removed.count, "removed")])
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        var lines = [
            "# Stagehand suite comparison: " + (counts.isEmpty ? "no workloads" : counts.joined(separator: ", ")),
            "",
            "> " + summary + ".",
            "",
            "| workload | outcome | advised stage |",
            "|---|---|---|",
        ]
        for row in rows {
            lines.append("| \(row.workload) | \(outcomeCell(row)) | \(verdictCell(row)) |")
        }
        if !added.isEmpty || !removed.isEmpty {
            lines.append("")
            if !added.isEmpty {
                lines.append("- Added (not in the base suite): " + added.map { "`\($0)`" }.joined(separator: ", "))
            }
            if !removed.isEmpty {
                lines.append("- Removed (not in this suite): " + removed.map { "`\($0)`" }.joined(separator: ", "))
            }
        }
        for row in rows {
            guard let comparison = row.comparison else { continue }
            lines += [
                "",
                "<details><summary>\(row.workload): \(row.outcome.rawValue)</summary>",
                "",
                comparison.renderBody(),
                "</details>",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The outcome in one sentence, with the threshold.
    private var summary: String {
        let threshold = "\(thresholdPercent.reportFormatted)%"
        let regressed = rows.filter { $0.outcome == .regressed }.map { "`\($0.workload)`" }
        let moves = rows.compactMap(\.verdictMove)
        let needMore = moves.filter { $0 == .moreConcurrency }.count
        let stopped = moves.filter { $0 == .stopsMeeting }.count
        var text =
            switch outcome {
            case .regressed: "**Regression** past \(threshold) in \(regressed.joined(separator: ", "))"
            case .improved: "**Improvement** past \(threshold), no regression"
            case .unchanged: "No change past \(threshold)"
            }
        if needMore > 0 {
            text += "; \(needMore) workload\(needMore == 1 ? " needs" : "s need") a more concurrent stage than before"
        }
        if stopped > 0 {
            text += "; in \(stopped) workload\(stopped == 1 ? "" : "s") no stage meets the budget any more"
        }
        return text
    }

    private func outcomeCell(_ row: Row) -> String {
        if let failedAfter = row.failedAfter {
            let error = failedAfter.markdownCell
            return row.failedBefore == nil
                ? "⛔ **regressed**: could not be profiled (\(error))" : "could not be profiled in either (\(error))"
        }
        if row.failedBefore != nil { return "✅ **improved**: profiled, where the base could not be" }
        guard let comparison = row.comparison else { return row.outcome.rawValue }
        switch row.outcome {
        case .regressed:
            let worst = comparison.rows.filter { $0.change == .regression }.prefix(2).map {
                "\($0.metric) \($0.percentText) in `\($0.stage.rawValue)`"
            }
            let stopped = comparison.statusChanges.filter { $0.before == .ok }.map {
                "`\($0.stage.rawValue)` \($0.after.rawValue)"
            }
            return "⛔ **regressed**: " + (stopped + worst).joined(separator: "; ")
        case .improved: return "✅ improved"
        case .unchanged: return "unchanged"
        }
    }

    private func verdictCell(_ row: Row) -> String {
        let name = { (verdict: String?) in verdict.map { $0 == "none" ? "none" : "`\($0)`" } ?? "—" }
        guard let move = row.verdictMove else { return name(row.verdictAfter ?? row.verdictBefore) }
        let flag =
            switch move {
            case .moreConcurrency: "⚠️ needs more concurrency"
            case .stopsMeeting: "⚠️ no stage meets the budget now"
            case .lessConcurrency: "✅ needs less concurrency"
            case .startsMeeting: "✅ a stage meets the budget now"
            }
        return "\(name(row.verdictBefore)) → \(name(row.verdictAfter)) \(flag)"
    }
}

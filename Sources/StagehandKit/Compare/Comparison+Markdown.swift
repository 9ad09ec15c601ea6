extension Comparison {
    /// The comparison as GitHub-flavoured Markdown.
    package func render() -> String {
        "# Stagehand compare: \(after.workload)\n\n" + renderBody()
    }

    /// The comparison without its heading, for a page that gives it one (a suite's comparison).
    package func renderBody() -> String {
        var lines: [String] = []
        let verdict =
            switch outcome {
            case .regressed: "**Regression** past \(thresholdPercent.reportFormatted)%"
            case .improved: "**Improvement** past \(thresholdPercent.reportFormatted)%, no regression"
            case .unchanged: "No change past \(thresholdPercent.reportFormatted)%"
            }
        lines.append(
            "> \(verdict). Recommendation: `\(before.recommendation.stage)` → `\(after.recommendation.stage)`."
        )
        let unsettled = rows.filter { $0.change == .withinNoise }.count
        if unsettled > 0 {
            lines.append(">")
            lines.append(
                "> \(unsettled) metric\(unsettled == 1 ? "" : "s") moved past \(thresholdPercent.reportFormatted)% "
                    + "but within the run-to-run noise, so \(unsettled == 1 ? "it is" : "they are") not counted. "
                    + "More repetitions or a longer `--duration` on both sides would settle "
                    + "\(unsettled == 1 ? "it" : "them")."
            )
        }
        lines.append("")
        for change in statusChanges {
            let mark = change.before == .ok ? "⛔" : "✅"
            lines.append("- \(mark) `\(change.stage.rawValue)`: \(change.before.rawValue) → \(change.after.rawValue)")
        }
        if !statusChanges.isEmpty { lines.append("") }
        lines.append("| stage | metric | before | after | change |")
        lines.append("|---|---|--:|--:|---|")
        for row in rows {
            let mark =
                switch row.change {
                case .regression: " ⛔ regression"
                case .improvement: " ✅ improvement"
                case .withinNoise:
                    " · within noise (runs \(ValueRange(row.beforeRuns)?.text ?? "–") → "
                        + "\(ValueRange(row.afterRuns)?.text ?? "–"))"
                case .unchanged: ""
                }
            lines.append(
                "| \(row.stage.rawValue) | \(row.metric) | \(row.before.reportFormatted) | \(row.after.reportFormatted) "
                    + "| \(row.before == row.after ? "=" : row.percentText)\(mark) |"
            )
        }
        lines.append("")
        lines.append(
            "A change counts when it is past \(thresholdPercent.reportFormatted)%, past the metric's own floor ("
                + Metric.compared.map(Metric.of).map { "\($0.name) \($0.floor.reportFormatted)" }
                .joined(separator: ", ")
                + "), and past the run-to-run noise: every repetition after beyond every repetition before, and a "
                + "shift larger than either side's own spread. Hangs are compared per run."
        )
        let traced = [("before", before), ("after", after)].filter { $0.1.environment.traceFile != nil }.map(\.0)
        if !traced.isEmpty {
            lines.append("")
            lines.append(
                "⚠️ The \(traced.joined(separator: " and ")) result was profiled with `--trace`: its memory figures "
                    + "and timings include the cost of recording the trace."
            )
        }
        if !countsAllocationsAlike {
            let method = { (result: ProfileResult) in
                result.environment.allocationCounting ?? "not recorded (a result written before 2026-11-25)"
            }
            lines.append("")
            lines.append(
                "⚠️ Allocations are not compared: the two results counted them differently (before: \(method(before)); "
                    + "after: \(method(after)))."
            )
        }
        // By what served each result's runs, as they recorded it; not said where either cannot tell.
        if let served = before.stages.servedAllocator, let serving = after.stages.servedAllocator, served != serving {
            lines.append("")
            lines.append(
                "⚠️ The two results ran on different allocators (before: \(served); after: \(serving)): timings and "
                    + "memory differ with the allocator as well as the code."
            )
        }
        if noiseUnchecked {
            lines.append("")
            lines.append(
                "⚠️ A stage here has a single repetition on one side, so its changes are not checked against noise; "
                    + "where its profile stopped it after one run (the verdict did not need more of it), they count as "
                    + "within the noise. Profile with `--repetitions 3` or more on both sides to compare every stage."
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Verdict {
    /// What to run to settle a verdict that is not final, or `nil` when it is.
    var settleAdvice: String? {
        var advice: [String] = []
        for stage in Stage.allCases where unsettled.contains(.borderline(stage)) {
            // A stage with too few runs to judge is settled by the runs it lacks, said below.
            let within =
                short.contains(stage)
                ? nil
                : byStage[stage].flatMap { result in
                    tree.budgetIntervals(of: result, workload: workload).first { $0.side == .within }
                }
            advice.append(
                "Borderline: \(stage.rawValue): \(judged[stage]?.reason ?? "within the run-to-run noise of the budget")"
                    + "." + (within.map { " " + $0.howToSettle(thresholds: tree.thresholds, workload: workload) } ?? "")
            )
        }
        for rate in rates where unsettled.contains(.rate(rate.interaction)) {
            advice.append(
                "Borderline: the verdict rests on the declared rate of `\(rate.interaction)`: \(rate.sentence), within "
                    + "\(RateSensitivity.borderlineFactor.reportFormatted)× of a rate where it changes. Check how often "
                    + "`\(rate.interaction)` comes, and profile at that rate."
            )
        }
        if let outOfTime, confidence != .decided {
            // The budget, not the design, left the runs short: the runs it cut are what settles the verdict.
            advice.append(outOfTime.settleSentence)
        } else if unsettled.contains(.tooFewRuns) {
            let stages = Stage.allCases.filter(short.contains).map { stage in
                let runs = byStage[stage]?.repetitions.count ?? 0
                return "\(stage.rawValue) had \(runs) run\(runs == 1 ? "" : "s")"
            }
            advice.append(
                "Tentative: \(stages.joined(separator: ", ")); a decided verdict needs at least "
                    + "\(tree.thresholds.minimumRuns) of each stage it reads (fewer only of one that fails beyond "
                    + "doubt): run without `--repetitions`, or with `--repetitions \(tree.thresholds.minimumRuns)` or "
                    + "more."
            )
        }
        if unsettled.contains(.skipped) {
            advice.append("A stage the decision needed was not measured: run without `--stages`.")
        }
        return advice.isEmpty ? nil : advice.joined(separator: " ")
    }
}

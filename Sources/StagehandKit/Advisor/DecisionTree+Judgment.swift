extension DecisionTree {
    // MARK: - Each stage against the budget, before any comparison

    /// `result`'s stage judged against the budget from its runs, or `nil` when it was not measured (skipped).
    ///
    /// The stage's figures over all its runs (hitch time pooled, latency histograms merged, hangs summed: the stage
    /// table's) meet the budget when there is no hang and every budget metric (``Metric/budget``) is below its limit:
    /// that is ``StageJudgment/overall``, which the walk follows. The judgment adds how its runs agree: the stage
    /// *fails* when any run hung, crashed or had a hang (an event, not noise), or when it and every run missed; it
    /// *meets* when it and every run met; otherwise it is *borderline*, within the run-to-run noise of the budget. A
    /// stage is judged by its own runs alone, so a later stage is never held back by how much it overlaps an earlier
    /// one: the two are compared only where both meet or both fail.
    func judgment(of result: StageResult) -> StageJudgment? {
        let stage = result.stage
        let runs = result.repetitions.compactMap(\.metrics)
        if let failed = result.repetitions.first(where: { $0.status == .hung || $0.status == .crashed }) {
            return StageJudgment(
                stage: stage,
                judgment: .fails,
                overall: .fails,
                runs: runs.count,
                runsMeeting: 0,
                reason: "\(failed.status.rawValue) in repetition \(failed.repetition)"
            )
        }
        guard !runs.isEmpty else { return nil }
        let meeting = runs.filter { run in budgetEvidence(run, of: stage).allSatisfy(\.holds) }.count
        let withHangs = runs.filter { $0.hangs > 0 }.count
        if withHangs > 0 {
            return StageJudgment(
                stage: stage,
                judgment: .fails,
                overall: .fails,
                runs: runs.count,
                runsMeeting: meeting,
                reason: "a hang ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms in \(withHangs) of \(runs.count) "
                    + "run\(runs.count == 1 ? "" : "s")"
            )
        }
        let metrics = Metric.budget.map(Metric.of)
        let ranges = metrics.map { metric in ValueRange(runs.map(metric.value)) }
        func phrase(_ index: Int) -> String {
            let metric = metrics[index]
            let values = ranges[index].map { $0.min == $0.max ? $0.min.reportFormatted : $0.text } ?? "–"
            return "\(metric.name) \(values)\(metric.unit.symbol.isEmpty ? "" : " \(metric.unit.symbol)") in its "
                + "runs, against < \(budgetLimit(metric.id).reportFormatted)"
        }
        let overall: StageJudgment.Judgment = responsiveness(of: result).responsive ? .meets : .fails
        if meeting == runs.count, overall == .meets {
            return StageJudgment(
                stage: stage,
                judgment: .meets,
                overall: .meets,
                runs: runs.count,
                runsMeeting: meeting,
                reason: "met the budget in \(runs.count == 1 ? "its one run" : "all \(runs.count) runs")"
            )
        }
        // The metric whose runs fall on both sides of its limit, or, when every run missed, the one they missed on.
        let straddling = metrics.indices.first { index in
            guard let range = ranges[index] else { return false }
            let limit = budgetLimit(metrics[index].id)
            return range.min < limit && range.max >= limit
        }
        let missed = metrics.indices.first { index in (ranges[index]?.min ?? 0) >= budgetLimit(metrics[index].id) }
        if meeting == 0, overall == .fails {
            return StageJudgment(
                stage: stage,
                judgment: .fails,
                overall: .fails,
                runs: runs.count,
                runsMeeting: 0,
                reason: missed.map(phrase) ?? "missed the budget in every run, on one metric or another"
            )
        }
        return StageJudgment(
            stage: stage,
            judgment: .borderline,
            overall: overall,
            runs: runs.count,
            runsMeeting: meeting,
            metric: straddling.map { metrics[$0].name },
            reason:
                "met the budget in \(meeting) of \(runs.count) runs, and \(overall == .meets ? "meets" : "misses") it "
                + "over all of them" + (straddling.map { " (" + phrase($0) + ")" } ?? "")
        )
    }
}

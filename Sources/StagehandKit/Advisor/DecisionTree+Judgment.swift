extension DecisionTree {
    // MARK: - Each stage against the budget, before any comparison

    /// `result`'s stage judged against the budget from its runs, or `nil` when it was not measured (skipped).
    ///
    /// A stage *fails* when any run hung, crashed or had a hang (an event, not noise), or when its runs put a budget
    /// metric above its limit beyond the run-to-run noise (``BudgetInterval``); it *meets* when no run had a hang and
    /// its runs put every modelled budget metric below its limit beyond the noise; otherwise it is *borderline*, within
    /// the noise of a limit, and ``StageJudgment/overall`` says on which side its figures over all its runs (the
    /// stage table's: hitch time pooled, latency histograms merged) fall. The walk follows `overall`. A stage is
    /// judged by its own runs alone, so a later stage is never held back by how much it overlaps an earlier one: the
    /// two are compared only where both meet or both fail.
    func judgment(of result: StageResult, workload: Workload) -> StageJudgment? {
        let stage = result.stage
        let runs = result.repetitions.compactMap(\.metrics)
        let meeting = runs.filter { run in budgetEvidence(run, of: stage).allSatisfy(\.holds) }.count
        func judged(_ judgment: StageJudgment.Judgment, _ reason: String, metric: String? = nil) -> StageJudgment {
            StageJudgment(
                stage: stage,
                judgment: judgment,
                overall: judgment == .borderline
                    ? (responsiveness(of: result).responsive ? .meets : .fails) : judgment,
                runs: runs.count,
                runsMeeting: meeting,
                metric: metric,
                reason: reason
            )
        }
        if let failed = result.repetitions.first(where: { $0.status == .hung || $0.status == .crashed }) {
            return judged(.fails, "\(failed.status.rawValue) in repetition \(failed.repetition)")
        }
        guard !runs.isEmpty else { return nil }
        let withHangs = runs.filter { $0.hangs > 0 }.count
        if withHangs > 0 {
            return judged(
                .fails,
                "a hang ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms in \(withHangs) of \(runs.count) "
                    + "run\(runs.count == 1 ? "" : "s")"
            )
        }
        let intervals = budgetIntervals(of: runs, workload: workload)
        if let above = intervals.first(where: { $0.side == .above }) {
            return judged(.fails, phrase(above) + ", above < \(above.limit.reportFormatted) beyond the run-to-run noise")
        }
        if intervals.allSatisfy({ $0.side == .below }) {
            let all = runs.count == 1 ? "its one run" : "all \(runs.count) runs"
            return judged(
                .meets,
                meeting == runs.count
                    ? "met the budget in \(all)"
                    : "met the budget in \(meeting) of \(runs.count) runs, and is below it beyond the run-to-run noise "
                        + "over them all"
            )
        }
        let within = intervals.first { $0.side == .within }!
        return judged(
            .borderline,
            phrase(within) + ", within the run-to-run noise of < \(within.limit.reportFormatted)",
            metric: Metric.of(within.metric).name
        )
    }

    /// Each noise-modelled budget metric (``NoiseModel/metrics``) of `runs` against its limit, at the level the
    /// error control gives each test.
    func budgetIntervals(of runs: [StageMetrics], workload: Workload) -> [BudgetInterval] {
        guard !runs.isEmpty else { return [] }
        let seconds = runs.map(\.arrivalSeconds).reduce(0, +) / Double(runs.count)
        return NoiseModel.metrics.map { id in
            BudgetInterval(
                metric: id,
                values: runs.map(Metric.of(id).value),
                limit: budgetLimit(id),
                level: thresholds.perTestLevel
            ) { mean in
                thresholds.noise.standardDeviation(
                    of: id,
                    atMean: mean,
                    budgetMs: workload.frameBudgetMs,
                    seconds: seconds > 0 ? seconds : workload.durationSeconds
                )
            }
        }
    }

    /// "hitch-time ratio 0–5.56 ms/s in its runs (mean 1.85 ± 4.77)".
    private func phrase(_ interval: BudgetInterval) -> String {
        let metric = Metric.of(interval.metric)
        let range = ValueRange(interval.values).map { $0.min == $0.max ? $0.min.reportFormatted : $0.text } ?? "–"
        let unit = metric.unit.symbol.isEmpty ? "" : " \(metric.unit.symbol)"
        return "\(metric.name) \(range)\(unit) in its runs (mean \(interval.mean.reportFormatted) ± "
            + "\(interval.halfWidth.reportFormatted))"
    }
}

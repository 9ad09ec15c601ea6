extension Verdict {
    /// What is left to fix in `stage`, the best measured when none meets the budget: its hang, its steps on main
    /// longer than a frame, and how busy main is.
    func remainingWork(in stage: Stage) -> [String] {
        let budget = workload.frameBudgetMs
        guard let result = byStage[stage], let metrics = result.metrics else { return [] }
        var work: [String] = []
        if let waited = tree.coreWaitHangPhrase(result) {
            work.append("In \(stage.rawValue), " + waited + ".")
        } else if let hang = DecisionTree.longestHang(in: result) {
            work.append("In \(stage.rawValue), " + tree.hangPhrase(hang, workload: workload) + ".")
        } else if let cold = DecisionTree.firstArrivalHang(in: result) {
            work.append("In \(stage.rawValue), " + tree.firstArrivalHangPhrase(cold) + ".")
        }
        for timing in result.stepTimings where timing.runsOnMain > 0 && timing.meanMs > budget {
            let interaction = workload.interactions[timing.key.interaction]
            let step = interaction.steps[timing.key.step]
            let fix =
                step.kind == .ui
                ? "no stage can move view updates off main: make it cheaper or split it across frames"
                : "it still runs on main in \(stage.rawValue)"
            work.append(
                "`\(step.kind.rawValue): \(step.label)` in `\(interaction.name)` takes "
                    + "\(timing.meanMs.reportFormatted) ms on main, longer than the \(budget.reportFormatted) ms frame "
                    + "budget; \(fix)."
            )
        }
        let busy = metrics.mainThreadUtilization * 100
        work.append(
            "Main is busy \(busy.reportFormatted)% of the time in \(stage.rawValue) "
                + "(hitch-time ratio \(metrics.hitchTimeRatioMsPerS.reportFormatted) ms/s, "
                + "\(metrics.hangs) hang\(metrics.hangs == 1 ? "" : "s"))."
        )
        return work
    }
}

extension DecisionTree {
    /// The guide's anti-patterns that the measurements show.
    func antiPatterns(recommended: Stage?, workload: Workload, byStage: [Stage: StageResult]) -> [AntiPattern] {
        var found: [AntiPattern] = []
        if let recommended, let base = byStage[recommended]?.metrics {
            for later in Stage.allCases where later > recommended {
                guard let metrics = byStage[later]?.metrics else { continue }
                var costs: [String] = []
                let extraAllocations = metrics.allocationsPerInteraction - base.allocationsPerInteraction
                if extraAllocations > base.allocationsPerInteraction * thresholds.allocationIncrease + 1 {
                    costs.append("\(extraAllocations.reportFormatted) more allocations per interaction")
                }
                let extraHops = metrics.mainActorHopsPerInteraction - base.mainActorHopsPerInteraction
                if extraHops >= 1 {
                    costs.append(
                        "\(extraHops.reportFormatted) more main-actor hop\(extraHops == 1 ? "" : "s") per interaction"
                    )
                }
                if metrics.throughputPerS < base.throughputPerS * (1 - thresholds.throughputDecrease) {
                    costs.append(
                        "throughput \(metrics.throughputPerS.reportFormatted)/s instead of \(base.throughputPerS.reportFormatted)/s"
                    )
                }
                guard !costs.isEmpty else { continue }
                found.append(
                    AntiPattern(
                        id: "concurrency-bought-nothing",
                        title: "Concurrency that bought nothing (\(later.rawValue))",
                        evidence: "\(later.rawValue) costs \(costs.joined(separator: ", ")) compared with "
                            + "\(recommended.rawValue), which already meets the budget.",
                        fix: "Don't adopt \(later.rawValue) for this workload: the guide adds concurrency only where "
                            + "measurement proves it pays."
                    )
                )
            }
        }
        let budget = workload.frameBudgetMs
        for timing in measuredStepTimings(byStage) {
            let interaction = workload.interactions[timing.key.interaction]
            let step = interaction.steps[timing.key.step]
            guard step.kind == .ui, timing.meanMs > budget else { continue }
            found.append(
                AntiPattern(
                    id: "ui-work-exceeds-budget",
                    title: "UI work exceeds the frame budget",
                    evidence: "`ui: \(step.label)` in `\(interaction.name)` takes \(timing.meanMs.reportFormatted) ms "
                        + "on main; the frame budget is \(budget.reportFormatted) ms.",
                    fix: "No stage can fix this: view updates must run on the main actor. Make the update cheaper, "
                        + "or split it across frames."
                )
            )
        }
        return found
    }
}

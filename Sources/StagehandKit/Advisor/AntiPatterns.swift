extension DecisionTree {
    /// The guide's anti-patterns that the measurements show, each a named lint with its threshold and evidence.
    func antiPatterns(recommended: Stage?, workload: Workload, byStage: [Stage: StageResult]) -> [AntiPattern] {
        let measured = Stage.allCases.compactMap { stage in byStage[stage]?.metrics.map { (stage, $0) } }
        return concurrencyBoughtNothing(recommended: recommended, byStage: byStage)
            + mainActorContention(measured, budget: workload.frameBudgetMs)
            + hopStorm(measured)
            + poolSaturation(measured, budget: workload.frameBudgetMs)
            + uiWorkExceedsBudget(workload: workload, byStage: byStage)
    }

    /// An earlier stage already meets the budget, and a later one costs more allocations, hops or throughput.
    private func concurrencyBoughtNothing(recommended: Stage?, byStage: [Stage: StageResult]) -> [AntiPattern] {
        guard let recommended, let base = byStage[recommended]?.metrics else { return [] }
        var found: [AntiPattern] = []
        for later in Stage.allCases where later > recommended {
            guard let metrics = byStage[later]?.metrics else { continue }
            var costs: [String] = []
            let extraAllocations = metrics.allocationsPerInteraction - base.allocationsPerInteraction
            let allocationsCounted = metrics.allocationsCounted && base.allocationsCounted  // else not evidence
            if allocationsCounted, extraAllocations > base.allocationsPerInteraction * thresholds.allocationIncrease + 1
            {
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
                    "throughput \(metrics.throughputPerS.reportFormatted)/s instead of "
                        + "\(base.throughputPerS.reportFormatted)/s"
                )
            }
            guard !costs.isEmpty else { continue }
            found.append(
                AntiPattern(
                    id: "concurrency-bought-nothing",
                    title: "Concurrency that bought nothing (\(later.rawValue))",
                    threshold:
                        "a stage after the recommended one costs > \((thresholds.allocationIncrease * 100).reportFormatted)% "
                        + "+ 1 allocations, ≥ 1 main-actor hop, or > \((thresholds.throughputDecrease * 100).reportFormatted)% "
                        + "throughput per interaction",
                    evidence: "\(later.rawValue) costs \(costs.joined(separator: ", ")) compared with "
                        + "\(recommended.rawValue), which already meets the budget.",
                    fix: "Don't adopt \(later.rawValue) for this workload: the guide adds concurrency only where "
                        + "measurement proves it pays."
                )
            )
        }
        return found
    }

    /// Hops onto the main actor wait long: main is crowded with other work.
    private func mainActorContention(_ measured: [(Stage, StageMetrics)], budget: Double) -> [AntiPattern] {
        let limit = thresholds.contendedHopWaitMs(budgetMs: budget)
        let firing = measured.filter { $0.1.hopWaitMs.count > 0 && $0.1.hopWaitMs.p99 >= limit }
        guard !firing.isEmpty else { return [] }
        return [
            AntiPattern(
                id: "main-actor-contention",
                title: "Main-actor contention",
                threshold: "main-actor hop wait p99 ≥ \(limit.reportFormatted) ms "
                    + "(\((thresholds.hopWaitFractionOfBudget * 100).reportFormatted)% of the frame budget)",
                evidence: firing.map { stage, metrics in
                    "\(stage.rawValue): hop wait p99 \(metrics.hopWaitMs.p99.reportFormatted) ms, "
                        + "\(metrics.mainActorHopsPerInteraction.reportFormatted) hops per interaction, "
                        + "`state` steps \((metrics.mainThreadBusyMsPerS[StepKind.state.rawValue] ?? 0).reportFormatted) ms/s on main"
                }.joined(separator: "; ") + ".",
                fix: "Move shared mutable state that many tasks touch off the main actor into its own `actor`, and "
                    + "keep only view updates on main (the guide's Step 4)."
            )
        ]
    }

    /// Many small jobs on main every frame: each hop is cheap, but together they crowd the frame.
    private func hopStorm(_ measured: [(Stage, StageMetrics)]) -> [AntiPattern] {
        let limit = thresholds.hopStormEntriesPerFrame
        let firing = measured.filter { $0.1.mainActorEntriesPerFrame > limit }
        guard !firing.isEmpty else { return [] }
        return [
            AntiPattern(
                id: "hop-storm",
                title: "Hop storm",
                threshold: "more than \(limit.reportFormatted) main-actor entries per frame",
                evidence: firing.map { stage, metrics in
                    "\(stage.rawValue): \(metrics.mainActorEntriesPerFrame.reportFormatted) entries per frame"
                }.joined(separator: "; ") + ".",
                fix: "Batch the updates: do the off-main work in one `@concurrent` call and hop to the main actor once "
                    + "with the result, instead of once per item."
            )
        ]
    }

    /// The cooperative pool is busy near its width while work waits to start on it.
    private func poolSaturation(_ measured: [(Stage, StageMetrics)], budget: Double) -> [AntiPattern] {
        let wait = thresholds.contendedHopWaitMs(budgetMs: budget)
        let firing = measured.filter { thresholds.poolIsSaturated($0.1, budgetMs: budget) }
        guard !firing.isEmpty else { return [] }
        return [
            AntiPattern(
                id: "pool-saturation",
                title: "Cooperative pool saturation",
                threshold: "pool ≥ \((thresholds.poolSaturation * 100).reportFormatted)% busy and "
                    + "`@concurrent` start wait p99 ≥ \(wait.reportFormatted) ms",
                evidence: firing.map { stage, metrics in
                    "\(stage.rawValue): pool \((metrics.poolUtilization * 100).reportFormatted)% busy, start wait p99 "
                        + "\(metrics.poolHopWaitMs.p99.reportFormatted) ms"
                }.joined(separator: "; ") + ".",
                fix: "The pool has one thread per core (\(RunRecorder.poolWidth) here): more offloading cannot go "
                    + "faster. Do less work, cancel work that is no longer needed, or never block a pool thread."
            )
        ]
    }

    /// A single view update longer than a frame: no stage can move it off main.
    private func uiWorkExceedsBudget(workload: Workload, byStage: [Stage: StageResult]) -> [AntiPattern] {
        let budget = workload.frameBudgetMs
        return measuredStepTimings(byStage).compactMap { timing in
            let interaction = workload.interactions[timing.key.interaction]
            let step = interaction.steps[timing.key.step]
            guard step.kind == .ui, timing.meanMs > budget else { return nil }
            return AntiPattern(
                id: "ui-work-exceeds-budget",
                title: "UI work exceeds the frame budget",
                threshold: "a `ui` step longer than the \(budget.reportFormatted) ms frame budget",
                evidence: "`ui: \(step.label)` in `\(interaction.name)` takes \(timing.meanMs.reportFormatted) ms "
                    + "on main; the frame budget is \(budget.reportFormatted) ms.",
                fix: "No stage can fix this: view updates must run on the main actor. Make the update cheaper, "
                    + "or split it across frames."
            )
        }
    }
}

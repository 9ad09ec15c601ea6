extension DecisionTree {
    // MARK: - The rates a verdict rests on

    /// For each interaction of `workload`, the rates at which the verdict would change (``RateSensitivity``), for
    /// those at whose rate it does.
    ///
    /// A stage's hitch-time ratio H, with the interaction's share s of it (its hitch time per arrival ĥ × the rate
    /// its arrivals came at), reads H + (x − 1)·s at x times its declared rate r, so it reaches the limit T at
    /// r·(1 + (T − H)/s). The advised stage meets the budget up to that rate; a stage before it that missed the budget
    /// on hitch time alone meets it below. Of those, the one whose rate is highest (the first to meet as the rate
    /// falls) is named: main-only, whose meeting the budget ends the walk, or a stage the walk tried, whose meeting it
    /// adopts (when the advice is off the path, a simpler stage off it too; any measured stage when none is
    /// recommended).
    func rateSensitivities(
        recommended: Stage?,
        path: [DecisionNode],
        workload: Workload,
        byStage: [Stage: StageResult],
        judged: [Stage: StageJudgment]
    ) -> [RateSensitivity] {
        let limit = budgetLimit(.hitchTimeRatio)
        let tried = Set(path.compactMap(\.tried)).union([.mainOnly])
        // On the path, a stage tried before the advice is adopted at its question; off it (question 5), any stage the
        // path tried is adopted first, and a simpler one off the path too.
        let onPath = recommended.map { tried.contains($0) } ?? false
        // Of those, the ones a lower rate could make meet: they missed the budget on hitch time alone.
        let earlier = Stage.allCases.filter { stage in
            if let recommended {
                guard
                    stage != recommended,
                    onPath ? stage < recommended && tried.contains(stage) : tried.contains(stage) || stage < recommended
                else { return false }
            }
            guard judged[stage]?.overall != .meets, let result = byStage[stage] else { return false }
            return missesOnHitchTimeAlone(result, workload: workload)
        }
        let advised = recommended ?? bestStage(byStage)
        return workload.interactions.indices.compactMap { index in
            let declared = workload.interactions[index].ratePerSecond
            /// The rate at which `stage`'s hitch-time ratio reaches the limit, when its steps had hitch time there.
            func crossing(_ stage: Stage) -> Double? {
                guard let result = byStage[stage], let metrics = result.metrics,
                    let share = Self.hitchShare(of: index, in: result), share > 0
                else { return nil }
                return declared * (1 + (limit - metrics.hitchTimeRatioMsPerS) / share)
            }
            let upTo = recommended.flatMap(crossing)
            let below = earlier.compactMap { stage -> (stage: Stage, rate: Double)? in
                guard let rate = crossing(stage), rate > 0, rate < declared else { return nil }
                return (stage, rate)
            }
            .max { $0.rate < $1.rate || ($0.rate == $1.rate && $0.stage > $1.stage) }
            guard upTo != nil || below != nil else { return nil }
            return RateSensitivity(
                interaction: workload.interactions[index].name,
                declaredPerS: declared,
                advisedStage: advised,
                advisedMeetsUpToPerS: upTo,
                stageBelow: below?.stage,
                meetsBelowPerS: below?.rate
            )
        }
    }

    /// The interaction at `index`'s share of `result`'s hitch-time ratio, in ms/s: its hitch time per arrival × the
    /// rate the stage's figure carries it at, its declared rate when rare (estimated), or the rate its arrivals came
    /// at in the runs. `nil` for results recorded without interaction exposure.
    static func hitchShare(of index: Int, in result: StageResult) -> Double? {
        guard let interactions = result.interactions, interactions.indices.contains(index) else { return nil }
        let one = interactions[index]
        let rate =
            one.estimated || one.expectedArrivals <= 0
            ? one.ratePerS : one.ratePerS * Double(one.arrivals) / one.expectedArrivals
        return one.hitchMsPerArrival * rate
    }

    /// Whether `result`'s stage missed the budget on its hitch-time ratio alone, so that a lower rate of what caused
    /// it could make it meet: it ran to the end, had no hang and left no arrival unfinished, and its other budget
    /// metrics are below their limits beyond the noise.
    func missesOnHitchTimeAlone(_ result: StageResult, workload: Workload) -> Bool {
        guard result.status == .ok, Self.longestHang(in: result) == nil, result.allHangs == 0,
            !(result.interactions ?? []).contains(where: { $0.unfinished > 0 })
        else { return false }
        return budgetIntervals(of: result, workload: workload)
            .allSatisfy { $0.metric == .hitchTimeRatio || $0.side == .below }
    }
}

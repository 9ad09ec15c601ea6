extension Verdict {
    /// The verdict's sentences: the stage to adopt with its figures and what it moves away from, and why a simpler
    /// stage that also met the budget is not the advice; or, when none meets it, the best measured and its hang; or
    /// that the workload failed by itself.
    var summary: String {
        // The device the verdict holds for: the refresh rate, and the cores the stage runs saw (when they said).
        let cores = StageResult.coresSeen(in: byStage.values)
        let budget =
            "\(workload.frameBudgetMs.reportFormatted) ms frame budget at \(workload.refreshHz.reportFormatted) Hz"
            + (cores.map { " on \($0) core\($0 == 1 ? "" : "s")" } ?? "")
        if let stage, let metrics = byStage[stage]?.metrics {
            let earlier = Stage.allCases.filter { $0 < stage }.compactMap { byStage[$0] }
            // The stage before it that missed: what the advice moves away from.
            let previous = earlier.last { judged[$0.stage]?.overall != .meets } ?? earlier.last
            let contrast =
                previous.map { previous -> String in
                    guard let m = previous.metrics, previous.status == .ok else {
                        return
                            "; \(previous.stage.rawValue) \(judged[previous.stage]?.reason ?? previous.status.rawValue)"
                    }
                    let cause = m.hitchCauses.first.map { " (\($0.percent)% `\($0.cause)`)" }
                    return "; \(previous.stage.rawValue) had \(m.hitchTimeRatioMsPerS.reportFormatted) ms/s"
                        + (cause ?? "") + (m.hangs > 0 ? " and \(m.hangs) hang\(m.hangs == 1 ? "" : "s")" : "")
                } ?? ""
            let figures =
                "(hitch-time ratio \(metrics.hitchTimeRatioMsPerS.reportFormatted) ms/s, input latency p99 "
                + "\(metrics.inputLatencyMs.p99.reportFormatted) ms\(contrast))"
            let onPath = path.contains { $0.tried == stage } || stage == .mainOnly
            let simpler = Stage.allCases.filter { $0 < stage && judged[$0]?.overall == .meets }
            let lead: String
            if stage == .mainOnly {
                lead = "Stay main-only: everything on main already meets the \(budget)"
            } else if !onPath {
                lead =
                    "Adopt \(stage.rawValue): it is the simplest stage that meets the \(budget), though "
                    + "the tree's questions did not lead to it"
            } else if simpler.isEmpty {
                lead = "Adopt \(stage.rawValue): it is the simplest stage that meets the \(budget)"
            } else {
                lead = "Adopt \(stage.rawValue): the tree's path leads here, and it meets the \(budget)"
            }
            return lead + " \(figures)."
                + simpler.map { whyNot($0, recommended: stage) }.joined()
        }
        let failed = Stage.allCases.compactMap { stage in
            byStage[stage].flatMap { $0.status == .hung || $0.status == .crashed ? judged[stage] : nil }
        }
        if confidence == .failed {
            let runs: [RepetitionResult] = Stage.allCases.compactMap { byStage[$0] }.flatMap { result in
                result.repetitions + (result.exposureRuns ?? [])
            }
            let first = runs.first { $0.status == .crashed || $0.status == .hung }
            var why = ""
            if let failure = first?.failure {
                why = " The first: " + String(failure.prefix(240)) + (failure.count > 240 ? "…" : "")
            }
            let stages: [String] = failed.map { "\($0.stage.rawValue): \($0.reason)" }
            return "The workload failed by itself, not the budget: every stage measured hung or crashed ("
                + stages.joined(separator: "; ") + "), so no stage can be recommended. Fix what stops it first." + why
        }
        if let best, let result = byStage[best], let metrics = result.metrics {
            let hangs = result.allHangs
            let measured = byStage.values.filter { $0.status == .ok }
            // Its hang: of an arrival of the runs, or else of a first arrival in a fresh process; or, where a wait for
            // a core made every one, that (then a hang in every stage is not the workload's).
            func hangPhrase(of result: StageResult) -> String? {
                DecisionTree.longestHang(in: result).map { tree.hangPhrase($0, workload: workload) }
                    ?? DecisionTree.firstArrivalHang(in: result).map(tree.firstArrivalHangPhrase)
            }
            let everywhere = measured.allSatisfy { hangPhrase(of: $0) != nil && tree.coreWaitHangPhrase($0) == nil }
            let hang =
                (tree.coreWaitHangPhrase(result) ?? hangPhrase(of: result)).map {
                    " \(everywhere ? "In every stage" : "In \(best.rawValue)"), " + $0 + "."
                } ?? ""
            return "No stage meets the \(budget); the best measured is \(best.rawValue) "
                + "(hitch-time ratio \(metrics.hitchTimeRatioMsPerS.reportFormatted) ms/s, "
                + "\(hangs) hang\(hangs == 1 ? "" : "s"))." + hang
        }
        guard failed.isEmpty else {
            return "No stage can be recommended: every stage measured hung or crashed in at least one run ("
                + failed.map { "\($0.stage.rawValue): \($0.reason)" }.joined(separator: "; ")
                + "). Fix what stops it first: the failures are in the stage table."
        }
        return "No stage produced measurements, so no stage can be recommended."
    }

    /// A sentence saying why `simpler`, which also met the budget, is not the advice: the tree did not
    /// try it, and what it leaves on main that made the stage before it miss.
    private func whyNot(_ simpler: Stage, recommended: Stage) -> String {
        let question = path.first { node in
            DecisionTree.questions.contains { $0.node == node.node && $0.stage == simpler }
        }
        let notTried =
            question.map { node in
                "the tree did not try it (question \(node.node) answered no from \(node.measuredStage?.rawValue ?? "–"))"
            } ?? "the tree did not try it"
        // What made the last stage before `simpler` miss, and whether `simpler` still runs that work on main.
        let before = Stage.allCases.filter { $0 < simpler }.compactMap {
            byStage[$0]?.metrics.map { ($0, $0.hitchCauses) }
        }
        let cause = before.last?.1.first
        let kept =
            cause.flatMap { cause -> String? in
                guard let step = causes.step(labelled: cause.cause),
                    let kind = workload.step(at: step)?.kind,
                    simpler.runsOnMain(kind), !recommended.runsOnMain(kind)
                else { return nil }
                return ", and it still runs `\(cause.cause)` on main, which \(recommended.rawValue) moves off"
            } ?? ""
        return " \(simpler.rawValue) also met the budget, but \(notTried)\(kept)."
    }
}

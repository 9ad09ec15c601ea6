import Foundation

extension DecisionTree {
    // MARK: - Verdict

    /// The recommendation at the end of the walk: `stage`, or `none` with the best stage and what is left; `unsettled`
    /// is the walk's, and the rates the verdict rests on are added to it.
    func verdict(
        _ stage: Stage?,
        path: [DecisionNode],
        unsettled: Set<Unsettled>,
        workload: Workload,
        byStage: [Stage: StageResult],
        judged: [Stage: StageJudgment]
    ) -> Recommendation {
        let best = stage == nil ? bestStage(byStage) : nil
        var unsettled = unsettled
        let rates = rateSensitivities(
            recommended: stage,
            path: path,
            workload: workload,
            byStage: byStage,
            judged: judged
        )
        for rate in rates where rate.withinFactor { unsettled.insert(.rate(rate.interaction)) }
        // Too few runs say nothing of the noise, so they come first; a stage within the noise, or a rate near a
        // change, says more than a stage that was not measured.
        let borderline = unsettled.contains {
            switch $0 {
            case .borderline, .rate: true
            case .tooFewRuns, .skipped: false
            }
        }
        let measured = byStage.values.filter { $0.status != .skipped }
        // Every stage crashed or hung: the workload failed by itself, which says nothing about the budget.
        let workloadFailed =
            stage == nil && !measured.isEmpty && measured.allSatisfy { $0.status == .crashed || $0.status == .hung }
        let confidence: Recommendation.Confidence =
            workloadFailed
            ? .failed
            : unsettled.contains(.tooFewRuns)
                ? .tentative : borderline ? .borderline : unsettled.contains(.skipped) ? .tentative : .decided
        var recommendation = Recommendation(
            stage: stage?.rawValue ?? "none",
            bestStage: best,
            summary: "",
            confidence: confidence,
            settle: settleAdvice(unsettled, rates: rates, workload: workload, byStage: byStage, judged: judged),
            path: path,
            antiPatterns: antiPatterns(recommended: stage, workload: workload, byStage: byStage),
            remainingWork: best.map { remainingWork(in: $0, workload: workload, byStage: byStage) } ?? [],
            judgments: Stage.allCases.compactMap { judged[$0] },
            rates: rates
        )
        recommendation.summary = summary(
            recommendation,
            path: path,
            workload: workload,
            byStage: byStage,
            judged: judged
        )
        // The first words carry the confidence, so a borderline or tentative verdict never reads as a decided one.
        let hedge: String? =
            switch confidence {
            case .borderline: "Borderline"
            case .tentative: "Tentative"
            case .decided, .failed: nil
            }
        if let hedge, let first = recommendation.summary.first {
            recommendation.summary = "\(hedge): " + first.lowercased() + recommendation.summary.dropFirst()
        }
        if let stage = stage ?? best, let behind = fallingBehind(byStage[stage], workload: workload) {
            recommendation.summary += " " + behind
        }
        if let stage = stage ?? best, let failed = byStage[stage]?.thrownErrors(in: workload) {
            recommendation.summary += " " + failed
        }
        if let headroom = headroomSentence(recommended: stage, byStage: byStage) {
            recommendation.summary += " " + headroom
        }
        return recommendation
    }

    /// What the headroom search found for the verdict, when it ran: how far the recommended stage's costs can grow,
    /// and which stage, if any, holds further; or, when none meets the budget, at what costs each would.
    func headroomSentence(recommended stage: Stage?, byStage: [Stage: StageResult]) -> String? {
        let searched = Stage.allCases.compactMap { stage in byStage[stage]?.headroom.map { (stage: stage, $0) } }
        guard !searched.isEmpty else { return nil }
        let precision = Headroom.searchPrecision
        guard let stage, let own = byStage[stage]?.headroom else {
            let met = searched.filter { !$0.1.metAt.isEmpty }
            guard !met.isEmpty else {
                return "Headroom: no stage met the budget even at the smallest step costs tried."
            }
            return "Headroom: no stage meets the budget at today's step costs; "
                + met.map { "\($0.stage.rawValue) does up to \($0.1.text)" }.joined(separator: ", ") + "."
        }
        guard own.multiplier >= 1 else {
            return "Headroom: the search's short runs of \(stage.rawValue) missed the budget already at today's step "
                + "costs (\(own.text)): it is at the edge."
        }
        let further = searched.filter { $0.stage != stage && $0.1.multiplier > own.multiplier * precision }
            .max { $0.1.multiplier < $1.1.multiplier }
        let lead =
            own.isLowerBound
            ? "Headroom: \(stage.rawValue) met the budget at every step cost tried, up to \(own.text) today's"
            : "Headroom: \(stage.rawValue) meets the budget up to \(own.text) today's step costs"
        guard !own.isLowerBound else { return lead + "." }
        return lead
            + (further.map { stage, headroom in
                headroom.isLowerBound
                    ? "; past that, \(stage.rawValue) met it at every cost tried, up to ×\(Headroom.format(headroom.multiplier))."
                    : "; past that, \(stage.rawValue) holds up to \(headroom.text)."
            } ?? "; past that, no stage does.")
    }

    /// Whether `result`'s stage meets the budget as the tree judges a stage it tries: responsive (``Metric/budget``
    /// within its limits) and keeping up with its arrivals. What the headroom search asks of each probe.
    func meetsBudget(_ result: StageResult, workload: Workload) -> Bool {
        responsiveness(of: result).responsive && fallingBehind(result, workload: workload) == nil
    }

    /// A sentence saying that `result`'s stage falls behind its arrivals, and why, or `nil` when it keeps up: its
    /// queue for threads grew through the arrival window by more than ``Thresholds/queueGrowthLimit(_:workload:)``,
    /// or, when the run ended, more than ``Thresholds/unfinishedOnThreadsShare`` of its arrivals were still on a
    /// thread or queued for one.
    func fallingBehind(_ result: StageResult?, workload: Workload) -> String? {
        // Judged by the queue for threads, not by what is unfinished when the run ended: a stage that keeps up with
        // interactions longer than the run's follow-through leaves them unfinished, suspended on io, without falling
        // behind. The second test catches a run too short for the queue to grow past its limit (a headroom probe of
        // 2 s at 2 arrivals a second whose CPU work needs many more cores than the stage has): such a run ends at its
        // catch-up allowance with more on threads or queued than main and the pool can run, and that is what it reads.
        guard let result, let metrics = result.metrics else { return nil }
        let growth = thresholds.queueGrowth(metrics)
        let limit = thresholds.queueGrowthLimit(metrics, workload: workload)
        let onThreads = metrics.interactionsUnfinishedOnThreads
        let leftOnThreads =
            onThreads >= 2
            && Double(onThreads) > Double(metrics.interactionsArrived) * thresholds.unfinishedOnThreadsShare
        guard (growth ?? 0) > limit || leftOnThreads else { return nil }
        let stage = result.stage.rawValue
        let contended = thresholds.contendedHopWaitMs(budgetMs: workload.frameBudgetMs)
        var causes: [String] = []
        if thresholds.poolIsSaturated(metrics, budgetMs: workload.frameBudgetMs) {
            causes.append(
                "the cooperative pool was saturated (\((metrics.poolUtilization * 100).reportFormatted)% busy, "
                    + "`@concurrent` start wait p99 \(metrics.poolHopWaitMs.p99.reportFormatted) ms)"
            )
        }
        if let (subsystem, wait) = metrics.subsystemHopWaitMs.max(by: { $0.value.p99 < $1.value.p99 }),
            wait.p99 >= contended
        {
            causes.append("the `\(subsystem)` actor was contended (hop wait p99 \(wait.p99.reportFormatted) ms)")
        }
        if metrics.mainThreadUtilization >= thresholds.mainSaturation {
            causes.append("main was \((metrics.mainThreadUtilization * 100).reportFormatted)% busy")
        }
        let why =
            causes.isEmpty
            ? "its interactions take longer than their arrivals allow"
            : causes.joined(separator: " and ")
        let queued = metrics.queuedByQuarter
        let evidence =
            (growth ?? 0) > limit && queued.count == 4
            ? "the interactions queued for a thread grew from \(queued[0].reportFormatted) on average in the first "
                + "quarter of the arrivals to \(queued[3].reportFormatted) in the last (more than the "
                + "\(limit.reportFormatted) its arrivals explain)"
            : "\(onThreads) of its \(metrics.interactionsArrived) interactions were still on a thread or queued for one "
                + "when the run ended"
        return "But \(stage) falls behind: \(evidence), because \(why); \(metrics.interactionsUnfinished) of "
            + "\(metrics.interactionsArrived) interactions were still unfinished when the run ended, and its "
            + "interaction latency p99 (\(metrics.interactionLatencyMs.p99.reportFormatted) ms) counts them with their "
            + "wait so far."
    }

    /// What to run to settle a verdict that is not final, or `nil` when it is.
    private func settleAdvice(
        _ unsettled: Set<Unsettled>,
        rates: [RateSensitivity],
        workload: Workload,
        byStage: [Stage: StageResult],
        judged: [Stage: StageJudgment]
    ) -> String? {
        var advice: [String] = []
        for stage in Stage.allCases where unsettled.contains(.borderline(stage)) {
            let within = byStage[stage].flatMap { result in
                budgetIntervals(of: result, workload: workload).first { $0.side == .within }
            }
            advice.append(
                "Borderline: \(stage.rawValue): \(judged[stage]?.reason ?? "within the run-to-run noise of the budget")"
                    + ". " + (within.map { howToSettle($0, workload: workload) } ?? "")
            )
        }
        for rate in rates where unsettled.contains(.rate(rate.interaction)) {
            advice.append(
                "Borderline: the verdict rests on the declared rate of `\(rate.interaction)`: \(rate.sentence), within "
                    + "\(RateSensitivity.borderlineFactor.reportFormatted)× of a rate where it changes. Check how often "
                    + "`\(rate.interaction)` comes, and profile at that rate."
            )
        }
        if unsettled.contains(.tooFewRuns) {
            let runs = byStage.values.filter { $0.status == .ok }.map { $0.repetitions.count }.min() ?? 0
            advice.append(
                "Tentative: \(runs) run\(runs == 1 ? "" : "s") per stage; a decided verdict needs at least "
                    + "\(thresholds.minimumRuns) of each stage it reads: run with `--repetitions "
                    + "\(thresholds.minimumRuns)` or more."
            )
        }
        if unsettled.contains(.skipped) {
            advice.append("A stage the decision needed was not measured: run without `--stages`.")
        }
        return advice.isEmpty ? nil : advice.joined(separator: " ")
    }

    /// What would put `interval` beyond the noise of its limit, by the noise model: hitch-time ratio runs long enough to
    /// count enough hitches (its counting term shrinks with the run's length), or enough runs (input latency's
    /// spread does not shrink with length); or that it sits too close to its limit for either.
    func howToSettle(_ interval: BudgetInterval, workload: Workload) -> String {
        let z = BudgetInterval.normalQuantile(1 - thresholds.perTestLevel)
        let distance = abs(interval.mean - interval.limit)
        let n = Double(interval.values.count)
        let atLimit = "it sits too close to its limit for longer or more runs to settle it"
        guard !interval.noisierThanModel else {
            return "Its runs spread more than the model of this machine's noise allows: more runs "
                + "(`--max-repetitions`) narrow it."
        }
        let noise = thresholds.noise
        let mean = interval.mean > interval.limit ? interval.limit : interval.mean
        switch interval.metric {
        case .hitchTimeRatio:
            // z²·(g·P·μ/D + (c·μ)²)/n < d²  ⇔  D > g·P·μ / (n·d²/z² − (c·μ)²)
            let room = n * distance * distance / (z * z) - pow(noise.hitchRelative * mean, 2)
            guard room > 0, distance > 0 else { return atLimit + "." }
            let seconds = (noise.hitchCountFactor * workload.frameBudgetMs * mean / room).rounded(.up)
            if seconds > workload.durationSeconds {
                return "Longer runs count more hitches and settle it: `--duration \(seconds.reportFormatted)`."
            }
            // Runs this long would settle it by the model: it is the runs' own spread, larger than the model's,
            // that keeps it within the noise, and only more of them narrow that. z·s/√N < d  ⇔  N > (z·s/d)²
            let runs = Int(pow(z * interval.sampleSpread / distance, 2).rounded(.up)) + 1
            return runs <= 100
                ? "Its runs spread more than this machine's noise model expects: more runs settle it: "
                    + "`--max-repetitions \(max(runs, interval.values.count + 1))`."
                : atLimit + "."
        default:
            // z·c·μ/√N < d  ⇔  N > (z·c·μ/d)²
            guard distance > 0 else { return atLimit + "." }
            let runs = Int(pow(z * noise.inputLatencyRelative * mean / distance, 2).rounded(.up)) + 1
            return runs <= 100
                ? "More runs settle it: `--max-repetitions \(max(runs, interval.values.count + 1))`."
                : atLimit + "."
        }
    }

    // MARK: Node 5

    /// The stage with the fewest hangs (its exposure run's included), then the lowest hitch-time ratio, among those
    /// that ran to the end in every run: a stage that hung or crashed is never the one to build on.
    func bestStage(_ byStage: [Stage: StageResult]) -> Stage? {
        let measured = Stage.allCases.compactMap { stage -> (hangs: Int, hitch: Double, stage: Stage)? in
            guard let result = byStage[stage], result.status == .ok, let metrics = result.metrics else { return nil }
            return (result.allHangs, metrics.hitchTimeRatioMsPerS, stage)
        }
        return measured.min { $0 < $1 }?.stage
    }

    private func remainingWork(in stage: Stage, workload: Workload, byStage: [Stage: StageResult]) -> [String] {
        let budget = workload.frameBudgetMs
        guard let result = byStage[stage], let metrics = result.metrics else { return [] }
        var work: [String] = []
        if let waited = coreWaitHangPhrase(result) {
            work.append("In \(stage.rawValue), " + waited + ".")
        } else if let hang = Self.longestHang(in: result) {
            work.append("In \(stage.rawValue), " + hangPhrase(hang, workload: workload) + ".")
        } else if let cold = Self.firstArrivalHang(in: result) {
            work.append("In \(stage.rawValue), " + firstArrivalHangPhrase(cold) + ".")
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

    private func summary(
        _ recommendation: Recommendation,
        path: [DecisionNode],
        workload: Workload,
        byStage: [Stage: StageResult],
        judged: [Stage: StageJudgment]
    ) -> String {
        // The device the verdict holds for: the refresh rate, and the cores the stage runs saw (when they said).
        let cores = StageResult.coresSeen(in: byStage.values)
        let budget =
            "\(workload.frameBudgetMs.reportFormatted) ms frame budget at \(workload.refreshHz.reportFormatted) Hz"
            + (cores.map { " on \($0) core\($0 == 1 ? "" : "s")" } ?? "")
        if let stage = recommendation.recommendedStage, let metrics = byStage[stage]?.metrics {
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
                + simpler.map { whyNot($0, recommended: stage, path: path, byStage: byStage, workload: workload) }
                .joined()
        }
        let failed = Stage.allCases.compactMap { stage in
            byStage[stage].flatMap { $0.status == .hung || $0.status == .crashed ? judged[stage] : nil }
        }
        if recommendation.confidence == .failed {
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
        if let best = recommendation.bestStage, let result = byStage[best], let metrics = result.metrics {
            let hangs = result.allHangs
            let measured = byStage.values.filter { $0.status == .ok }
            // Its hang: of an arrival of the runs, or else of a first arrival in a fresh process; or, where a wait for
            // a core made every one, that (then a hang in every stage is not the workload's).
            func hangPhrase(of result: StageResult) -> String? {
                Self.longestHang(in: result).map { self.hangPhrase($0, workload: workload) }
                    ?? Self.firstArrivalHang(in: result).map(firstArrivalHangPhrase)
            }
            let everywhere = measured.allSatisfy { hangPhrase(of: $0) != nil && coreWaitHangPhrase($0) == nil }
            let hang =
                (coreWaitHangPhrase(result) ?? hangPhrase(of: result)).map {
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
    private func whyNot(
        _ simpler: Stage,
        recommended: Stage,
        path: [DecisionNode],
        byStage: [Stage: StageResult],
        workload: Workload
    ) -> String {
        let question = path.first { node in Self.questions.contains { $0.node == node.node && $0.stage == simpler } }
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
                guard let step = HitchCauseNames(workload).step(labelled: cause.cause),
                    let kind = workload.step(at: step)?.kind,
                    simpler.runsOnMain(kind), !recommended.runsOnMain(kind)
                else { return nil }
                return ", and it still runs `\(cause.cause)` on main, which \(recommended.rawValue) moves off"
            } ?? ""
        return " \(simpler.rawValue) also met the budget, but \(notTried)\(kept)."
    }
}

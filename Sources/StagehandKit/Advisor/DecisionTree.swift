/// The decision tree of the Swift concurrency guide, each question answered with a measurement.
///
/// 1. Is the UI responsive with everything on main? → stay `main-only`.
/// 2. High-latency operations? → try `async`.
/// 3. CPU-intensive work on main? → try `offloaded`.
/// 4. Main-actor contention? → try `actor-extracted`.
/// 5. None meets the budget → `none`, with the best stage and what is left to fix.
///
/// Each question reads the latest stage the path has tried; a no moves on without trying its stage; a yes tries the
/// stage, and if that stage is responsive the walk ends there. The simplest responsive stage wins, never the most
/// concurrent one.
public struct DecisionTree: Sendable {
    public var thresholds: Thresholds

    public init(thresholds: Thresholds = Thresholds()) {
        self.thresholds = thresholds
    }

    /// Walks the tree over the measured stages of `workload`.
    public func recommend(for workload: Workload, results: [StageResult]) -> Recommendation {
        let budget = workload.frameBudgetMs
        let byStage = Dictionary(uniqueKeysWithValues: results.map { ($0.stage, $0) })
        var path: [DecisionNode] = []
        var disputed = false

        // 1. Responsive with everything on main?
        let mainOnly = byStage[.mainOnly]
        let first = responsiveness(of: mainOnly)
        disputed = disputed || !first.agreed
        path.append(
            DecisionNode(
                node: 1,
                question: "Is the UI responsive with everything on main?",
                measuredStage: .mainOnly,
                evidence: first.evidence,
                answer: first.responsive,
                repetitionsAgree: first.agreed,
                tried: nil,
                outcome: first.responsive
                    ? "Yes: stay main-only. No concurrency is needed."
                    : "No: \(first.failure). Look for what keeps main busy."
            )
        )
        if first.responsive {
            return finish(.mainOnly, path: path, disputed: disputed, workload: workload, byStage: byStage)
        }

        var latest = Stage.mainOnly
        let questions: [(node: Int, question: String, stage: Stage)] = [
            (2, "Are there high-latency operations (I/O) blocking main?", .async),
            (3, "Is CPU-intensive work running on main?", .offloaded),
            (4, "Is there main-actor contention?", .actorExtracted),
        ]
        for (node, question, candidate) in questions {
            let evidence = self.evidence(forNode: node, reading: latest, byStage: byStage, workload: workload)
            let answer = evidence.contains { $0.holds }
            let answers = perRepetitionAnswers(forNode: node, reading: latest, byStage: byStage, workload: workload)
            disputed = disputed || answers.contains(!answer)
            guard answer else {
                path.append(
                    DecisionNode(
                        node: node,
                        question: question,
                        measuredStage: latest,
                        evidence: evidence,
                        answer: false,
                        repetitionsAgree: !answers.contains(true),
                        tried: nil,
                        outcome: "No: \(candidate.rawValue) would not address what keeps main busy; not tried."
                    )
                )
                continue
            }
            let tried = responsiveness(of: byStage[candidate])
            disputed = disputed || !tried.agreed
            path.append(
                DecisionNode(
                    node: node,
                    question: question,
                    measuredStage: latest,
                    evidence: evidence + tried.evidence,
                    answer: true,
                    repetitionsAgree: !answers.contains(false) && tried.agreed,
                    tried: candidate,
                    outcome: tried.responsive
                        ? "Yes: tried \(candidate.rawValue), and it is responsive. Adopt \(candidate.rawValue)."
                        : "Yes: tried \(candidate.rawValue), but \(tried.failure)."
                )
            )
            if tried.responsive {
                return finish(candidate, path: path, disputed: disputed, workload: workload, byStage: byStage)
            }
            if byStage[candidate]?.metrics != nil { latest = candidate }
        }

        // 5. Nothing meets the budget.
        let best = bestStage(byStage)
        let remaining = best.map { remainingWork(in: $0, workload: workload, byStage: byStage, budget: budget) } ?? []
        path.append(
            DecisionNode(
                node: 5,
                question: "Does any stage meet the budget?",
                measuredStage: best,
                evidence: [],
                answer: false,
                repetitionsAgree: true,
                tried: nil,
                outcome: best.map { "No: the best stage measured is \($0.rawValue); fix what is left there first." }
                    ?? "No: no stage produced measurements."
            )
        )
        var recommendation = Recommendation(
            stage: "none",
            bestStage: best,
            summary: "",
            confidence: disputed ? .inconclusive : .decided,
            settle: nil,
            path: path,
            antiPatterns: antiPatterns(recommended: nil, workload: workload, byStage: byStage),
            remainingWork: remaining
        )
        recommendation.summary = summary(recommendation, workload: workload, byStage: byStage)
        recommendation.settle = settleAdvice(recommendation.confidence, workload: workload)
        return recommendation
    }

    // MARK: - Responsiveness (node 1, and every stage a yes tries)

    private struct Responsiveness {
        var responsive: Bool
        var evidence: [Evidence]
        var failure: String
        /// Whether every repetition, judged alone, gives the same answer.
        var agreed: Bool
    }

    /// Responsive: hitch-time ratio in Apple's good band, no hang, and input acknowledged promptly.
    private func isResponsive(_ metrics: StageMetrics) -> Bool {
        metrics.hitchTimeRatioMsPerS < thresholds.hitchTimeRatioMsPerS && metrics.hangs < 1
            && metrics.inputLatencyMs.p99 < thresholds.inputLatencyP99Ms
    }

    private func responsiveness(of result: StageResult?) -> Responsiveness {
        guard let result, let metrics = result.metrics, result.status == .ok else {
            let status = result?.status ?? .skipped
            let failure =
                switch status {
                case .hung: "\(result?.stage.rawValue ?? "it") hung: main was blocked past the watchdog"
                case .crashed: "\(result?.stage.rawValue ?? "it") crashed"
                default: "\(result?.stage.rawValue ?? "it") was not measured (skipped)"
                }
            return Responsiveness(responsive: false, evidence: [], failure: failure, agreed: true)
        }
        let evidence = [
            Evidence(
                metric: "hitch-time ratio (\(result.stage.rawValue))",
                value: metrics.hitchTimeRatioMsPerS,
                unit: "ms/s",
                comparison: "<",
                threshold: thresholds.hitchTimeRatioMsPerS,
                holds: metrics.hitchTimeRatioMsPerS < thresholds.hitchTimeRatioMsPerS,
                spread: result.spread["hitchTimeRatioMsPerS"],
                measured: true
            ),
            Evidence(
                metric: "hangs ≥ 250 ms (\(result.stage.rawValue))",
                value: Double(metrics.hangs),
                unit: "",
                comparison: "<",
                threshold: 1,
                holds: metrics.hangs < 1,
                spread: result.spread["hangs"],
                measured: true
            ),
            Evidence(
                metric: "input latency p99 (\(result.stage.rawValue))",
                value: metrics.inputLatencyMs.p99,
                unit: "ms",
                comparison: "<",
                threshold: thresholds.inputLatencyP99Ms,
                holds: metrics.inputLatencyMs.p99 < thresholds.inputLatencyP99Ms,
                spread: result.spread["inputLatencyMs.p99"],
                measured: true
            ),
        ]
        let failed = evidence.filter { !$0.holds }
        let failure =
            failed.isEmpty
            ? ""
            : "\(result.stage.rawValue) is not responsive: "
                + failed.map {
                    "\($0.metric.split(separator: " (").first ?? "") \($0.value.reportFormatted)\($0.unit.isEmpty ? "" : " \($0.unit)")"
                }
                .joined(separator: ", ")
        let answers = result.repetitions.compactMap(\.metrics).map(isResponsive)
        return Responsiveness(
            responsive: failed.isEmpty,
            evidence: evidence,
            failure: failure,
            agreed: !answers.contains(!failed.isEmpty)
        )
    }

    // MARK: - Nodes 2–4

    private func evidence(
        forNode node: Int,
        reading stage: Stage,
        byStage: [Stage: StageResult],
        workload: Workload
    ) -> [Evidence] {
        let kind: StepKind =
            switch node {
            case 2: .io
            case 3: .compute
            default: .state
            }
        var evidence = [shareEvidence(of: kind, in: stage, byStage: byStage, workload: workload)]
        if node == 4, let metrics = byStage[stage]?.metrics {
            let limit = workload.frameBudgetMs * thresholds.hopWaitFractionOfBudget
            evidence.append(
                Evidence(
                    metric: "main-actor hop wait p99 (\(stage.rawValue))",
                    value: metrics.hopWaitMs.p99,
                    unit: "ms",
                    comparison: "≥",
                    threshold: limit,
                    holds: metrics.hopWaitMs.p99 >= limit,
                    spread: nil,
                    measured: true
                )
            )
        }
        return evidence
    }

    /// The answer each repetition of `stage` gives on its own (empty when the stage produced no measurements).
    private func perRepetitionAnswers(
        forNode node: Int,
        reading stage: Stage,
        byStage: [Stage: StageResult],
        workload: Workload
    ) -> [Bool] {
        let kind: StepKind = node == 2 ? .io : node == 3 ? .compute : .state
        let limit = workload.frameBudgetMs * thresholds.hopWaitFractionOfBudget
        return (byStage[stage]?.repetitions ?? []).compactMap(\.metrics).map { metrics in
            Self.share(of: kind, in: metrics) >= thresholds.materialShare
                || (node == 4 && metrics.hopWaitMs.p99 >= limit)
        }
    }

    /// The share of main's interaction work (ui + compute + state + blocking io) that steps of `kind` took.
    private func shareEvidence(
        of kind: StepKind,
        in stage: Stage,
        byStage: [Stage: StageResult],
        workload: Workload
    ) -> Evidence {
        let metricName = "\(kind.rawValue) share of main's interaction work (\(stage.rawValue))"
        if let result = byStage[stage], let metrics = result.metrics {
            let shares = result.repetitions.compactMap(\.metrics).map { Self.share(of: kind, in: $0) }
            let value = Self.share(of: kind, in: metrics)
            return Evidence(
                metric: metricName,
                value: value * 100,
                unit: "%",
                comparison: "≥",
                threshold: thresholds.materialShare * 100,
                holds: value >= thresholds.materialShare,
                spread: shares.isEmpty ? nil : ValueRange(min: shares.min()! * 100, max: shares.max()! * 100),
                measured: true
            )
        }
        // The stage produced nothing (it hung or crashed): use the step durations measured in the other stages,
        // placed as this stage would place them.
        let value = share(of: kind, placedAs: stage, workload: workload, byStage: byStage)
        return Evidence(
            metric: "\(kind.rawValue) share of step time on main, from step durations measured in other stages "
                + "(\(stage.rawValue) produced no measurements)",
            value: value * 100,
            unit: "%",
            comparison: "≥",
            threshold: thresholds.materialShare * 100,
            holds: value >= thresholds.materialShare,
            spread: nil,
            measured: false
        )
    }

    static func share(of kind: StepKind, in metrics: StageMetrics) -> Double {
        let kinds = ["ui", "compute", "state", "io"]
        let total = kinds.reduce(0) { $0 + (metrics.mainThreadBusyMsPerS[$1] ?? 0) }
        guard total > 0 else { return 0 }
        return (metrics.mainThreadBusyMsPerS[kind.rawValue] ?? 0) / total
    }

    func share(
        of kind: StepKind,
        placedAs stage: Stage,
        workload: Workload,
        byStage: [Stage: StageResult]
    ) -> Double {
        let timings = measuredStepTimings(byStage)
        var onMain = 0.0
        var ofKind = 0.0
        for timing in timings {
            let interaction = workload.interactions[timing.key.interaction]
            let step = interaction.steps[timing.key.step]
            guard stage.runsOnMain(step.kind) else { continue }
            let msPerSecond = timing.meanMs * interaction.ratePerSecond
            onMain += msPerSecond
            if step.kind == kind { ofKind += msPerSecond }
        }
        return onMain > 0 ? ofKind / onMain : 0
    }

    /// How long each step took, from the first stage (in journey order) that measured them: a step's duration is
    /// a property of the workload, whichever stage ran it.
    func measuredStepTimings(_ byStage: [Stage: StageResult]) -> [StepTiming] {
        Stage.allCases.lazy.compactMap { byStage[$0]?.stepTimings }.first { !$0.isEmpty } ?? []
    }

    // MARK: - Node 5

    private func bestStage(_ byStage: [Stage: StageResult]) -> Stage? {
        let measured = Stage.allCases.compactMap { stage in byStage[stage]?.metrics.map { (stage, $0) } }
        return measured.min { lhs, rhs in
            (lhs.1.hangs, lhs.1.hitchTimeRatioMsPerS, lhs.0) < (rhs.1.hangs, rhs.1.hitchTimeRatioMsPerS, rhs.0)
        }?.0
    }

    private func remainingWork(
        in stage: Stage,
        workload: Workload,
        byStage: [Stage: StageResult],
        budget: Double
    ) -> [String] {
        guard let result = byStage[stage], let metrics = result.metrics else { return [] }
        var work: [String] = []
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

    // MARK: - Verdict

    private func finish(
        _ stage: Stage,
        path: [DecisionNode],
        disputed: Bool,
        workload: Workload,
        byStage: [Stage: StageResult]
    ) -> Recommendation {
        var recommendation = Recommendation(
            stage: stage.rawValue,
            bestStage: nil,
            summary: "",
            confidence: disputed ? .inconclusive : .decided,
            settle: nil,
            path: path,
            antiPatterns: antiPatterns(recommended: stage, workload: workload, byStage: byStage),
            remainingWork: []
        )
        recommendation.summary = summary(recommendation, workload: workload, byStage: byStage)
        recommendation.settle = settleAdvice(recommendation.confidence, workload: workload)
        return recommendation
    }

    private func settleAdvice(_ confidence: Recommendation.Confidence, workload: Workload) -> String? {
        guard confidence == .inconclusive else { return nil }
        let longer = max(workload.durationSeconds * 3, 10)
        return "Repetitions disagree on a deciding answer. Settle it with more data: "
            + "`--repetitions 7 --duration \(longer.reportFormatted)`."
    }

    private func summary(_ recommendation: Recommendation, workload: Workload, byStage: [Stage: StageResult]) -> String
    {
        let budget =
            "\(workload.frameBudgetMs.reportFormatted) ms frame budget at \(workload.refreshHz.reportFormatted) Hz"
        if let stage = recommendation.recommendedStage, let metrics = byStage[stage]?.metrics {
            let earlier = Stage.allCases.filter { $0 < stage }.compactMap { byStage[$0] }
            let contrast =
                earlier.last.map { previous -> String in
                    guard let m = previous.metrics else {
                        return "; \(previous.stage.rawValue) \(previous.status.rawValue)"
                    }
                    return "; \(previous.stage.rawValue) had \(m.hitchTimeRatioMsPerS.reportFormatted) ms/s"
                        + (m.hangs > 0 ? " and \(m.hangs) hang\(m.hangs == 1 ? "" : "s")" : "")
                } ?? ""
            let lead =
                stage == .mainOnly
                ? "Stay main-only: everything on main already meets the \(budget)"
                : "Adopt \(stage.rawValue): it is the simplest stage that meets the \(budget)"
            return lead + " (hitch-time ratio \(metrics.hitchTimeRatioMsPerS.reportFormatted) ms/s, "
                + "input latency p99 \(metrics.inputLatencyMs.p99.reportFormatted) ms\(contrast))."
        }
        if let best = recommendation.bestStage, let metrics = byStage[best]?.metrics {
            return "No stage meets the \(budget); the best measured is \(best.rawValue) "
                + "(hitch-time ratio \(metrics.hitchTimeRatioMsPerS.reportFormatted) ms/s, "
                + "\(metrics.hangs) hang\(metrics.hangs == 1 ? "" : "s"))."
        }
        return "No stage produced measurements, so no stage can be recommended."
    }
}

extension Stage {
    /// Whether this stage runs steps of `kind` on the main thread.
    public func runsOnMain(_ kind: StepKind) -> Bool {
        switch (self, kind) {
        case (_, .ui): true
        case (.mainOnly, _): true
        case (_, .io): false
        case (.async, _): true
        case (.offloaded, .state): true
        default: false
        }
    }
}

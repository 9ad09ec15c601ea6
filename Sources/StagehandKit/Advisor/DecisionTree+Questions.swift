extension DecisionTree {
    /// Questions 2–4: whether one kind of step keeps main busy enough that the next stage is worth trying.
    struct Question: Sendable {
        var node: Int
        var text: String
        /// The stage a yes tries.
        var stage: Stage
        /// The step kind whose main-thread time answers the question.
        var kind: StepKind

        /// This question on the path, answered from `stage`'s measurements; `tried` is the stage a yes tried.
        func node(
            reading stage: Stage,
            evidence: [Evidence],
            answer: Bool,
            repetitionsAgree: Bool,
            tried: Stage? = nil,
            outcome: String
        ) -> DecisionNode {
            DecisionNode(
                node: node,
                question: text,
                measuredStage: stage,
                evidence: evidence,
                answer: answer,
                repetitionsAgree: repetitionsAgree,
                tried: tried,
                outcome: outcome
            )
        }
    }

    static let questions = [
        Question(node: 2, text: "Are there high-latency operations (I/O) blocking main?", stage: .async, kind: .io),
        Question(node: 3, text: "Is CPU-intensive work running on main?", stage: .offloaded, kind: .compute),
        Question(node: 4, text: "Is there main-actor contention?", stage: .actorExtracted, kind: .state),
    ]

    /// Yes when the step kind is a material share of main's interaction work *and* material in absolute time, or,
    /// for contention, when hops onto the main actor wait long.
    static func answer(_ question: Question, _ evidence: [Evidence]) -> Bool {
        (evidence[0].holds && evidence[1].holds) || (evidence.count > 2 && evidence[2].holds)
    }

    /// Whether `evidence` answers its question (``answer(_:_:)``) beyond doubt with fewer runs than
    /// ``Thresholds/minimumRuns``: each figure that decides the answer ``Thresholds/questionMargin`` times past its
    /// threshold on the answer's side, and every run giving the same answer (`runsAgree`). A yes needs its share and
    /// its time both that far above (or the hop wait); a no needs the share or the time that far below, and the hop
    /// wait too where the question reads one.
    func answersBeyondDoubt(_ question: Question, _ evidence: [Evidence], runsAgree: Bool) -> Bool {
        let margin = thresholds.questionMargin
        func above(_ evidence: Evidence) -> Bool { evidence.value >= evidence.threshold * margin }
        func below(_ evidence: Evidence) -> Bool { evidence.value * margin < evidence.threshold }
        let hopWait = evidence.count > 2 ? evidence[2] : nil
        let clear =
            Self.answer(question, evidence)
            ? (above(evidence[0]) && above(evidence[1])) || hopWait.map(above) == true
            : (below(evidence[0]) || below(evidence[1])) && hopWait.map(below) != false
        return runsAgree && clear
    }

    /// The evidence for `question` from the stage the path read; from step durations measured in other stages when
    /// that stage produced nothing (it hung or crashed).
    func evidence(
        for question: Question,
        reading stage: Stage,
        byStage: [Stage: StageResult],
        workload: Workload
    ) -> [Evidence] {
        guard let result = byStage[stage], let metrics = result.metrics else {
            return fallbackEvidence(for: question, placedAs: stage, byStage: byStage, workload: workload)
        }
        let runs = result.judgedRuns.map {
            measuredEvidence(for: question, in: $0, stage: stage, workload: workload)
        }
        return measuredEvidence(for: question, in: metrics, stage: stage, workload: workload).enumerated().map {
            index,
            evidence in
            var evidence = evidence
            let values = runs.map { $0[index].value }
            if let low = values.min(), let high = values.max() { evidence.spread = ValueRange(min: low, max: high) }
            return evidence
        }
    }

    /// The evidence one set of measurements gives for `question`.
    func measuredEvidence(
        for question: Question,
        in metrics: StageMetrics,
        stage: Stage,
        workload: Workload
    ) -> [Evidence] {
        let kind = question.kind.rawValue
        let share = Self.share(of: question.kind, in: metrics)
        let busy = metrics.mainThreadBusyMsPerS[kind] ?? 0
        var evidence = [
            shareEvidence("\(kind) share of main's interaction work (\(stage.rawValue))", share, measured: true),
            busyEvidence("\(kind) time on main (\(stage.rawValue))", busy, measured: true),
        ]
        if question.node == 4 {
            let limit = thresholds.contendedHopWaitMs(budgetMs: workload.frameBudgetMs)
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

    private func fallbackEvidence(
        for question: Question,
        placedAs stage: Stage,
        byStage: [Stage: StageResult],
        workload: Workload
    ) -> [Evidence] {
        var onMain = 0.0
        var ofKind = 0.0
        for timing in measuredStepTimings(byStage) {
            let interaction = workload.interactions[timing.key.interaction]
            let step = interaction.steps[timing.key.step]
            guard stage.runsOnMain(step.kind) else { continue }
            let msPerSecond = timing.meanMs * interaction.ratePerSecond
            onMain += msPerSecond
            if step.kind == question.kind { ofKind += msPerSecond }
        }
        let source = "from step durations measured in other stages (\(stage.rawValue) produced no measurements)"
        return [
            shareEvidence(
                "\(question.kind.rawValue) share of step time on main, \(source)",
                onMain > 0 ? ofKind / onMain : 0,
                measured: false
            ),
            busyEvidence("\(question.kind.rawValue) time on main, \(source)", ofKind, measured: false),
        ]
    }

    private func shareEvidence(_ metric: String, _ share: Double, measured: Bool) -> Evidence {
        Evidence(
            metric: metric,
            value: share * 100,
            unit: "%",
            comparison: "≥",
            threshold: thresholds.materialShare * 100,
            holds: share >= thresholds.materialShare,
            spread: nil,
            measured: measured
        )
    }

    private func busyEvidence(_ metric: String, _ msPerSecond: Double, measured: Bool) -> Evidence {
        Evidence(
            metric: metric,
            value: msPerSecond,
            unit: "ms/s",
            comparison: "≥",
            threshold: thresholds.materialMsPerS,
            holds: msPerSecond >= thresholds.materialMsPerS,
            spread: nil,
            measured: measured
        )
    }

    /// The share of main's interaction work (ui + compute + state + blocking io) that steps of `kind` took.
    static func share(of kind: StepKind, in metrics: StageMetrics) -> Double {
        let kinds: [StepKind] = [.ui, .compute, .state, .io]
        let total = kinds.reduce(0) { $0 + (metrics.mainThreadBusyMsPerS[$1.rawValue] ?? 0) }
        guard total > 0 else { return 0 }
        return (metrics.mainThreadBusyMsPerS[kind.rawValue] ?? 0) / total
    }
}

/// The recommendation at the end of the walk: `stage`, or `none` with the best stage and what is left.
///
/// Built as argument-parser's `HelpGenerator` builds help: what every part reads is gathered once, here (the walk's
/// stage, path and judgments, the stages' results, the rates the verdict rests on, what is unsettled and so the
/// confidence), and each part (the summary, the settle advice, the remaining work, the headroom sentence) is a
/// property of this value that reads them, not a function handed them one by one.
struct Verdict {
    let tree: DecisionTree
    let workload: Workload
    /// The stage the walk recommends; `nil` when none meets the budget.
    let stage: Stage?
    let path: [DecisionNode]
    let byStage: [Stage: StageResult]
    let judged: [Stage: StageJudgment]
    /// When no stage is recommended, the best measured (``DecisionTree/bestStage(_:)``).
    let best: Stage?
    /// How the verdict would change with each interaction's rate.
    let rates: [RateSensitivity]
    /// What keeps the verdict from being decided: the walk's, and each rate near a change.
    let unsettled: Set<DecisionTree.Unsettled>
    /// The stages the path read with too few runs for a decision (``DecisionTree/stagesWithTooFewRuns(on:_:judged:answered:)``).
    let short: Set<Stage>
    /// What the wall-time budget cut short, when it ended the runs.
    let outOfTime: TimeShortfall?
    let confidence: Recommendation.Confidence
    /// The workload's hitch causes and their labels, read once for every part.
    let causes: HitchCauseNames

    init(
        _ stage: Stage?,
        path: [DecisionNode],
        unsettled: Set<DecisionTree.Unsettled>,
        short: Set<Stage>,
        outOfTime: TimeShortfall? = nil,
        workload: Workload,
        byStage: [Stage: StageResult],
        judged: [Stage: StageJudgment],
        tree: DecisionTree
    ) {
        self.tree = tree
        self.workload = workload
        self.stage = stage
        self.path = path
        self.short = short
        self.outOfTime = outOfTime
        self.byStage = byStage
        self.judged = judged
        causes = HitchCauseNames(workload)
        best = stage == nil ? tree.bestStage(byStage) : nil
        rates = tree.rateSensitivities(
            recommended: stage,
            path: path,
            workload: workload,
            byStage: byStage,
            judged: judged
        )
        var unsettled = unsettled
        for rate in rates where rate.withinFactor { unsettled.insert(.rate(rate.interaction)) }
        self.unsettled = unsettled
        // Too few runs say nothing of the noise, so they come first; a stage within the noise, or a rate near a
        // change, says more than a stage that was not measured.
        let borderline = unsettled.contains {
            switch $0 {
            case .borderline, .rate: true
            case .tooFewRuns, .skipped, .exposureSkipped: false
            }
        }
        let measured = byStage.values.filter { $0.status != .skipped }
        // Every stage crashed or hung: the workload failed by itself, which says nothing about the budget.
        let workloadFailed =
            stage == nil && !measured.isEmpty && measured.allSatisfy { $0.status == .crashed || $0.status == .hung }
        confidence =
            workloadFailed
            ? .failed
            : unsettled.contains(.tooFewRuns)
                ? .tentative
                : borderline
                    ? .borderline
                    : unsettled.contains(.skipped) || unsettled.contains(.exposureSkipped) ? .tentative : .decided
    }

    /// The recommendation, its summary led by its confidence and followed by what the advised stage leaves undone.
    var recommendation: Recommendation {
        var recommendation = Recommendation(
            stage: stage?.rawValue ?? "none",
            bestStage: best,
            summary: "",
            confidence: confidence,
            settle: settleAdvice,
            path: path,
            antiPatterns: tree.antiPatterns(recommended: stage, workload: workload, byStage: byStage),
            remainingWork: best.map(remainingWork(in:)) ?? [],
            judgments: Stage.allCases.compactMap { judged[$0] },
            rates: rates
        )
        // The first words carry the confidence, so a borderline or tentative verdict never reads as a decided one.
        var summary = self.summary
        let hedge: String? =
            switch confidence {
            case .borderline: "Borderline"
            case .tentative: "Tentative"
            case .decided, .failed: nil
            }
        if let hedge, let first = summary.first {
            summary = "\(hedge): " + first.lowercased() + summary.dropFirst()
        }
        if let stage = stage ?? best, let behind = tree.fallingBehind(byStage[stage], workload: workload) {
            summary += " " + behind
        }
        if let stage = stage ?? best, let failed = byStage[stage]?.thrownErrors(in: workload) {
            summary += " " + failed
        }
        if let headroom = Self.headroomSentence(recommended: stage, byStage: byStage) {
            summary += " " + headroom
        }
        recommendation.summary = summary
        return recommendation
    }
}

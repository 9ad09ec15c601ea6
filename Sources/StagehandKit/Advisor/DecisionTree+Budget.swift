import Foundation

extension DecisionTree {
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
}

/// The title, the verdict with its budget and confidence, and the workload's description.
struct VerdictSection: ReportSection {
    let workload: String
    let description: String
    let recommendation: Recommendation
    let frameBudgetMs: Double
    let refreshHz: Double
    /// The cores as the runs saw them.
    let cores: Int
    let repetitions: Int
    let durationSeconds: Double

    init(result: ProfileResult) {
        workload = result.workload
        description = result.spec.description
        recommendation = result.recommendation
        frameBudgetMs = result.spec.frameBudgetMs
        refreshHz = result.spec.refreshHz
        cores = StageResult.coresSeen(in: result.stages) ?? result.environment.cores
        repetitions = result.environment.repetitions
        durationSeconds = result.environment.durationSeconds
    }

    func rendered() -> [String] {
        let budget = "\(frameBudgetMs.reportFormatted) ms at \(refreshHz.reportFormatted) Hz"
        let coresText = "\(cores) core\(cores == 1 ? "" : "s")"
        let headline =
            recommendation.recommendedStage.map { "**Verdict: `\($0.rawValue)`**" }
            ?? "**Verdict: no stage meets the budget**"
        var lines = [
            "# Stagehand: \(workload)",
            "",
            "> \(headline) — \(recommendation.summary)",
            ">",
            "> Frame budget \(budget) on \(coresText) · \(repetitions) repetition"
                + "\(repetitions == 1 ? "" : "s") × \(durationSeconds.reportFormatted) s per stage · "
                + confidence,
        ]
        if let settle = recommendation.settle { lines += [">", "> \(settle)"] }
        lines.append("")
        if !description.isEmpty { lines += ["*Workload:* \(description)", ""] }
        return lines
    }

    private var confidence: String {
        switch recommendation.confidence {
        case .decided: "decided beyond the run-to-run noise"
        case .tentative: "**tentative: too few runs, or a stage it needs was not measured**"
        case .borderline:
            "**borderline: a stage it rests on is within the noise of the budget, or a declared rate is near one where "
                + "it changes**"
        case .failed: "**no budget verdict: the workload crashed or hung in every stage**"
        }
    }
}

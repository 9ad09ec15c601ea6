/// The title, the verdict with its budget and confidence, and the workload's description.
struct VerdictSection: ReportSection {
    let workload: String
    let description: String
    let recommendation: Recommendation
    let frameBudgetMs: Double
    let refreshHz: Double
    /// The cores as the runs saw them.
    let cores: Int
    /// The fewest and the most runs a measured stage had: a profile stops each stage once the verdict no longer needs
    /// its runs.
    let runs: (fewest: Int, most: Int)
    let durationSeconds: Double
    /// The stages the verdict did not read, each with one table run, and its length.
    let tableRuns: (stages: [Stage], seconds: Double)?

    init(result: ProfileResult) {
        workload = result.workload
        description = result.spec.description
        recommendation = result.recommendation
        frameBudgetMs = result.spec.frameBudgetMs
        refreshHz = result.spec.refreshHz
        cores = StageResult.coresSeen(in: result.stages) ?? result.environment.cores
        runs = result.runsPerStage
        let seconds = result.environment.durationSeconds
        durationSeconds = seconds
        let table = result.stages.compactMap { stage in
            stage.tableRunSeconds(durationSeconds: seconds).map { (stage.stage, $0) }
        }
        tableRuns = table.isEmpty ? nil : (table.map(\.0), table.map(\.1).max() ?? 0)
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
            "> Frame budget \(budget) on \(coresText) · \(runsText) · " + confidence,
        ]
        if let settle = recommendation.settle { lines += [">", "> \(settle)"] }
        lines.append("")
        if !description.isEmpty { lines += ["*Workload:* \(description)", ""] }
        return lines
    }

    /// "3 repetitions × 3 s per stage"; "1–3 runs × 3 s per stage, each until the verdict no longer needed it";
    /// then, where stages had table runs, "(`async`, `actor-extracted`, which it did not read: one run of 1 s)".
    private var runsText: String {
        let seconds = " × \(durationSeconds.reportFormatted) s per stage"
        let table = tableRuns.map { table in
            " (" + table.stages.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                + ", which it did not read: one run of \(table.seconds.reportFormatted) s)"
        }
        guard runs.fewest != runs.most else {
            return "\(runs.most) repetition\(runs.most == 1 ? "" : "s")" + seconds + (table ?? "")
        }
        return "\(runs.fewest)–\(runs.most) runs" + seconds + ", each until the verdict no longer needed it"
            + (table ?? "")
    }

    private var confidence: String {
        switch recommendation.confidence {
        case .decided: "decided beyond the run-to-run noise"
        case .tentative: "**tentative: too few runs, or a stage or exposure run it needs was not made**"
        case .borderline:
            "**borderline: a stage it rests on is within the noise of the budget, or a declared rate is near one where "
                + "it changes**"
        case .failed: "**no budget verdict: the workload crashed or hung in every stage**"
        }
    }
}

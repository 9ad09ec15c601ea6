extension TimeShortfall {
    /// The runs left unmade, in journey order: "`async` 2, `offloaded` 1", and the exposure runs.
    package var runsPhrase: String {
        var parts = Stage.allCases.compactMap { stage in moreRuns[stage].map { "`\(stage.rawValue)` \($0)" } }
        if exposureSkipped { parts.append("the exposure runs") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// What the verdict says when the budget ended its runs before it was decided: what was left and how long it would
    /// take, and the budget that would likely let it finish.
    var settleSentence: String {
        "Out of time: the `--max-time \(budgetSeconds.reportFormatted)` budget ended the runs after "
            + "\(elapsedSeconds.rounded().reportFormatted) s"
            + (elapsedSeconds > budgetSeconds
                ? " (every stage runs once whatever the budget, and a run that starts runs to its end)" : "")
            + ", with runs still needed (\(runsPhrase): about "
            + "\(moreSeconds.rounded(.up).reportFormatted) s more): run with "
            + "`--max-time \(suggestedBudgetSeconds.reportFormatted)`, or without `--max-time`."
    }
}

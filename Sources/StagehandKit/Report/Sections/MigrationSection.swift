/// How to get to the advised stage: the smaller change an `io` body on main may need first, the playbook's steps in
/// the workload's own names, and the change at the app's declarations when a scan named them.
struct MigrationSection: ReportSection {
    /// The verdict's stage, or the best measured when none meets the budget; `nil` when nothing was measured.
    let stage: Stage?
    let meetsBudget: Bool
    let smallerChanges: [IOBodyAdvice.Finding]
    let playbook: [String]
    let notes: SourceNotes?

    init(result: ProfileResult, notes: SourceNotes?) {
        stage = result.recommendation.advisedStage
        meetsBudget = result.recommendation.recommendedStage != nil
        smallerChanges = stage.map { IOBodyAdvice(result: result).findings(before: $0) } ?? []
        playbook = stage.map { MigrationPlaybook(workload: result.spec).steps(for: $0) } ?? []
        self.notes = notes
    }

    func rendered() -> [String] {
        guard let stage else { return [] }
        let title =
            meetsBudget
            ? "## How to get to `\(stage.rawValue)`" : "## Code at the best stage measured: `\(stage.rawValue)`"
        var lines = [title, ""]
        for finding in smallerChanges { lines += [smallerChange(finding, instead: stage), ""] }
        for step in playbook { lines += [step, ""] }
        return lines + (notes?.migration(at: stage, meetsBudget: meetsBudget) ?? [])
    }

    /// The smaller change: `@concurrent` on the `io` body's function, and the measurement that shows whether it pays.
    private func smallerChange(_ finding: IOBodyAdvice.Finding, instead stage: Stage) -> String {
        let function =
            notes?.declaration(ofCause: finding.cause).map { "`\($0.symbol)`" }
            ?? "the function `\(finding.cause)` calls"
        return "**A smaller change may be enough.** In `\(finding.stage.rawValue)`, "
            + "\(Int((finding.share * 100).rounded()))% of the hitch time was `\(finding.cause)`'s own code on "
            + "main: \(finding.mainMs.reportFormatted) ms of each \(finding.stepMs.reportFormatted) ms call. "
            + "It ran there because this profile gives `io` bodies Swift 6.2's rule (`--io nonsending`: a "
            + "`nonisolated async` function's synchronous parts run on its caller's actor). Marking "
            + "\(function) `@concurrent`, or moving that work into a `compute` step, takes it off main without "
            + "the rest of `\(stage.rawValue)`. `stagehand profile --io concurrent` measures the stages with every "
            + "`io` body off main; if an earlier stage then meets the budget, adopt that stage and the attribute."
    }
}

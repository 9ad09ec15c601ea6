/// How to get to the advised stage: the smaller change an `io` body on main may need first, the playbook's steps in
/// the workload's own names, and the change at the app's declarations when a scan named them.
struct MigrationSection: ReportSection {
    /// The verdict's stage, or the best measured when none meets the budget; `nil` when nothing was measured.
    let stage: Stage?
    let meetsBudget: Bool
    /// Each `io` body on main that made most of a stage's hitch time, with its function's symbol where a scan named it.
    let smallerChanges: [(finding: IOBodyAdvice.Finding, symbol: String?)]
    let playbook: [String]
    /// The change at the app's declarations and their main-actor callers, where a scan named them.
    let atYourCode: [String]

    init(result: ProfileResult, notes: SourceNotes?) {
        let stage = result.recommendation.advisedStage
        let meetsBudget = result.recommendation.recommendedStage != nil
        self.stage = stage
        self.meetsBudget = meetsBudget
        smallerChanges = (stage.map { IOBodyAdvice(result: result).findings(before: $0) } ?? []).map {
            ($0, notes?.declaration(ofCause: $0.cause)?.symbol)
        }
        playbook = stage.map { MigrationPlaybook(workload: result.spec).steps(for: $0) } ?? []
        atYourCode = stage.flatMap { notes?.migration(at: $0, meetsBudget: meetsBudget) } ?? []
    }

    func rendered() -> [String] {
        guard let stage else { return [] }
        let title =
            meetsBudget
            ? "## How to get to `\(stage.rawValue)`" : "## Code at the best stage measured: `\(stage.rawValue)`"
        var lines = [title, ""]
        for change in smallerChanges {
            lines += [smallerChange(change.finding, symbol: change.symbol, instead: stage), ""]
        }
        for step in playbook { lines += [step, ""] }
        return lines + atYourCode
    }

    /// The smaller change: `@concurrent` on the `io` body's function, and the measurement that shows whether it pays.
    private func smallerChange(_ finding: IOBodyAdvice.Finding, symbol: String?, instead stage: Stage) -> String {
        let function = symbol.map { "`\($0)`" } ?? "the function `\(finding.cause)` calls"
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

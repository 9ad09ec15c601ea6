/// What went wrong: the stage runs that crashed or hung, and the steps that threw.
struct FailuresSection: ReportSection {
    /// "- `async` repetition 2 **crashed**: signal 11", a line each.
    let failedRuns: [String]
    /// A stage's thrown errors, a line each.
    let thrown: [String]

    init(result: ProfileResult) {
        failedRuns = result.stages.flatMap { stage in
            (stage.repetitions + (stage.exposureRuns ?? [])).compactMap { run in
                run.failure.map {
                    let label = run.repetition == 0 ? "exposure run" : "repetition \(run.repetition)"
                    return "- `\(stage.stage.rawValue)` \(label) **\(run.status.rawValue)**: \($0)"
                }
            }
        }
        thrown = result.stages.compactMap { stage in stage.thrownErrors(in: result.spec).map { "- \($0)" } }
    }

    func rendered() -> [String] {
        guard !failedRuns.isEmpty || !thrown.isEmpty else { return [] }
        return ["## What went wrong", ""] + (failedRuns + thrown).map(\.markdownCell) + [""]
            + (failedRuns.isEmpty
                ? [] : ["A stage that crashed or hung is not run again; the other stages were measured as usual.", ""])
    }
}

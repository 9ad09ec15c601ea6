/// The migration report as GitHub-flavoured Markdown: the verdict first, then the stages side by side, the decision
/// path with the measured evidence at each node, the migration steps, and the run's environment.
///
/// The report is built as argument-parser builds its help: `init` gathers each section's model from the result (and
/// what the advisor decided of it), once; ``render()`` only formats them, a section per file in `Sections/`.
/// Rendering is a pure function of the ``ProfileResult``, so `stagehand report run.json` reproduces it byte for byte.
package struct MarkdownReport: Sendable {
    package let result: ProfileResult
    /// The report's sections, in the order they are written.
    let sections: [any ReportSection]

    package init(result: ProfileResult) {
        self.result = result
        // The app's declarations, when the profile was given `stagehand scan`'s JSON: read once, for every section.
        let notes = SourceNotes(result: result)
        sections = [
            VerdictSection(result: result),
            StagesTableSection(result: result),
            ExposureSection(result: result),
            InteractionsSection(result: result),
            HeadroomSection(result: result),
            DecisionPathSection(result: result),
            AntiPatternsSection(result: result),
            MigrationSection(result: result, notes: notes),
            ScanFindingsSection(notes: notes),
            ChartsSection(result: result),
            HitchCausesSection(result: result, notes: notes),
            MainThreadSection(result: result),
            StepsSection(result: result, notes: notes),
            FailuresSection(result: result),
            EnvironmentSection(result: result),
        ]
    }

    package func render() -> String {
        sections.flatMap { $0.rendered() }.joined(separator: "\n") + "\n"
    }
}

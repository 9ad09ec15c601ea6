/// The scan's findings in the app's code, those of the steps that made frames late first, when the profile was given
/// `stagehand scan`'s JSON.
struct ScanFindingsSection: ReportSection {
    /// The findings as the report lists them; empty without a scan or without findings.
    let findings: [String]

    init(notes: SourceNotes?) {
        findings = notes?.findings() ?? []
    }

    func rendered() -> [String] { findings }
}

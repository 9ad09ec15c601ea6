/// The scan's findings in the app's code, those of the steps that made frames late first, when the profile was given
/// `stagehand scan`'s JSON.
struct ScanFindingsSection: ReportSection {
    let notes: SourceNotes?

    func rendered() -> [String] { notes?.findings() ?? [] }
}

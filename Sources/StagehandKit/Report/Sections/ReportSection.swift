/// One section of the Markdown report, as argument-parser's help is built: what it shows is gathered from the result
/// (and asked of the advisor) once, in the section's `init`; ``rendered()`` only formats it.
protocol ReportSection: Sendable {
    /// The section's lines, ending with the blank line that separates it from the next; none when it has nothing to
    /// show.
    func rendered() -> [String]
}

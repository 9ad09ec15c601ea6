extension String {
    /// The text on one line, with `|` escaped, so it fits in a Markdown table cell or list item: what a report, a
    /// suite's table and a suite comparison print of text they did not write (an error, a command line).
    package var markdownCell: String {
        split(whereSeparator: \.isNewline).joined(separator: " ⏎ ").replacing("|", with: "\\|")
    }
}

import Ink

/// A notes app's live preview: the note's Markdown rendered to HTML by Ink (a third-party package) as the person
/// types, and shown by a `@MainActor` view model.
public enum NotePreview {
    /// A long note, about 125 KB of Markdown: headings, paragraphs with emphasis and links, lists, code and quotes.
    public static let sample: String = {
        var text = "# Meeting notes\n\n"
        for section in 0..<120 {
            text += "## Section \(section)\n\n"
            text += "Some *emphasis*, some **strong text**, a [link](https://example.com/\(section)) and `inline code`. "
            text += String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 8) + "\n\n"
            for item in 0..<5 { text += "- item \(item) of section \(section), with *a little* markup\n" }
            text += "\n> A quoted remark about section \(section).\n\n"
            text += "```swift\nlet value = \(section) * 2\nprint(value)\n```\n\n"
        }
        return text
    }()

    /// The note as HTML.
    public static func render(_ markdown: String) -> String {
        MarkdownParser().html(from: markdown)
    }
}

/// The preview on screen.
@MainActor
public final class PreviewViewModel {
    public static let shared = PreviewViewModel()
    public private(set) var characters = 0

    public func show(_ html: String) {
        characters = html.utf8.count
    }

    /// The editor's change handler, as the app has it: on every keystroke, the whole note rendered and shown, on the
    /// main actor. The `note-preview` workload measures what this costs; `stagehand scan` finds this call.
    public func textDidChange(_ markdown: String) {
        show(NotePreview.render(markdown))
    }
}

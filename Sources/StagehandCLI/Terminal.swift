import Foundation

/// What the CLI needs of a terminal: whether there is one and wants colour, its width, redrawing a line, a bar.
enum Terminal {
    /// Whether `descriptor` is a terminal a person watches: a TTY, not a CI log, not a dumb terminal.
    static func isInteractive(_ descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(descriptor) == 1 && environment["CI"] == nil && environment["TERM"] != "dumb"
    }

    /// Whether to colour what goes to `descriptor` (an interactive terminal, and `NO_COLOR` unset).
    static func wantsColour(_ descriptor: Int32) -> Bool {
        isInteractive(descriptor) && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// The terminal's width in columns, or 80 where it does not say (a pseudo-terminal without a size).
    static func columns(_ descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// `text` cut to `width` characters, so a line redrawn in place never wraps (a wrapped line leaves its first part
    /// behind on every redraw).
    static func fitted(_ text: String, width: Int) -> String {
        text.count < width ? text : String(text.prefix(max(width - 2, 1))) + "…"
    }

    /// `text` replacing the cursor's line: back to its start, clear it, write.
    static func redrawLine(_ text: String) -> String {
        "\r\u{1B}[2K" + text
    }

    /// `▕██████░░░░░░▏` filled to `fraction` (clamped to 0…1).
    static func bar(fraction: Double, width: Int) -> String {
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded(.down))
        return "▕" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "▏"
    }
}

/// A terminal style, applied only where colour is wanted (an interactive terminal, `NO_COLOR` unset).
package enum ANSI: String, Sendable {
    case bold = "1"
    case red = "31"
    case green = "32"
    case yellow = "33"

    /// `text` in this style when `enabled`, else `text` as it is.
    package func apply(_ text: String, if enabled: Bool) -> String {
        enabled ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }
}

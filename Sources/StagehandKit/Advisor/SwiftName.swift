/// Turns a workload's names (`open-image`, `imageCache`) into Swift identifiers for migration code.
enum SwiftName {
    /// `open-image` → `openImage`.
    static func lowerCamel(_ name: String) -> String {
        let words = words(name)
        guard let first = words.first else { return "step" }
        let joined = ([first.prefix(1).lowercased() + first.dropFirst()] + words.dropFirst().map(capitalized)).joined()
        return joined.first?.isNumber == true ? "_" + joined : joined
    }

    /// `imageCache` → `ImageCache`.
    static func upperCamel(_ name: String) -> String {
        let joined = words(name).map(capitalized).joined()
        return joined.isEmpty ? "Subsystem" : joined.first?.isNumber == true ? "_" + joined : joined
    }

    /// `open-image` → `OpenImage`, to follow a lower-case prefix (`handle` + `OpenImage`); a leading digit needs no
    /// underscore there.
    static func suffix(_ name: String) -> String {
        words(name).map(capitalized).joined()
    }

    /// Words that cannot name a function or a variable without backticks (`func default()` does not parse), and
    /// `await`, which parses as a name only in some places (`await.update()` does not). Checked with `swiftc -parse`
    /// and `-typecheck` against Swift 6.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        "as", "false", "is", "nil", "self", "super", "throws", "true", "try", "await", "_",
    ]

    /// Type names an `actor` in migration code must not take: `Self` and `Any` do not parse, and the code itself
    /// uses `Task` and `MainActor`, which an actor of that name would shadow.
    static let reservedTypeNames: Set<String> = [
        "Self", "Any", "Type", "Protocol", "Task", "MainActor", "Actor", "Sendable",
    ]

    private static func words(_ name: String) -> [String] {
        name.split { $0 == "-" || $0 == "_" || $0 == "." || $0 == " " }.map(String.init)
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}

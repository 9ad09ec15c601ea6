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

    private static func words(_ name: String) -> [String] {
        name.split { $0 == "-" || $0 == "_" || $0 == "." || $0 == " " }.map(String.init)
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}

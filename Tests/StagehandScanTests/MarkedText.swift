/// A fixture whose expected findings are marked where each starts, as swift-format's rule tests mark theirs: `1️⃣`,
/// `2️⃣`, … written in the source and removed before it is parsed.
struct MarkedText {
    /// The markers, in the order their findings are expected.
    static let markers: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

    /// The source without its markers.
    let source: String
    /// Where each marker was, in marker order, as `line:column` of ``source`` (a column counts UTF-8 bytes, as a
    /// finding's does).
    let positions: [String]

    init(_ marked: String) {
        var source = ""
        var found: [Character: String] = [:]
        var line = 1
        var column = 1
        for character in marked {
            if Self.markers.contains(character) {
                precondition(found[character] == nil, "marker \(character) is used twice")
                found[character] = "\(line):\(column)"
                continue
            }
            source.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        self.source = source
        positions = Self.markers.compactMap { found[$0] }
    }
}

extension String {
    /// The name as a workload or step names it, in words joined by `-`: `NotePreview-render` is
    /// `note-preview-render`; `URLLoader` is `url-loader`. The words of a declaration's name, for what a scaffold
    /// names and what a name says a function does (``WorkSignal/named(_:)``).
    var kebabCased: String {
        var result = ""
        let characters = Array(self)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true)
                {
                    result += "-"
                }
            }
            if character.isLetter || character.isNumber {
                result += character.lowercased()
            } else if !result.hasSuffix("-") {
                result += "-"
            }
        }
        return String(result.drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed())
    }
}

/// The tool itself failed (not the user's input): exit status 1 with a message.
struct ToolFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

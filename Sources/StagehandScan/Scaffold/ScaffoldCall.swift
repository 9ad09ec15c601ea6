/// How a scaffold's step calls a candidate: what it calls the function on, the arguments (a placeholder each), the
/// variables `inout` arguments need, and the result's type where the call must name it. Each shape is one the
/// compiler accepts once the placeholders are filled.
struct ScaffoldCall: Sendable, Equatable {
    /// What the function is called on.
    enum Receiver: Sendable, Equatable {
        /// No instance: a global or static function, or an initializer.
        case none
        /// An instance the step's body reaches itself: its type's static `shared`, or a placeholder
        /// (`<#a NoteClient#>`).
        case inBody(String)
        /// An instance made before the workload, in main.swift's main-actor top-level code, and captured by the
        /// step's body: a main-actor type's, whose initializer and `shared` a `compute` step's nonisolated body
        /// cannot reach (its nonisolated methods it can call). A main-actor type is `Sendable`, so the capture
        /// compiles.
        case captured(String, type: String)
    }

    var receiver: Receiver
    /// The function as written after the receiver: `Markdown.render`, `countWords`, `fetch`, `Note` (an initializer).
    var function: String
    /// `text: <#text: String#>`, `&items`.
    var arguments: [String]
    /// The variables the body declares before the call: one per `inout` argument (`var items = <#items: [Int]#>`),
    /// and the instance a `mutating` method is called on (`var counter = <#a Counter#>`).
    var variables: [String]
    /// The result's type when no argument fixes it, as a placeholder (`<#T: Decodable#>`): the call ends `as` it.
    var resultType: String?

    /// The call, with `variable` the name of the variable holding a captured instance:
    /// `Markdown.render(<#text: String#>)`.
    func expression(capturedAs variable: String) -> String {
        let prefix: String
        switch receiver {
        case .none: prefix = ""
        case .inBody(let instance): prefix = instance + "."
        case .captured: prefix = variable + "."
        }
        let call = prefix + function + "(" + arguments.joined(separator: ", ") + ")"
        return resultType.map { "\(call) as \($0)" } ?? call
    }
}

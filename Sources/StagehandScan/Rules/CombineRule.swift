import SwiftSyntax

/// `combine`: a file that imports Combine.
enum CombineRule: ScanRule {
    static let id = Rule.combine
    static let why =
        "Combine pipelines move values between threads out of the compiler's sight; the guide replaces them with "
        + "async sequences and `@Observable`."
    static let fix =
        "Replace publishers with `AsyncStream` or `AsyncSequence` and `for await`, and `@Published` state with "
        + "`@Observable`."
    static let visits: [RuleVisit] = [.importDecl(visit)]

    static func visit(_ node: ImportDeclSyntax, in context: inout RuleContext) {
        guard node.path.trimmedDescription == "Combine" else { return }
        context.record(id, at: node, symbol: "import", message: "The file imports Combine.")
    }
}

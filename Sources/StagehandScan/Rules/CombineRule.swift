import SwiftSyntax

/// `combine`: a file that imports Combine.
enum CombineRule: ScanRule {
    static let id = Rule.combine

    static func visit(_ node: ImportDeclSyntax, in context: inout RuleContext) {
        guard node.path.trimmedDescription == "Combine" else { return }
        context.record(id, at: node, symbol: "import", message: "The file imports Combine.")
    }
}

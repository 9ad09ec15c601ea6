import SwiftSyntax

/// `unchecked-sendable`: a type or extension that conforms `@unchecked Sendable`, and a `nonisolated(unsafe)`
/// variable.
enum UncheckedSendableRule: ScanRule {
    static let id = Rule.uncheckedSendable

    static func visit(_ node: some DeclGroupSyntax, in context: inout RuleContext) {
        let name = context.scopes.current.typeName ?? ""
        for inherited in node.inheritanceClause?.inheritedTypes ?? [] {
            guard let attributed = inherited.type.as(AttributedTypeSyntax.self),
                attributed.attributes.names.contains("unchecked")
            else { continue }
            context.record(id, at: inherited, symbol: name, message: "`\(name)` is `@unchecked Sendable`.")
        }
    }

    static func visit(_ node: VariableDeclSyntax, in context: inout RuleContext) {
        guard node.modifiers.contains(where: { $0.name.text == "nonisolated" && $0.detail?.detail.text == "unsafe" })
        else { return }
        let name = node.boundName
        context.record(
            id,
            at: node,
            symbol: context.scopes.qualified(name),
            message: "`\(name)` is `nonisolated(unsafe)`."
        )
    }
}

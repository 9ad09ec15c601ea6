import SwiftSyntax

/// `unchecked-sendable`: a type or extension that conforms `@unchecked Sendable`, and a `nonisolated(unsafe)`
/// variable.
enum UncheckedSendableRule: ScanRule {
    static let id = Rule.uncheckedSendable
    static let why =
        "`@unchecked Sendable` and `nonisolated(unsafe)` turn the compiler's data-race checks off here; a race "
        + "they hide is found only at run time, if at all."
    static let fix =
        "Make the type `Sendable` for real (immutable `let`s, a `Mutex`, or an `actor`), or say in a comment next "
        + "to it why it is safe."
    static let visits: [RuleVisit] = [.declGroup(visit), .variable(visit)]

    static func visit(_ node: any DeclGroupSyntax, in context: inout RuleContext) {
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

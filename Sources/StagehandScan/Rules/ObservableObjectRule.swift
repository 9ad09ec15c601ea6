import SwiftSyntax

/// `observable-object`: a type or extension that conforms to `ObservableObject`, and a `@Published` property.
enum ObservableObjectRule: ScanRule {
    static let id = Rule.observableObject
    static let why =
        "`ObservableObject` and `@Published` invalidate every view that reads any published property, and are "
        + "not checked for isolation the way `@Observable` state on the main actor is."
    static let fix =
        "Use `@Observable` on a `@MainActor` class, with plain stored properties, and `@State` or `@Bindable` in "
        + "views instead of `@StateObject` and `@ObservedObject`."
    static let visits: [RuleVisit] = [.declGroup(visit), .variable(visit)]

    static func visit(_ node: any DeclGroupSyntax, in context: inout RuleContext) {
        let name = context.scopes.current.typeName ?? ""
        for inherited in node.inheritanceClause?.inheritedTypes ?? [] {
            guard Syntax(inherited.type).typeName == "ObservableObject" else { continue }
            context.record(id, at: inherited, symbol: name, message: "`\(name)` conforms to `ObservableObject`.")
        }
    }

    static func visit(_ node: VariableDeclSyntax, in context: inout RuleContext) {
        guard node.attributes.names.contains("Published") else { return }
        let name = node.boundName
        context.record(id, at: node, symbol: context.scopes.qualified(name), message: "`\(name)` is `@Published`.")
    }
}

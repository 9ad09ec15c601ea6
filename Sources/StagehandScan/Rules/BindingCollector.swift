import SwiftSyntax

/// The names bound in a piece of code: variable and `if let` patterns (those written before `before`, when set) and
/// closure parameters.
final class BindingCollector: SyntaxVisitor {
    /// Where bindings stop counting; `nil` for all of them.
    private var before: AbsolutePosition?
    private var names: Set<String> = []

    private init() { super.init(viewMode: .sourceAccurate) }

    /// Names bound by the enclosing function before `closure` (its parameters, `let`s, `if let`s) and inside it.
    static func names(visibleIn closure: ClosureExprSyntax) -> Set<String> {
        let collector = BindingCollector()
        collector.walk(closure)
        collector.before = closure.position
        var node = Syntax(closure).parent
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) {
                collector.add(function.signature.parameterClause)
                if let body = function.body { collector.walk(body) }
                break
            }
            if let initializer = current.as(InitializerDeclSyntax.self) {
                collector.add(initializer.signature.parameterClause)
                if let body = initializer.body { collector.walk(body) }
                break
            }
            if let accessor = current.as(AccessorDeclSyntax.self) {
                collector.names.formUnion([accessor.parameters?.name.text ?? "newValue", "oldValue"])
                if let body = accessor.body { collector.walk(body) }
                break
            }
            node = current.parent
        }
        return collector.names
    }

    private func counts(_ node: some SyntaxProtocol) -> Bool { before.map { node.position < $0 } ?? true }

    private func add(_ parameters: FunctionParameterClauseSyntax) {
        for parameter in parameters.parameters { names.insert((parameter.secondName ?? parameter.firstName).text) }
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if counts(node) { names.insert(node.identifier.text) }
        return .skipChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        if counts(node) { names.insert(node.name.text) }
        return .skipChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        if counts(node) { names.insert((node.secondName ?? node.firstName).text) }
        return .skipChildren
    }
}

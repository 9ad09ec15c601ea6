import SwiftSyntax

/// `strong-self-in-stored-task`: `self.task = Task { … self … }`, in a class or an actor, without `[weak self]`.
enum StrongSelfInStoredTaskRule: ScanRule {
    static let id = Rule.strongSelfInStoredTask
    static let why =
        "A task kept in a property that captures `self` strongly keeps its owner alive as long as it runs: a "
        + "cycle, when the owner only cancels it in `deinit`."
    static let fix =
        "Capture `[weak self]` in the task's closure and `guard let self` inside, or cancel the task where its "
        + "owner's lifetime ends (`onDisappear`), not in `deinit`."
    static let visits: [RuleVisit] = [.sequence(visit)]

    static func visit(_ node: SequenceExprSyntax, in context: inout RuleContext) {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let call = unwrapped(elements[2]).as(FunctionCallExprSyntax.self),
            ["Task", "Task.detached"].contains(call.calledExpression.trimmedDescription)
                || call.calledExpression.is(GenericSpecializationExprSyntax.self)
                    && call.calledExpression.trimmedDescription.hasPrefix("Task<"),
            let closure = call.lastClosure,
            let typeName = context.scopes.current.typeName,
            let type = context.index.types[typeName], type.kind == .class || type.kind == .actor
        else { return }

        let target = elements[0]
        let property: String
        if let member = target.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            property = member.declName.baseName.text
        } else if let reference = target.as(DeclReferenceExprSyntax.self),
            type.storedProperties.contains(reference.baseName.text)
        {
            property = reference.baseName.text
        } else {
            return
        }
        guard type.storedProperties.contains(property) || target.is(MemberAccessExprSyntax.self) else {
            return
        }
        let weakSelf =
            closure.signature?.capture?.items.contains { item in
                item.name.text == "self" && ["weak", "unowned"].contains(item.specifier?.specifier.text ?? "")
            } == true
        guard !weakSelf, let use = selfUse(in: closure, members: type.members) else { return }
        context.record(
            id,
            at: node,
            message: "The task stored in `\(property)` captures `self` strongly (`\(use)`)."
        )
    }

    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let awaited = expression.as(AwaitExprSyntax.self) { return unwrapped(awaited.expression) }
        if let tried = expression.as(TryExprSyntax.self) { return unwrapped(tried.expression) }
        return expression
    }

    /// The first use of `self` in the closure, explicit (`self.load()`) or implicit (`load()`, a member of the type
    /// called without `self.`, which a `Task` closure allows), not counting names a local binding shadows
    /// (`guard let client else { return }` before the task).
    private static func selfUse(in closure: ClosureExprSyntax, members: Set<String>) -> String? {
        let locals = BindingCollector.names(visibleIn: closure)
        for token in closure.statements.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .keyword(.self) { return "self" }
            guard case .identifier(let name) = token.tokenKind, members.contains(name), !locals.contains(name),
                let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id  // not `x.name`
            else { continue }
            return name
        }
        return nil
    }
}

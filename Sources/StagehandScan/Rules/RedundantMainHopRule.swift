import SwiftSyntax

/// `redundant-main-hop`: `MainActor.run { … }`, or `Task { @MainActor in … }`, in code already on the main actor.
enum RedundantMainHopRule: ScanRule {
    static let id = Rule.redundantMainHop
    static let why =
        "This code is already on the main actor: the hop only delays the work to a later turn of the run loop and "
        + "suspends the caller for nothing."
    static let fix =
        "Call the code directly: remove `await MainActor.run { … }` or the `@MainActor` task around it."
    static let visits: [RuleVisit] = [.functionCall(visit)]

    static func visit(_ node: FunctionCallExprSyntax, in context: inout RuleContext) {
        guard context.scopes.current.isolation.isMainActor else { return }
        if node.calleeBase == "MainActor", node.calleeName == "run" {
            context.record(id, at: node, message: "`MainActor.run` in code already on the main actor.")
        } else if node.calledExpression.trimmedDescription == "Task", let closure = node.lastClosure,
            closure.signature?.attributes.names.contains("MainActor") == true
        {
            let awaits = closure.statements.tokens(viewMode: .sourceAccurate).contains {
                $0.tokenKind == .keyword(.await)
            }
            context.record(
                id,
                at: node,
                message: awaits
                    ? "`@MainActor in` is redundant: a `Task { … }` created on the main actor runs there."
                    : "`Task { @MainActor in … }` awaits nothing: it only defers this code to a later turn of the "
                        + "main run loop."
            )
        }
    }
}

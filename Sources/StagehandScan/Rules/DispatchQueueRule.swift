import SwiftSyntax

/// `dispatch-queue`: a hop by hand, `DispatchQueue.main.async` or `DispatchQueue.global().async` (or `asyncAfter`).
enum DispatchQueueRule: ScanRule {
    static let id = Rule.dispatchQueue
    static let why =
        "Dispatch queues hide isolation from the compiler: it cannot check what runs where, and a hop written "
        + "this way is not ordered with the actor's own work."
    static let fix =
        "Mark the code `@MainActor` instead of `DispatchQueue.main.async`; move background work into a "
        + "`@concurrent` function instead of `DispatchQueue.global().async`; `try await Task.sleep(for:)` "
        + "instead of `asyncAfter`."
    static let visits: [RuleVisit] = [.functionCall(visit)]

    static func visit(_ node: FunctionCallExprSyntax, in context: inout RuleContext) {
        let base = node.calleeBase
        let name = node.calleeName
        guard ["async", "asyncAfter"].contains(name),
            base.hasPrefix("DispatchQueue.main") || base.hasPrefix("DispatchQueue.global")
        else { return }
        context.record(id, at: node, message: "`\(collapsed(base)).\(name)` hops by hand.")
    }

    /// `DispatchQueue.global(qos: .userInitiated)` reads `DispatchQueue.global(…)` in a message.
    private static func collapsed(_ base: String) -> String {
        guard let open = base.firstIndex(of: "("), base.hasSuffix(")") else { return base }
        let inside = base[base.index(after: open)..<base.index(before: base.endIndex)]
        return inside.isEmpty ? base : base[..<open] + "(…)"
    }
}

import SwiftSyntax

/// `blocking-call-on-main`: a call to one of the blocking APIs ``BlockingCall`` lists, in main-actor code, not
/// written with `await`.
enum BlockingCallOnMainRule: ScanRule {
    static let id = Rule.blockingCallOnMain
    static let why =
        "A blocking call on the main actor holds the main thread until it returns: no frame is drawn and no input "
        + "is handled meanwhile, and how long it blocks depends on the disk, the network or another thread."
    static let fix =
        "Call the async API (`URLSession`'s `data(from:)`, `FileHandle`'s `bytes`) or move the call into a "
        + "`@concurrent` function and `await` it."
    static let visits: [RuleVisit] = [.functionCall(visit)]

    static func visit(_ node: FunctionCallExprSyntax, in context: inout RuleContext) {
        guard context.scopes.current.isolation.isMainActor, !isAwaited(node), let blocking = BlockingCall.matching(node)
        else { return }
        context.record(id, at: node, message: "`\(blocking.name)` blocks the main thread until \(blocking.waitsFor).")
    }

    /// Whether the call is written with `await` (an async API's, which suspends rather than blocks).
    private static func isAwaited(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let parent = node {
            if parent.is(AwaitExprSyntax.self) { return true }
            guard
                parent.is(TryExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
                    || parent.is(OptionalChainingExprSyntax.self)
            else { return false }
            node = parent.parent
        }
        return false
    }
}

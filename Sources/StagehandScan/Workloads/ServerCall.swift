import SwiftSyntax

/// A sign, in a function's body, that it talks to a server: a URL session's request (`session.data(for:)`,
/// `URLSession.shared.bytes(from:)`: a method of the name on something named like a session, not a cache's
/// `data(for:)`), or a network client's type named (`URLSession`, `HTTPClient`, `NWConnection`, …). A plan that ran such a function would send real requests, so it measures one only when told
/// to (`stagehand plan --allow-network`). The list is data: to add an API, add a line.
enum ServerCall {
    /// Types whose use in a body means a request goes out.
    static let clientTypes: Set<String> = [
        "URLSession", "URLRequest", "URLSessionWebSocketTask", "HTTPClient", "HTTPClientRequest", "NWConnection",
        "WebSocket",
    ]

    /// URL session methods that send a request, by name, with the label of their first argument.
    static let requests: [String: Set<String>] = [
        "data": ["for", "from"], "bytes": ["for", "from"], "upload": ["for"], "download": ["for", "from"],
        "dataTask": ["with"], "webSocketTask": ["with"],
    ]

    /// The first sign in `body`, as a note says it (`` calls `data(for:)` ``, `` uses `URLSession` ``), or `nil`.
    static func sign(in body: CodeBlockSyntax) -> String? {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    private final class Finder: SyntaxVisitor {
        private(set) var found: String?

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard found == nil else { return .skipChildren }
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                let labels = ServerCall.requests[member.declName.baseName.text],
                let label = node.arguments.first?.label?.text, labels.contains(label),
                member.base?.trimmedDescription.lowercased().contains("session") == true
            {
                found = "calls `\(member.declName.baseName.text)(\(label):)`"
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if found == nil, ServerCall.clientTypes.contains(node.baseName.text) {
                found = "uses `\(node.baseName.text)`"
            }
            return .skipChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            if found == nil, ServerCall.clientTypes.contains(node.name.text) { found = "uses `\(node.name.text)`" }
            return .skipChildren
        }
    }
}

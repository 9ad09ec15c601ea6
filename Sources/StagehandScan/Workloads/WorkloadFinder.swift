import SwiftSyntax

/// Finds the steps of the workloads a file declares in Swift: every `.io("label") { … }`, `.compute(…)` and `.ui(…)`
/// chained on a `CodeInteraction("name", …)` inside a `CodeWorkload("name", …) { … }`.
final class WorkloadFinder: SyntaxVisitor {
    /// A step as written, its closure not yet resolved.
    struct Found {
        var workload: String
        var interaction: String
        var step: String
        var kind: String
        var line: Int
        var closure: ClosureExprSyntax
    }

    /// The step kinds whose closure runs code of the app's (a `state` step's closure runs on a subsystem).
    static let kinds: Set<String> = ["io", "compute", "ui"]

    private let converter: SourceLocationConverter
    private(set) var steps: [Found] = []

    init(file: String, tree: SourceFileSyntax) {
        converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            Self.kinds.contains(member.declName.baseName.text),
            let label = node.arguments.first.flatMap({ Self.literal($0.expression) }),
            let closure = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self),
            let interaction = Self.interaction(under: member.base),
            let workload = Self.workload(around: node)
        else { return .visitChildren }
        steps.append(
            Found(
                workload: workload,
                interaction: interaction,
                step: label,
                kind: member.declName.baseName.text,
                line: node.calledExpression.endLocation(converter: converter).line,
                closure: closure
            )
        )
        return .visitChildren
    }

    /// The name of the `CodeInteraction(…)` at the start of a chain of step calls.
    private static func interaction(under base: ExprSyntax?) -> String? {
        var expression = base
        while let call = expression?.as(FunctionCallExprSyntax.self) {
            if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "CodeInteraction" {
                return call.arguments.first.flatMap { literal($0.expression) }
            }
            expression = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        }
        return nil
    }

    /// The name of the `CodeWorkload(…)` whose builder closure holds `node`.
    private static func workload(around node: some SyntaxProtocol) -> String? {
        var parent = node.parent
        while let current = parent {
            if let call = current.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "CodeWorkload"
            {
                return call.arguments.first.flatMap { literal($0.expression) }
            }
            parent = current.parent
        }
        return nil
    }

    /// The text of a string literal without interpolation.
    private static func literal(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
    }
}

import SwiftSyntax

/// One rule's check, as swift-format writes a lint rule: the nodes it looks at, each seen from the place the walk
/// has reached (``RuleContext``). A rule writes the visits it needs; the others do nothing.
///
/// A type, an extension, a function and an initializer reach a rule once the walk has entered them, so the context's
/// isolation is their own; a variable reaches it from the scope around it, since a finding there names the variable.
///
/// A rule is never an instance: its metatype is its line in ``scanRules``, hence `SendableMetatype`.
protocol ScanRule: SendableMetatype {
    /// The id its findings carry.
    static var id: Rule { get }

    /// A class, struct, enum, actor, protocol or extension.
    static func visit(_ node: some DeclGroupSyntax, in context: inout RuleContext)
    static func visit(_ node: FunctionDeclSyntax, in context: inout RuleContext)
    static func visit(_ node: InitializerDeclSyntax, in context: inout RuleContext)
    static func visit(_ node: VariableDeclSyntax, in context: inout RuleContext)
    static func visit(_ node: ImportDeclSyntax, in context: inout RuleContext)
    static func visit(_ node: FunctionCallExprSyntax, in context: inout RuleContext)
    static func visit(_ node: SequenceExprSyntax, in context: inout RuleContext)
}

extension ScanRule {
    static func visit(_ node: some DeclGroupSyntax, in context: inout RuleContext) {}
    static func visit(_ node: FunctionDeclSyntax, in context: inout RuleContext) {}
    static func visit(_ node: InitializerDeclSyntax, in context: inout RuleContext) {}
    static func visit(_ node: VariableDeclSyntax, in context: inout RuleContext) {}
    static func visit(_ node: ImportDeclSyntax, in context: inout RuleContext) {}
    static func visit(_ node: FunctionCallExprSyntax, in context: inout RuleContext) {}
    static func visit(_ node: SequenceExprSyntax, in context: inout RuleContext) {}
}

/// Every rule the walk runs, one line each: a new rule is its file and a line here.
let scanRules: [any ScanRule.Type] = [
    BlockingCallOnMainRule.self,
    DispatchQueueRule.self,
    CompletionHandlerRule.self,
    ObservableObjectRule.self,
    CombineRule.self,
    StrongSelfInStoredTaskRule.self,
    RedundantMainHopRule.self,
    UncheckedSendableRule.self,
]

/// What a rule sees of the place the walk has reached, and where its findings go.
struct RuleContext {
    /// The scopes around the node, innermost last: `scopes.current.isolation` is the code's.
    let scopes: Scopes
    /// The module's types.
    let index: TypeIndex
    /// The path findings name, relative to the scanned root.
    let file: String
    let converter: SourceLocationConverter
    private(set) var findings: [Finding] = []

    /// Records a finding at `node`'s first token, in the current scope's isolation, named by `symbol` or else by the
    /// innermost named scope.
    mutating func record(_ rule: Rule, at node: some SyntaxProtocol, symbol: String? = nil, message: String) {
        let location = node.start(in: converter)
        findings.append(
            Finding(
                rule: rule,
                file: file,
                line: location.line,
                column: location.column,
                isolation: scopes.current.isolation,
                symbol: symbol ?? scopes.symbol,
                message: message
            )
        )
    }
}

import SwiftSyntax

/// One rule's check, as swift-format writes a lint rule: the node kinds it looks at, each seen from the place the walk
/// has reached (``RuleContext``), and its messages, in its own file.
///
/// A rule names its visits (``visits``): each a node kind with the function that checks it. The compiler checks each
/// function against its kind, so a visit misspelled or missing its `inout` does not compile, and the walk calls a rule
/// only at the kinds it named (``RuleVisits``). A type, an extension, a function and an initializer reach a rule once
/// the walk has entered them, so the context's isolation is their own; a variable reaches it from the scope around it,
/// since a finding there names the variable.
///
/// A rule is never an instance: its metatype is its line in ``scanRules``, hence `SendableMetatype`.
protocol ScanRule: SendableMetatype {
    /// The id its findings carry.
    static var id: Rule { get }
    /// Why the guide warns about it, in one sentence (``Rule/why``).
    static var why: String { get }
    /// The guide's fix, in one sentence (``Rule/fix``).
    static var fix: String { get }
    /// The node kinds it looks at, each with its check.
    static var visits: [RuleVisit] { get }
}

/// A node kind a rule looks at, with the function that checks a node of it.
enum RuleVisit: Sendable {
    /// A class, struct, enum, actor, protocol or extension.
    case declGroup(@Sendable (any DeclGroupSyntax, inout RuleContext) -> Void)
    case function(@Sendable (FunctionDeclSyntax, inout RuleContext) -> Void)
    case initializer(@Sendable (InitializerDeclSyntax, inout RuleContext) -> Void)
    case variable(@Sendable (VariableDeclSyntax, inout RuleContext) -> Void)
    case importDecl(@Sendable (ImportDeclSyntax, inout RuleContext) -> Void)
    case functionCall(@Sendable (FunctionCallExprSyntax, inout RuleContext) -> Void)
    case sequence(@Sendable (SequenceExprSyntax, inout RuleContext) -> Void)
}

/// Every rule's checks by node kind, gathered once from ``scanRules``: the walk calls, at each node, only the checks of
/// its kind.
struct RuleVisits: Sendable {
    typealias Check<Node> = @Sendable (Node, inout RuleContext) -> Void

    var declGroup: [Check<any DeclGroupSyntax>] = []
    var function: [Check<FunctionDeclSyntax>] = []
    var initializer: [Check<InitializerDeclSyntax>] = []
    var variable: [Check<VariableDeclSyntax>] = []
    var importDecl: [Check<ImportDeclSyntax>] = []
    var functionCall: [Check<FunctionCallExprSyntax>] = []
    var sequence: [Check<SequenceExprSyntax>] = []

    /// The checks of `rules`, in their order.
    init(_ rules: [any ScanRule.Type]) {
        for visit in rules.flatMap({ $0.visits }) {
            switch visit {
            case .declGroup(let check): declGroup.append(check)
            case .function(let check): function.append(check)
            case .initializer(let check): initializer.append(check)
            case .variable(let check): variable.append(check)
            case .importDecl(let check): importDecl.append(check)
            case .functionCall(let check): functionCall.append(check)
            case .sequence(let check): sequence.append(check)
            }
        }
    }

    /// The checks of every rule the walk runs.
    static let all = RuleVisits(scanRules)
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

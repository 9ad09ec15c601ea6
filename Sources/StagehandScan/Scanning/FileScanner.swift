import SwiftSyntax

/// The one walk over a file: the isolation walker's scopes and, at each node, the rules in ``scanRules`` that look at
/// its kind (``RuleVisits``), the declaration indexer (for the workload finder) and the shared-state collector (for
/// the scaffold).
final class FileScanner: IsolationWalker {
    private let converter: SourceLocationConverter
    private(set) var findings: [Finding] = []
    private var declarations: DeclarationIndexer
    private var states: SharedStateCollector
    /// The rules' checks by node kind: every rule's (``RuleVisits/all``), or a test's.
    private let visits: RuleVisits

    /// The file's functions and initializers, and its calls.
    var functions: FunctionIndex { declarations.functions }
    /// The main-actor classes with stored mutable state the file declares, for a scaffold's subsystems.
    var sharedStates: [SharedState] { states.states }

    /// - Parameters:
    ///   - file: the path findings name, relative to the scanned root.
    ///   - index: the module's types.
    ///   - visits: the checks to run at each node kind.
    init(file: String, tree: SourceFileSyntax, index: TypeIndex, visits: RuleVisits = .all) {
        self.visits = visits
        converter = SourceLocationConverter(fileName: file, tree: tree)
        declarations = DeclarationIndexer(file: file, tree: tree, index: index, converter: converter)
        states = SharedStateCollector(file: file, converter: converter)
        super.init(file: file, index: index)
    }

    /// Runs `checks` (the rules' checks of the node's kind, ``RuleVisits``) on `node`, in the scopes the walk is in
    /// now.
    private func run<Node>(_ checks: [RuleVisits.Check<Node>], on node: Node) {
        guard !checks.isEmpty else { return }
        var context = RuleContext(scopes: scopes, index: index, file: file, converter: converter)
        for check in checks { check(node, &context) }
        findings += context.findings
    }

    // MARK: - Types and extensions: entered first

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = checked(node, super.visit(node))
        states.visit(node, in: scopes)
        return next
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { checked(node, super.visit(node)) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { checked(node, super.visit(node)) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { checked(node, super.visit(node)) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { checked(node, super.visit(node)) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { checked(node, super.visit(node)) }

    /// Runs the rules on a type or extension `super` has just entered, and goes on as it said.
    private func checked(
        _ node: some DeclGroupSyntax,
        _ next: SyntaxVisitorContinueKind
    ) -> SyntaxVisitorContinueKind {
        run(visits.declGroup, on: node)
        return next
    }

    // MARK: - Functions and initializers: entered first; variables: seen from around them

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        declarations.visit(node, in: scopes)
        run(visits.function, on: node)
        return next
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        declarations.visit(node, in: scopes)
        run(visits.initializer, on: node)
        return next
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        run(visits.variable, on: node)
        return super.visit(node)
    }

    // MARK: - Imports and expressions: no scope of their own

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        run(visits.importDecl, on: node)
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        declarations.visit(node, in: scopes)
        run(visits.functionCall, on: node)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        run(visits.sequence, on: node)
        return .visitChildren
    }
}

import SwiftSyntax

/// The one walk over a file: the isolation walker's scopes and, at each node, what each rule finds there, the
/// file's declarations and calls for the workload finder, and its shared state for the scaffold.
final class FileScanner: IsolationWalker {
    private let converter: SourceLocationConverter
    private(set) var findings: [Finding] = []
    private var declarations: DeclarationIndexer
    private var states: SharedStateCollector

    /// The file's functions and initializers, and its calls.
    var functions: FunctionIndex { declarations.functions }
    /// The main-actor classes with stored mutable state the file declares, for a scaffold's subsystems.
    var sharedStates: [SharedState] { states.states }

    /// - Parameters:
    ///   - file: the path findings name, relative to the scanned root.
    ///   - index: the module's types.
    init(file: String, tree: SourceFileSyntax, index: TypeIndex) {
        converter = SourceLocationConverter(fileName: file, tree: tree)
        declarations = DeclarationIndexer(file: file, tree: tree, index: index, converter: converter)
        states = SharedStateCollector(file: file, converter: converter)
        super.init(file: file, index: index)
    }

    // MARK: - Types and extensions

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        checkInheritance(node.inheritanceClause)
        states.visit(node, in: scopes)
        return next
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        checkInheritance(node.inheritanceClause)
        return next
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        checkInheritance(node.inheritanceClause)
        return next
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        checkInheritance(node.inheritanceClause)
        return next
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        checkInheritance(node.inheritanceClause)
        return next
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        checkInheritance(node.inheritanceClause)
        return next
    }

    // MARK: - Functions and properties

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        declarations.visit(node, in: scopes)
        if !signatureIsDictated(node), node.signature.effectSpecifiers?.asyncSpecifier == nil {
            checkCompletionHandlers(node.signature.parameterClause)
        }
        return next
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = super.visit(node)
        declarations.visit(node, in: scopes)
        if !node.modifiers.contains(where: { $0.name.text == "override" }),
            node.signature.effectSpecifiers?.asyncSpecifier == nil
        {
            checkCompletionHandlers(node.signature.parameterClause)
        }
        return next
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // Before entering: a finding on a variable names the variable, in the isolation of the code around it.
        let name = node.boundName
        if node.attributes.names.contains("Published") {
            record(
                .observableObject,
                at: Syntax(node),
                symbol: scopes.qualified(name),
                message: "`\(name)` is `@Published`."
            )
        }
        if node.modifiers.contains(where: { $0.name.text == "nonisolated" && $0.detail?.detail.text == "unsafe" }) {
            record(
                .uncheckedSendable,
                at: Syntax(node),
                symbol: scopes.qualified(name),
                message: "`\(name)` is `nonisolated(unsafe)`."
            )
        }
        return super.visit(node)
    }

    /// `observable-object` and `unchecked-sendable` in what a type or extension conforms to.
    private func checkInheritance(_ clause: InheritanceClauseSyntax?) {
        let name = scopes.current.typeName ?? ""
        for inherited in clause?.inheritedTypes ?? [] {
            let type = inherited.type
            if Syntax(type).typeName == "ObservableObject" {
                record(
                    .observableObject,
                    at: Syntax(inherited),
                    symbol: name,
                    message: "`\(name)` conforms to `ObservableObject`."
                )
            }
            if let attributed = type.as(AttributedTypeSyntax.self), attributed.attributes.names.contains("unchecked") {
                record(
                    .uncheckedSendable,
                    at: Syntax(inherited),
                    symbol: name,
                    message: "`\(name)` is `@unchecked Sendable`."
                )
            }
        }
    }

    // MARK: - Rules on expressions

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.path.trimmedDescription == "Combine" {
            record(.combine, at: Syntax(node), symbol: "import", message: "The file imports Combine.")
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        declarations.visit(node, in: scopes)
        let callee = node.calledExpression.trimmedDescription
        let base = node.calleeBase
        let name = node.calleeName

        if scopes.current.isolation.isMainActor, !Self.isAwaited(node), let blocking = BlockingCall.matching(node) {
            record(
                .blockingCallOnMain,
                at: Syntax(node),
                message: "`\(blocking.name)` blocks the main thread until \(blocking.waitsFor)."
            )
        }
        if ["async", "asyncAfter"].contains(name),
            base.hasPrefix("DispatchQueue.main") || base.hasPrefix("DispatchQueue.global")
        {
            record(.dispatchQueue, at: Syntax(node), message: "`\(Self.collapsed(base)).\(name)` hops by hand.")
        }
        if scopes.current.isolation.isMainActor {
            if base == "MainActor", name == "run" {
                record(
                    .redundantMainHop,
                    at: Syntax(node),
                    message: "`MainActor.run` in code already on the main actor."
                )
            } else if callee == "Task",
                let closure = node.lastClosure,
                closure.signature?.attributes.names.contains("MainActor") == true
            {
                let awaits = closure.statements.tokens(viewMode: .sourceAccurate).contains {
                    $0.tokenKind == .keyword(.await)
                }
                record(
                    .redundantMainHop,
                    at: Syntax(node),
                    message: awaits
                        ? "`@MainActor in` is redundant: a `Task { … }` created on the main actor runs there."
                        : "`Task { @MainActor in … }` awaits nothing: it only defers this code to a later turn of the "
                            + "main run loop."
                )
            }
        }
        return .visitChildren
    }

    /// `DispatchQueue.global(qos: .userInitiated)` reads `DispatchQueue.global(…)` in a message.
    private static func collapsed(_ base: String) -> String {
        guard let open = base.firstIndex(of: "("), base.hasSuffix(")") else { return base }
        let inside = base[base.index(after: open)..<base.index(before: base.endIndex)]
        return inside.isEmpty ? base : base[..<open] + "(…)"
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

    /// `strong-self-in-stored-task`: `self.task = Task { … self … }`, in a class or an actor, without `[weak self]`.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let call = Self.unwrapped(elements[2]).as(FunctionCallExprSyntax.self),
            ["Task", "Task.detached"].contains(call.calledExpression.trimmedDescription)
                || call.calledExpression.is(GenericSpecializationExprSyntax.self)
                    && call.calledExpression.trimmedDescription.hasPrefix("Task<"),
            let closure = call.lastClosure,
            let typeName = scopes.current.typeName,
            let type = index.types[typeName], type.kind == .class || type.kind == .actor
        else { return .visitChildren }

        let target = elements[0]
        let property: String
        if let member = target.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            property = member.declName.baseName.text
        } else if let reference = target.as(DeclReferenceExprSyntax.self),
            type.storedProperties.contains(reference.baseName.text)
        {
            property = reference.baseName.text
        } else {
            return .visitChildren
        }
        guard type.storedProperties.contains(property) || target.is(MemberAccessExprSyntax.self) else {
            return .visitChildren
        }
        let weakSelf =
            closure.signature?.capture?.items.contains { item in
                item.name.text == "self" && ["weak", "unowned"].contains(item.specifier?.specifier.text ?? "")
            } == true
        guard !weakSelf, let use = Self.selfUse(in: closure, members: type.members) else { return .visitChildren }
        record(
            .strongSelfInStoredTask,
            at: Syntax(node),
            message: "The task stored in `\(property)` captures `self` strongly (`\(use)`)."
        )
        return .visitChildren
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
        let locals = localNames(visibleIn: closure)
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

    /// Names bound by the enclosing function before `closure` (its parameters, `let`s, `if let`s) and inside it.
    private static func localNames(visibleIn closure: ClosureExprSyntax) -> Set<String> {
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

    /// Whether a function's signature is not its author's to change: an `override`; a member of an extension that
    /// adds conformances only to protocols the project does not declare (an SDK's, whose requirements these are:
    /// `extension AppDelegate: NSWindowRestoration`); or a delegate method, named as Cocoa's are after the type of
    /// its unlabeled first parameter (`application(_ application: NSApplication, …)`), in a type that conforms to a
    /// `…Delegate` or `…DataSource` protocol.
    private func signatureIsDictated(_ function: FunctionDeclSyntax) -> Bool {
        if function.modifiers.contains(where: { $0.name.text == "override" }) { return true }
        if let conformances = function.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self)?
            .inheritanceClause?.inheritedTypes.map({ Syntax($0.type).typeName }),
            conformances.allSatisfy({ index.types[$0] == nil })
        {
            return true  // the function is a member of the extension: item, list, block, extension
        }
        guard let first = function.signature.parameterClause.parameters.first, first.firstName.text == "_" else {
            return false
        }
        var type = first.type
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = unwrapped.wrappedType }
        let typeName = Syntax(type).typeName.lowercased()
        let name = function.name.text.lowercased()
        guard typeName.hasSuffix(name), typeName.count - name.count <= 3 else { return false }
        return conformances(around: function).contains { $0.hasSuffix("Delegate") || $0.hasSuffix("DataSource") }
    }

    /// What the type or extension declaring `member` conforms to, there and in its declaration's file.
    private func conformances(around member: some SyntaxProtocol) -> [String] {
        var node = member.parent
        while let current = node {
            if let decl = current.asProtocol(DeclGroupSyntax.self) {
                let own = decl.inheritanceClause?.inheritedTypes.map { Syntax($0.type).typeName } ?? []
                let name =
                    current.as(ExtensionDeclSyntax.self).map { Syntax($0.extendedType).typeName }
                    ?? current.asProtocol(NamedDeclSyntax.self)?.name.text
                return own + (name.flatMap { index.types[$0]?.inherits } ?? [])
            }
            node = current.parent
        }
        return []
    }

    /// `completion-handler`: an escaping closure parameter that delivers a result or an error and returns nothing, in
    /// a synchronous function whose signature its author chose. A progress handler, called many times, is not one.
    private func checkCompletionHandlers(_ parameters: FunctionParameterClauseSyntax) {
        for parameter in parameters.parameters {
            var type = parameter.type
            var escaping = false
            if let attributed = type.as(AttributedTypeSyntax.self) {
                escaping = attributed.attributes.names.contains("escaping")
                type = attributed.baseType
            }
            if let optional = type.as(OptionalTypeSyntax.self) {
                escaping = true  // an optional closure is escaping
                type = optional.wrappedType
            }
            while let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first
            {
                type = only.type
            }
            let name = (parameter.secondName ?? parameter.firstName).text
            let lowercased = name.lowercased()
            guard escaping, !lowercased.contains("progress") else { continue }
            let handlerName = ["completion", "handler", "callback", "reply"].contains { lowercased.contains($0) }
            let message: String
            if let function = type.as(FunctionTypeSyntax.self) {
                let delivered = function.parameters.trimmedDescription
                // A closure that returns something (`(Error) -> Toast`) maps a value; a handler returns nothing.
                guard ["Void", "()"].contains(function.returnClause.type.trimmedDescription),
                    delivered.contains("Result<") || delivered.contains("Error")
                        || (handlerName && !function.parameters.isEmpty)
                else { continue }
                message = "`\(name)` delivers `\(delivered)` through an escaping closure."
            } else if handlerName, parameter.type.is(AttributedTypeSyntax.self), type.is(IdentifierTypeSyntax.self) {
                // `completion: @escaping ArticleSetBlock`: only a function type can be `@escaping`.
                message = "`\(name)` delivers its result through an escaping closure (`\(type.trimmedDescription)`)."
            } else {
                continue
            }
            record(.completionHandler, at: Syntax(parameter), message: message)
        }
    }

    // MARK: - Recording

    private func record(_ rule: Rule, at node: Syntax, symbol: String? = nil, message: String) {
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

/// The names bound in a piece of code: variable and `if let` patterns (those written before `before`, when set) and
/// closure parameters.
private final class BindingCollector: SyntaxVisitor {
    /// Where bindings stop counting; `nil` for all of them.
    var before: AbsolutePosition?
    var names: Set<String> = []

    init() { super.init(viewMode: .sourceAccurate) }

    private func counts(_ node: some SyntaxProtocol) -> Bool { before.map { node.position < $0 } ?? true }

    func add(_ parameters: FunctionParameterClauseSyntax) {
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

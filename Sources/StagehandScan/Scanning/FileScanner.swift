import SwiftSyntax

/// Walks one file, keeping the isolation of every place it passes through (a stack of scopes: types, extensions,
/// functions, accessors, closures), and records what each rule finds there.
final class FileScanner: SyntaxVisitor {
    /// One level of the walk.
    private struct Scope {
        enum Kind { case file, type, function, closure }

        var kind: Kind
        var isolation: Isolation
        /// How findings inside name it: `FeedViewModel`, `load(from:)`; `nil` for a closure.
        var symbol: String?
        /// The type whose members this scope's code can reach through implicit `self`.
        var typeName: String?
    }

    private let file: String
    private let index: TypeIndex
    private let converter: SourceLocationConverter
    /// The file's UTF-8, for the text of the declarations it indexes.
    private let source: [UInt8]
    private var scopes: [Scope]
    private(set) var findings: [Finding] = []
    /// The file's functions and initializers, and its calls.
    private(set) var functions = FunctionIndex()
    /// The main-actor classes with stored mutable state the file declares, for a scaffold's subsystems.
    private(set) var sharedStates: [SharedState] = []

    /// - Parameters:
    ///   - file: the path findings name, relative to the scanned root.
    ///   - index: the module's types.
    init(file: String, tree: SourceFileSyntax, index: TypeIndex) {
        self.file = file
        self.index = index
        converter = SourceLocationConverter(fileName: file, tree: tree)
        source = Array(tree.syntaxTextBytes)
        let topLevel: Isolation =
            file == "main.swift" || file.hasSuffix("/main.swift")
            ? .mainActor("top-level code in main.swift runs on the main actor")
            : index.defaultIsolation.isMainActor
                ? .mainActor("the default isolation: \(index.defaultIsolation.source)")
                : .nonisolated("top-level code with no actor attribute, and no default isolation")
        scopes = [Scope(kind: .file, isolation: topLevel, symbol: nil, typeName: nil)]
        super.init(viewMode: .sourceAccurate)
    }

    private var current: Scope { scopes[scopes.count - 1] }
    /// The scope around the current one: a function's type or extension, once ``enterMember(_:_:_:)`` has entered it.
    private var enclosing: Scope { scopes[max(scopes.count - 2, 0)] }

    // MARK: - Types and extensions

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let next = enterType(node.name.text, node.attributes, node.inheritanceClause)
        let state = SharedState(
            node,
            symbol: current.symbol ?? node.name.text,
            file: file,
            line: node.startLocation(converter: converter, afterLeadingTrivia: true).line,
            isolation: current.isolation
        )
        if let state { sharedStates.append(state) }
        return next
    }

    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node.attributes, node.inheritanceClause)
    }

    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node.attributes, node.inheritanceClause)
    }

    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node.attributes, node.inheritanceClause)
    }

    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node.attributes, node.inheritanceClause)
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = Syntax(node.extendedType).typeName
        let isolation =
            explicitIsolation(node.attributes, node.modifiers, what: "this extension")
            ?? index.isolation(ofType: name)
            ?? (index.defaultIsolation.isMainActor
                ? .mainActor("the default isolation: \(index.defaultIsolation.source)")
                : .nonisolated("`\(name)` is not declared here and is not known to be main-actor"))
        scopes.append(Scope(kind: .type, isolation: isolation, symbol: name, typeName: name))
        checkInheritance(node.inheritanceClause, of: name)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    private func enterType(
        _ name: String,
        _ attributes: AttributeListSyntax,
        _ inheritance: InheritanceClauseSyntax?
    ) -> SyntaxVisitorContinueKind {
        let isolation = index.isolation(ofType: name) ?? .nonisolated("`\(name)` has no actor isolation")
        let symbol = scopes.compactMap { $0.kind == .type ? $0.symbol : nil }.last.map { "\($0).\(name)" } ?? name
        scopes.append(Scope(kind: .type, isolation: isolation, symbol: symbol, typeName: name))
        checkInheritance(inheritance, of: name)
        return .visitChildren
    }

    /// `observable-object` and `unchecked-sendable` in what a type or extension conforms to.
    private func checkInheritance(_ clause: InheritanceClauseSyntax?, of name: String) {
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

    // MARK: - Functions, properties, closures

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        let isMember = current.kind == .type || current.kind == .file
        enterMember("\(node.name.text)(\(labels))", node.attributes, node.modifiers)
        if isMember {
            index(
                node.name.text,
                node.signature,
                at: Syntax(node),
                body: node.body,
                modifiers: node.modifiers,
                generics: node.genericParameterClause
            )
        }
        if !signatureIsDictated(node), node.signature.effectSpecifiers?.asyncSpecifier == nil {
            checkCompletionHandlers(node.signature.parameterClause)
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        let isMember = current.kind == .type
        enterMember("init(\(labels))", node.attributes, node.modifiers)
        if isMember { index("init", node.signature, at: Syntax(node), body: node.body, modifiers: node.modifiers) }
        if !node.modifiers.contains(where: { $0.name.text == "override" }),
            node.signature.effectSpecifiers?.asyncSpecifier == nil
        {
            checkCompletionHandlers(node.signature.parameterClause)
        }
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let isolated = node.modifiers.contains { $0.name.text == "isolated" }
        scopes.append(
            Scope(
                kind: .function,
                isolation: isolated ? current.isolation : .nonisolated("`deinit` is nonisolated"),
                symbol: qualified("deinit"),
                typeName: current.typeName
            )
        )
        return .visitChildren
    }

    override func visitPost(_ node: DeinitializerDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.bindings.first?.pattern.trimmedDescription ?? "_"
        if node.attributes.names.contains("Published") {
            record(.observableObject, at: Syntax(node), symbol: qualified(name), message: "`\(name)` is `@Published`.")
        }
        if node.modifiers.contains(where: { $0.name.text == "nonisolated" && $0.detail?.detail.text == "unsafe" }) {
            record(
                .uncheckedSendable,
                at: Syntax(node),
                symbol: qualified(name),
                message: "`\(name)` is `nonisolated(unsafe)`."
            )
        }
        if current.kind == .function || current.kind == .closure {
            // A local variable: its initializer runs where the code around it runs, and findings name that code.
            scopes.append(Scope(kind: .closure, isolation: current.isolation, symbol: nil, typeName: current.typeName))
        } else {
            enterMember(name, node.attributes, node.modifiers)
        }
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember("subscript", node.attributes, node.modifiers)
        return .visitChildren
    }

    override func visitPost(_ node: SubscriptDeclSyntax) { scopes.removeLast() }

    /// A member's isolation: its own attribute or modifier, else its type's (or, at the top level, the module's
    /// default; in a function, the function's).
    private func enterMember(_ name: String, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax) {
        let isolation: Isolation
        if let own = explicitIsolation(attributes, modifiers, what: "`\(name)`") {
            isolation = own
        } else if current.kind == .file {
            // A global or a top-level function: the module's default, not main.swift's top-level code.
            isolation =
                index.defaultIsolation.isMainActor
                ? .mainActor("the default isolation: \(index.defaultIsolation.source)")
                : .nonisolated("`\(name)` has no actor attribute, and the module's default isolation is nonisolated")
        } else {
            isolation = current.isolation
        }
        scopes.append(Scope(kind: .function, isolation: isolation, symbol: qualified(name), typeName: current.typeName))
    }

    /// Adds the function or initializer just entered to the file's index, under the type it is declared in.
    private func index(
        _ name: String,
        _ signature: FunctionSignatureSyntax,
        at node: Syntax,
        body: CodeBlockSyntax?,
        modifiers: DeclModifierListSyntax,
        generics: GenericParameterClauseSyntax? = nil
    ) {
        let parameters = signature.parameterClause.parameters.map { parameter in
            // `inout [String]`: the type is `[String]`, and the call passes a variable.
            let inoutBase = parameter.type.as(AttributedTypeSyntax.self).flatMap { attributed in
                attributed.specifiers.contains { $0.trimmedDescription == "inout" } ? attributed.baseType : nil
            }
            let type = inoutBase ?? parameter.type
            return FunctionIndex.Parameter(
                label: parameter.firstName.text,
                hasDefault: parameter.defaultValue != nil,
                name: (parameter.secondName ?? parameter.firstName).text,
                type: Self.oneLine(type.trimmedDescription) + (parameter.ellipsis != nil ? "..." : ""),
                isInout: inoutBase != nil,
                isVariadic: parameter.ellipsis != nil
            )
        }
        let modifierNames = Set(modifiers.map(\.name.text))
        let type = current.typeName.flatMap { index.types[$0] }
        let traits = FunctionIndex.Traits(
            isStatic: !modifierNames.isDisjoint(with: ["static", "class"]),
            isThrowing: signature.effectSpecifiers?.throwsClause != nil,
            returnsValue: name == "init"
                || signature.returnClause.map { !["Void", "()"].contains($0.type.trimmedDescription) } ?? false,
            isVisibleToOtherModules: !modifierNames.isDisjoint(with: ["public", "open", "package"]),
            isMutating: modifierNames.contains("mutating"),
            typeHasShared: type.map { !$0.isAmbiguous && $0.staticMembers.contains("shared") } ?? false,
            typeIsMainActor: current.typeName != nil && enclosing.isolation.isMainActor,
            typeGenerics: type?.generics,
            unfixedResult: Self.unfixedResult(generics, signature),
            work: (body.map(WorkSignal.signals) ?? []) + [WorkSignal.named(name)].compactMap { $0 }
        )
        let isAsync = signature.effectSpecifiers?.asyncSpecifier != nil
        // The declaration as written up to its body, and the same with `async` after its parameters.
        let start = node.positionAfterSkippingLeadingTrivia
        let end = body?.positionAfterSkippingLeadingTrivia ?? node.endPositionBeforeTrailingTrivia
        let parametersEnd = signature.parameterClause.endPositionBeforeTrailingTrivia
        let head = text(from: start, to: parametersEnd)
        let tail = text(from: parametersEnd, to: end)
        let declaration = Declaration(
            symbol: current.symbol ?? name,
            file: file,
            line: node.startLocation(converter: converter, afterLeadingTrivia: true).line,
            isolation: current.isolation,
            isAsync: isAsync,
            signature: Self.oneLine(head + tail),
            asyncSignature: Self.oneLine(isAsync ? head + tail : head + " async" + tail)
        )
        functions.add(
            .init(declaration: declaration, name: name, type: current.typeName, parameters: parameters, traits: traits)
        )
    }

    /// The result's type when it names a generic parameter no parameter's type names, which the caller must then
    /// say: `T: Decodable` of `func decode<T: Decodable>(_ data: Data) -> T`, and
    /// `(Entity, LinkHandler?) where Entity: Decodable` of `-> (Entity, LinkHandler?)`.
    private static func unfixedResult(
        _ generics: GenericParameterClauseSyntax?,
        _ signature: FunctionSignatureSyntax
    ) -> String? {
        guard let generics, let result = signature.returnClause?.type else { return nil }
        func names(_ node: some SyntaxProtocol) -> Set<String> {
            Set(
                node.tokens(viewMode: .sourceAccurate).compactMap { token in
                    if case .identifier(let name) = token.tokenKind { return name }
                    return nil
                }
            )
        }
        let inResult = names(result)
        // The parameters a call passes: one with a default (`as type: T.Type = T.self`) fixes nothing when left out.
        let inParameters = signature.parameterClause.parameters.filter { $0.defaultValue == nil }
            .reduce(into: Set<String>()) { $0.formUnion(names($1)) }
        guard
            let parameter = generics.parameters.first(where: {
                inResult.contains($0.name.text) && !inParameters.contains($0.name.text)
            })
        else { return nil }
        let name = parameter.name.text
        let constraint = parameter.inheritedType.map { "\(name): \(oneLine($0.trimmedDescription))" }
        let type = oneLine(result.trimmedDescription).replacing("( ", with: "(").replacing(" )", with: ")")
        guard type != name else { return constraint ?? name }
        return constraint.map { "\(type) where \($0)" } ?? type
    }

    /// The file's source text between two positions.
    private func text(from start: AbsolutePosition, to end: AbsolutePosition) -> String {
        let lower = max(0, min(source.count, start.utf8Offset))
        let upper = min(source.count, max(lower, end.utf8Offset))
        return String(decoding: source[lower..<upper], as: UTF8.self)
    }

    /// Code on one line: every run of white space (line breaks and indentation too) as one space.
    static func oneLine(_ code: String) -> String {
        code.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What an attribute or modifier on a declaration says of its isolation, if anything.
    private func explicitIsolation(
        _ attributes: AttributeListSyntax,
        _ modifiers: DeclModifierListSyntax,
        what: String
    ) -> Isolation? {
        if modifiers.contains(where: { $0.name.text == "nonisolated" && $0.detail == nil }) {
            return .nonisolated("\(what) is `nonisolated`")
        }
        let names = attributes.names
        if names.contains("concurrent") { return .nonisolated("\(what) is `@concurrent`") }
        if names.contains("MainActor") { return .mainActor("\(what) is `@MainActor`") }
        if let actor = names.first(where: index.globalActors.contains) {
            return .globalActor("\(what) is `@\(actor)`")
        }
        return nil
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(Scope(kind: .closure, isolation: closureIsolation(node), symbol: nil, typeName: current.typeName))
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) { scopes.removeLast() }

    /// A closure's isolation: its own attribute (`@MainActor in`, `@Sendable`), else what the call it is passed to
    /// does with it (``KnownTypes/closureIsolation(name:base:member:)``), else its context's.
    private func closureIsolation(_ closure: ClosureExprSyntax) -> Isolation {
        let attributes = closure.signature?.attributes.names ?? []
        if attributes.contains("MainActor") { return .mainActor("the closure is `@MainActor`") }
        if attributes.contains("concurrent") { return .nonisolated("the closure is `@concurrent`") }
        if attributes.contains("Sendable") { return .nonisolated("a `@Sendable` closure inherits no actor") }
        guard let call = Self.call(passing: closure) else { return current.isolation }  // stored, or called here
        let callee = call.calledExpression
        let member = callee.as(MemberAccessExprSyntax.self)
        let name =
            callee.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? callee.as(GenericSpecializationExprSyntax.self)?.expression.trimmedDescription
        if let isolation = KnownTypes.closureIsolation(
            name: name,
            base: member?.base?.trimmedDescription,
            member: member?.declName.baseName.text
        ) {
            return isolation
        }
        let called = name ?? member?.declName.baseName.text ?? ""
        if called == "Task" || KnownTypes.inheritingCalls.contains(called) { return current.isolation }
        if let first = called.first, first.isUppercase, !KnownTypes.backgroundInitializers.contains(called) {
            return current.isolation  // `VStack { … }`, `Button("Save") { … }`
        }
        return .nonisolated("a closure passed to `\(called)`, which may call it on any thread")
    }

    /// The call `closure` is an argument or a trailing closure of.
    private static func call(passing closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var node = Syntax(closure).parent
        while let parent = node {
            if let call = parent.as(FunctionCallExprSyntax.self) {
                // `{ … }()` runs the closure right there, as a lazy or static property's initializer does.
                return call.calledExpression.id == Syntax(closure).id ? nil : call
            }
            guard
                parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
                    || parent.is(MultipleTrailingClosureElementSyntax.self)
                    || parent.is(MultipleTrailingClosureElementListSyntax.self)
            else { return nil }
            node = parent.parent
        }
        return nil
    }

    // MARK: - Rules on expressions

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.path.trimmedDescription == "Combine" {
            record(.combine, at: Syntax(node), symbol: "import", message: "The file imports Combine.")
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let shape = CallShape(node, enclosingType: current.typeName) {
            functions.add(
                .init(
                    shape: shape,
                    file: file,
                    line: node.startLocation(converter: converter, afterLeadingTrivia: true).line,
                    isolation: current.isolation,
                    symbol: scopes.last(where: { $0.symbol != nil })?.symbol ?? "top-level code",
                    position: node.position
                )
            )
        }
        let callee = node.calledExpression.trimmedDescription
        let member = node.calledExpression.as(MemberAccessExprSyntax.self)
        let base = member?.base?.trimmedDescription ?? ""
        let name = member?.declName.baseName.text ?? callee

        if current.isolation.isMainActor, !Self.isAwaited(node), let blocking = BlockingCall.matching(node) {
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
        if current.isolation.isMainActor {
            if base == "MainActor", name == "run" {
                record(
                    .redundantMainHop,
                    at: Syntax(node),
                    message: "`MainActor.run` in code already on the main actor."
                )
            } else if callee == "Task",
                let closure = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self),
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

    /// Whether code at `node` may `await`: inside an `async` function, or a `Task`'s or task group child's closure.
    static func inAsyncContext(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let function = current.as(FunctionDeclSyntax.self) {
                return function.signature.effectSpecifiers?.asyncSpecifier != nil
            }
            if let initializer = current.as(InitializerDeclSyntax.self) {
                return initializer.signature.effectSpecifiers?.asyncSpecifier != nil
            }
            if let closure = current.as(ClosureExprSyntax.self) {
                if closure.signature?.effectSpecifiers?.asyncSpecifier != nil { return true }
                if let call = call(passing: closure) {
                    let callee = call.calledExpression.trimmedDescription
                    let member = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    if callee == "Task" || callee.hasPrefix("Task<") || callee == "Task.detached"
                        || ["addTask", "addTaskUnlessCancelled", "addDiscardingTask", "task"].contains(member ?? "")
                    {
                        return true
                    }
                }
                return false  // a closure some other API calls: synchronous unless it says `async`
            }
            if current.is(AccessorDeclSyntax.self) || current.is(DeinitializerDeclSyntax.self) { return false }
            parent = current.parent
        }
        return false
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
            let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self),
            let typeName = current.typeName,
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

    private func qualified(_ name: String) -> String {
        if let enclosing = scopes.last(where: { $0.symbol != nil })?.symbol { return "\(enclosing).\(name)" }
        return name
    }

    private func record(_ rule: Rule, at node: Syntax, symbol: String? = nil, message: String) {
        let location = node.startLocation(converter: converter, afterLeadingTrivia: true)
        findings.append(
            Finding(
                rule: rule,
                file: file,
                line: location.line,
                column: location.column,
                isolation: current.isolation,
                symbol: symbol ?? scopes.last(where: { $0.symbol != nil })?.symbol ?? "top-level code",
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

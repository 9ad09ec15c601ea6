import SwiftSyntax

/// Walks one file keeping the isolation of every place it passes through: a scope for each type, extension,
/// function, accessor and closure, with its inferred isolation and why.
///
/// It only keeps the scopes. A subclass does the looking: it overrides the visits it needs, calling `super` to
/// enter the node's scope first (or after, to see the node from the scope around it), and reads ``scopes``.
class IsolationWalker: SyntaxVisitor {
    /// The path findings name, relative to the scanned root.
    let file: String
    /// The module's types.
    let index: TypeIndex
    private(set) var scopes: Scopes

    init(file: String, index: TypeIndex) {
        self.file = file
        self.index = index
        let topLevel =
            file == "main.swift" || file.hasSuffix("/main.swift")
            ? .mainActor("top-level code in main.swift runs on the main actor")
            : index.moduleDefault(else: "top-level code with no actor attribute, and no default isolation")
        scopes = Scopes(file: .init(kind: .file, isolation: topLevel, symbol: nil, typeName: nil))
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: - Types and extensions

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.leave() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { scopes.leave() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.leave() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.leave() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = Syntax(node.extendedType).typeName
        let isolation =
            explicitIsolation(node.attributes, node.modifiers, what: "this extension")
            ?? index.isolation(ofType: name)
            ?? index.moduleDefault(else: "`\(name)` is not declared here and is not known to be main-actor")
        scopes.enter(.init(kind: .type, isolation: isolation, symbol: name, typeName: name))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.leave() }

    private func enterType(_ name: String) -> SyntaxVisitorContinueKind {
        let isolation = index.isolation(ofType: name) ?? .nonisolated("`\(name)` has no actor isolation")
        let symbol = scopes.typeSymbol.map { "\($0).\(name)" } ?? name
        scopes.enter(.init(kind: .type, isolation: isolation, symbol: symbol, typeName: name))
        return .visitChildren
    }

    // MARK: - Functions, properties, closures

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember("\(node.name.text)(\(node.signature.parameterClause.labels))", node.attributes, node.modifiers)
    }

    override func visitPost(_ node: FunctionDeclSyntax) { scopes.leave() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember("init(\(node.signature.parameterClause.labels))", node.attributes, node.modifiers)
    }

    override func visitPost(_ node: InitializerDeclSyntax) { scopes.leave() }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let isolated = node.modifiers.contains { $0.name.text == "isolated" }
        let current = scopes.current
        scopes.enter(
            .init(
                kind: .function,
                isolation: isolated ? current.isolation : .nonisolated("`deinit` is nonisolated"),
                symbol: scopes.qualified("deinit"),
                typeName: current.typeName
            )
        )
        return .visitChildren
    }

    override func visitPost(_ node: DeinitializerDeclSyntax) { scopes.leave() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let current = scopes.current
        if current.kind == .function || current.kind == .closure {
            // A local variable: its initializer runs where the code around it runs, and findings name that code.
            scopes.enter(.init(kind: .closure, isolation: current.isolation, symbol: nil, typeName: current.typeName))
            return .visitChildren
        }
        return enterMember(node.boundName, node.attributes, node.modifiers)
    }

    override func visitPost(_ node: VariableDeclSyntax) { scopes.leave() }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember("subscript", node.attributes, node.modifiers)
    }

    override func visitPost(_ node: SubscriptDeclSyntax) { scopes.leave() }

    /// A member's isolation: its own attribute or modifier, else its type's (or, at the top level, the module's
    /// default; in a function, the function's).
    private func enterMember(
        _ name: String,
        _ attributes: AttributeListSyntax,
        _ modifiers: DeclModifierListSyntax
    ) -> SyntaxVisitorContinueKind {
        let current = scopes.current
        let isolation: Isolation
        if let own = explicitIsolation(attributes, modifiers, what: "`\(name)`") {
            isolation = own
        } else if current.kind == .file {
            // A global or a top-level function: the module's default, not main.swift's top-level code.
            isolation = index.moduleDefault(
                else: "`\(name)` has no actor attribute, and the module's default isolation is nonisolated"
            )
        } else {
            isolation = current.isolation
        }
        scopes.enter(
            .init(kind: .function, isolation: isolation, symbol: scopes.qualified(name), typeName: current.typeName)
        )
        return .visitChildren
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
        let current = scopes.current
        scopes.enter(.init(kind: .closure, isolation: closureIsolation(node), symbol: nil, typeName: current.typeName))
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) { scopes.leave() }

    /// A closure's isolation: its own attribute (`@MainActor in`, `@Sendable`), else what the call it is passed to
    /// does with it (``KnownTypes/closureIsolation(name:base:member:)``), else its context's.
    private func closureIsolation(_ closure: ClosureExprSyntax) -> Isolation {
        let current = scopes.current
        let attributes = closure.signature?.attributes.names ?? []
        if attributes.contains("MainActor") { return .mainActor("the closure is `@MainActor`") }
        if attributes.contains("concurrent") { return .nonisolated("the closure is `@concurrent`") }
        if attributes.contains("Sendable") { return .nonisolated("a `@Sendable` closure inherits no actor") }
        guard let call = closure.passedTo else { return current.isolation }  // stored, or called here
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
}

extension TypeIndex {
    /// The module's default isolation, for code with none of its own: the main actor when the module says so, else
    /// nonisolated, for the reason given.
    fileprivate func moduleDefault(else reason: String) -> Isolation {
        defaultIsolation.isMainActor
            ? .mainActor("the default isolation: \(defaultIsolation.source)") : .nonisolated(reason)
    }
}

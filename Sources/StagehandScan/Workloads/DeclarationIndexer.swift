import SwiftSyntax

/// Adds a file's functions and initializers, and its calls, to a ``FunctionIndex`` as the walk meets them: what a
/// workload's steps are resolved against, and where the scaffold looks for candidates.
struct DeclarationIndexer {
    private let file: String
    private let index: TypeIndex
    private let converter: SourceLocationConverter
    /// The file's UTF-8, for the text of the declarations it indexes.
    private let source: [UInt8]
    private(set) var functions = FunctionIndex()

    /// - Parameters:
    ///   - file: the path declarations name, relative to the scanned root.
    ///   - index: the module's types.
    init(file: String, tree: SourceFileSyntax, index: TypeIndex, converter: SourceLocationConverter) {
        self.file = file
        self.index = index
        self.converter = converter
        source = Array(tree.syntaxTextBytes)
    }

    /// A function the walk has just entered: indexed when it is a type's member or a global, not a local function.
    mutating func visit(_ node: FunctionDeclSyntax, in scopes: Scopes) {
        guard [.type, .file].contains(scopes.enclosing.kind) else { return }
        add(
            node.name.text,
            node.signature,
            at: Syntax(node),
            body: node.body,
            modifiers: node.modifiers,
            generics: node.genericParameterClause,
            in: scopes
        )
    }

    /// An initializer the walk has just entered: indexed when it is a type's member.
    mutating func visit(_ node: InitializerDeclSyntax, in scopes: Scopes) {
        guard scopes.enclosing.kind == .type else { return }
        add(
            "init",
            node.signature,
            at: Syntax(node),
            body: node.body,
            modifiers: node.modifiers,
            isFailable: node.optionalMark != nil,
            in: scopes
        )
    }

    /// A call, with what its callee's name, labels and receiver say of what it calls.
    mutating func visit(_ node: FunctionCallExprSyntax, in scopes: Scopes) {
        guard let shape = CallShape(node, enclosingType: scopes.current.typeName) else { return }
        functions.add(
            .init(
                shape: shape,
                file: file,
                line: node.start(in: converter).line,
                isolation: scopes.current.isolation,
                symbol: scopes.symbol,
                position: node.position,
                literals: node.arguments.map(\.expression.telltaleLiteral)
            )
        )
    }

    /// Adds the function or initializer just entered to the file's index, under the type it is declared in.
    private mutating func add(
        _ name: String,
        _ signature: FunctionSignatureSyntax,
        at node: Syntax,
        body: CodeBlockSyntax?,
        modifiers: DeclModifierListSyntax,
        generics: GenericParameterClauseSyntax? = nil,
        isFailable: Bool = false,
        in scopes: Scopes
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
                type: type.trimmedDescription.onOneLine + (parameter.ellipsis != nil ? "..." : ""),
                isInout: inoutBase != nil,
                isVariadic: parameter.ellipsis != nil
            )
        }
        let current = scopes.current
        let modifierNames = Set(modifiers.map(\.name.text))
        let type = current.typeName.flatMap { index.types[$0] }
        let traits = FunctionIndex.Traits(
            isStatic: !modifierNames.isDisjoint(with: ["static", "class"]),
            isThrowing: signature.effectSpecifiers?.throwsClause != nil,
            returnsValue: name == "init"
                || signature.returnClause.map { !["Void", "()"].contains($0.type.trimmedDescription) } ?? false,
            isVisibleToOtherModules: modifiers.isVisibleToOtherModules,
            isMutating: modifierNames.contains("mutating"),
            typeHasShared: type.map { !$0.isAmbiguous && $0.staticMembers.contains("shared") } ?? false,
            typeIsMainActor: current.typeName != nil && scopes.enclosing.isolation.isMainActor,
            typeGenerics: type?.generics,
            unfixedResult: Self.unfixedResult(generics, signature),
            work: (body.map(WorkSignal.signals) ?? []) + [WorkSignal.named(name)].compactMap { $0 },
            resultType: name == "init" ? nil : signature.returnClause?.type.trimmedDescription.onOneLine,
            isFailable: isFailable,
            server: body.flatMap(ServerCall.sign)
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
            line: node.start(in: converter).line,
            isolation: current.isolation,
            isAsync: isAsync,
            signature: (head + tail).onOneLine,
            asyncSignature: (isAsync ? head + tail : head + " async" + tail).onOneLine
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
        let constraint = parameter.inheritedType.map { "\(name): \($0.trimmedDescription.onOneLine)" }
        let type = result.trimmedDescription.onOneLine.replacing("( ", with: "(").replacing(" )", with: ")")
        guard type != name else { return constraint ?? name }
        return constraint.map { "\(type) where \($0)" } ?? type
    }

    /// The file's source text between two positions.
    private func text(from start: AbsolutePosition, to end: AbsolutePosition) -> String {
        let lower = max(0, min(source.count, start.utf8Offset))
        let upper = min(source.count, max(lower, end.utf8Offset))
        return String(decoding: source[lower..<upper], as: UTF8.self)
    }
}

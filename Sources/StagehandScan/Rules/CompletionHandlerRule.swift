import SwiftSyntax

/// `completion-handler`: an escaping closure parameter that delivers a result or an error and returns nothing, in
/// a synchronous function whose signature its author chose. A progress handler, called many times, is not one.
enum CompletionHandlerRule: ScanRule {
    static let id = Rule.completionHandler
    static let why =
        "A completion handler is the pre-concurrency way to deliver a result: callers nest, errors can be "
        + "dropped, and the handler's isolation is whatever thread calls it."
    static let fix =
        "Make the function `async` (and `throws`), returning the result; keep a completion-handler overload only "
        + "for callers that cannot await, written with `withCheckedThrowingContinuation`."
    static let visits: [RuleVisit] = [.function(visit), .initializer(visit)]

    static func visit(_ node: FunctionDeclSyntax, in context: inout RuleContext) {
        guard !signatureIsDictated(node, index: context.index), node.signature.effectSpecifiers?.asyncSpecifier == nil
        else { return }
        check(node.signature.parameterClause, in: &context)
    }

    static func visit(_ node: InitializerDeclSyntax, in context: inout RuleContext) {
        guard !node.modifiers.contains(where: { $0.name.text == "override" }),
            node.signature.effectSpecifiers?.asyncSpecifier == nil
        else { return }
        check(node.signature.parameterClause, in: &context)
    }

    /// Whether a function's signature is not its author's to change: an `override`; a member of an extension that
    /// adds conformances only to protocols the project does not declare (an SDK's, whose requirements these are:
    /// `extension AppDelegate: NSWindowRestoration`); or a delegate method, named as Cocoa's are after the type of
    /// its unlabeled first parameter (`application(_ application: NSApplication, …)`), in a type that conforms to a
    /// `…Delegate` or `…DataSource` protocol.
    private static func signatureIsDictated(_ function: FunctionDeclSyntax, index: TypeIndex) -> Bool {
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
        return conformances(around: function, index: index).contains {
            $0.hasSuffix("Delegate") || $0.hasSuffix("DataSource")
        }
    }

    /// What the type or extension declaring `member` conforms to, there and in its declaration's file.
    private static func conformances(around member: some SyntaxProtocol, index: TypeIndex) -> [String] {
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

    /// Records each parameter that is a completion handler.
    private static func check(_ parameters: FunctionParameterClauseSyntax, in context: inout RuleContext) {
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
            context.record(id, at: parameter, message: message)
        }
    }
}

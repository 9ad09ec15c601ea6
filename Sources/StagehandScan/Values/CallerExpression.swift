import SwiftSyntax

/// What a caller passes for an argument, or calls a method on, as the caller makes it, lifted whole into a workload:
/// a literal, or an expression of literals and calls on named types, through the local constants it is bound to
/// before the call. `let highlighter = SyntaxHighlighter(format: HTMLOutputFormat())` before
/// `highlighter.highlight(code)` lifts `SyntaxHighlighter(format: HTMLOutputFormat())` as the instance; a test's
/// `let markdown = """ … """` before `decorator.decorate(markdown)` lifts the test's Markdown, lines and all.
///
/// What reads the world is not lifted: a variable, a parameter, a name a loop, a condition or a pattern binds,
/// `CommandLine.arguments[1]` (a subscript), a `try`, an `await`, a closure, an optional chain, or a member of a
/// type's static property (`AppSettings.shared.theme`, written so or through a constant), which is the app's state at
/// the moment rather than a value made. Whether the types, calls and static members it names are ones a workload can
/// reach is the resolver's to say (``typeNames``, ``calls``, ``members``).
struct CallerExpression: Sendable, Equatable {
    /// The expression, as written, with each constant it names replaced by what that constant is bound to (in
    /// parentheses where it is an operation, and `as` its annotation where the constant has one), and each type by
    /// its full name.
    var text: String
    /// The line of the first constant it came through (`let highlighter = …`), or `nil` when written at the call.
    var boundAt: Int?
    /// The capitalized names it uses as types: `SyntaxHighlighter`, `HTMLOutputFormat`.
    var typeNames: Set<String> = []
    /// The calls it makes, by shape.
    var calls: [CallShape] = []
    /// The static members it reads without calling, by type: `("HTMLOutputFormat", "default")`.
    var members: [StaticMember] = []
    /// Whether it holds a literal that says something of a value (a number, `true`, a string that is not empty):
    /// `Data()` or `[]` says nothing, `Limits(depth: 3)` does.
    var hasTelltaleLiteral = false
    /// Whether only the place it is used gives its type: an implicit member outside any call's arguments
    /// (`.standard(width: 80)`, `[.compact]`), which a value made before the runs must name (`… as Format`).
    var needsContext = false
    /// Whether it is an operation (`2 + 3`, `-depth`), which a place inside another expression puts in parentheses.
    var isOperation = false
    /// Whether it reads a type's static property and no more (`AppSettings.shared`): a member of it is the app's
    /// state, not a value made.
    var readsStaticProperty = false

    struct StaticMember: Sendable, Equatable {
        var type: String
        var name: String
    }

    /// How many constants deep a lift follows (`let a = B(c: c)` where `let c = …`).
    private static let maximumDepth = 3

    /// What `call` passes for its argument at `position`, as the caller makes it, or `nil`.
    ///
    /// - Parameters:
    ///   - lines: the line of a position in the call's file, asked only of a constant the lift goes through.
    ///   - qualify: a type's name as a workload writes it: `StatusEditor.Compressor` for the `Compressor` that code
    ///     inside `StatusEditor` names.
    static func argument(
        _ position: Int,
        of call: FunctionCallExprSyntax,
        lines: (AbsolutePosition) -> Int,
        qualify: (String) -> String
    ) -> CallerExpression? {
        let arguments = Array(call.arguments)
        guard position < arguments.count else { return nil }
        return lift(arguments[position].expression, lines: lines, qualify: qualify, depth: 0)
    }

    /// What `call` is a method call on, as the caller makes it (`highlighter` of `highlighter.highlight(code)`,
    /// `Parser(limits: Limits(depth: 3))` of `Parser(limits: Limits(depth: 3)).parse(text)`), or `nil`: never an
    /// implicit member, whose type nothing here gives, nor a type's static property (`Store.shared.load()`).
    static func receiver(
        of call: FunctionCallExprSyntax,
        lines: (AbsolutePosition) -> Int,
        qualify: (String) -> String
    ) -> CallerExpression? {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
            let lifted = lift(base, lines: lines, qualify: qualify, depth: 0),
            !lifted.needsContext, !lifted.readsStaticProperty
        else { return nil }
        return lifted
    }

    /// `expression` with every constant it names replaced by its binding's lifted value and every type by its name
    /// as `qualify` writes it, or `nil` when any part of it is not liftable.
    private static func lift(
        _ expression: ExprSyntax,
        lines: (AbsolutePosition) -> Int,
        qualify: (String) -> String,
        depth: Int
    ) -> CallerExpression? {
        guard depth <= maximumDepth else { return nil }
        let checker = Checker(root: Syntax(expression))
        checker.walk(expression)
        guard checker.isLiftable else { return nil }
        var result = CallerExpression(
            text: "",
            boundAt: nil,
            typeNames: Set(checker.types.map(\.baseName.text)),
            calls: checker.calls,
            members: checker.members,
            hasTelltaleLiteral: checker.hasTelltaleLiteral,
            needsContext: checker.needsContext,
            isOperation: expression.is(SequenceExprSyntax.self) || expression.is(PrefixOperatorExprSyntax.self),
            readsStaticProperty: Self.readsStaticProperty(expression)
        )
        // What replaces each name: a constant's value, a type's name in full.
        var replacements: [(DeclReferenceExprSyntax, String)] = []
        for reference in checker.constants {
            guard let bound = binding(of: reference.baseName.text, before: Syntax(reference)),
                var lifted = lift(bound.value, lines: lines, qualify: qualify, depth: depth + 1)
            else { return nil }
            if let annotation = bound.annotation {
                // `let bytes: [UInt8] = Array(repeating: 0, count: 64)` is `[UInt8]`, wherever it goes.
                let type = Self.qualified(annotation, qualify: qualify)
                if lifted.text.hasPrefix("."), annotation.is(IdentifierTypeSyntax.self) {
                    lifted.text = type.text + lifted.text  // `let format: HTMLFormat = .compact`: `HTMLFormat.compact`
                } else {
                    lifted.text = "(\(lifted.isOperation ? "(\(lifted.text))" : lifted.text) as \(type.text))"
                }
                lifted.typeNames.formUnion(type.names)
                lifted.needsContext = false
                lifted.isOperation = false
            }
            // A member of what reads a static property is the app's state: `let s = AppSettings.shared; s.theme`.
            if lifted.readsStaticProperty, reference.parent?.is(MemberAccessExprSyntax.self) == true { return nil }
            let isWhole = expression.as(DeclReferenceExprSyntax.self)?.id == reference.id
            if isWhole {
                result.readsStaticProperty = lifted.readsStaticProperty
                result.isOperation = lifted.isOperation
                result.needsContext = lifted.needsContext
            } else if lifted.needsContext {
                return nil  // what only its place types, inside another expression: no place types it there
            }
            // `let n = 2 + 3` in `n * 4` is `(2 + 3) * 4`.
            replacements.append((reference, lifted.isOperation && !isWhole ? "(\(lifted.text))" : lifted.text))
            result.typeNames.formUnion(lifted.typeNames)
            result.calls += lifted.calls
            result.members += lifted.members
            result.hasTelltaleLiteral = result.hasTelltaleLiteral || lifted.hasTelltaleLiteral
            let line = lines(bound.position)
            result.boundAt = min(result.boundAt ?? line, line)
        }
        for type in checker.types where qualify(type.baseName.text) != type.baseName.text {
            replacements.append((type, qualify(type.baseName.text)))
        }
        result.text = Self.replacing(replacements, in: expression)
        return result
    }

    /// The text of `node` with each reference replaced, back to front so that each offset holds.
    private static func replacing(
        _ replacements: [(DeclReferenceExprSyntax, String)],
        in node: some SyntaxProtocol
    )
        -> String
    {
        var text = Array(node.trimmedDescription.utf8)
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        for (reference, replacement) in replacements.sorted(by: { $0.0.position > $1.0.position }) {
            let lower = reference.positionAfterSkippingLeadingTrivia.utf8Offset - start
            let upper = reference.endPositionBeforeTrailingTrivia.utf8Offset - start
            text.replaceSubrange(lower..<upper, with: Array(replacement.utf8))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A type annotation with each type it names in full, and those names.
    private static func qualified(_ type: TypeSyntax, qualify: (String) -> String) -> (text: String, names: Set<String>)
    {
        var names: Set<String> = []
        var text = ""
        for token in type.tokens(viewMode: .sourceAccurate) {
            var written = token.text
            if token.parent?.is(IdentifierTypeSyntax.self) == true, written.first?.isUppercase == true {
                names.insert(written)
                written = qualify(written)
            }
            text += token.leadingTrivia.description + written + token.trailingTrivia.description
        }
        return (text.trimmingCharacters(in: .whitespacesAndNewlines), names)
    }

    /// Whether `expression` reads a type's static property and no more: `AppSettings.shared`.
    private static func readsStaticProperty(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text.first?.isLowercase == true,
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return false }
        return base.baseName.text.first?.isUppercase == true
    }

    // MARK: - Constants

    /// A constant's binding: its value, its type annotation, and where it is.
    private struct Bound {
        var value: ExprSyntax
        var annotation: TypeSyntax?
        var position: AbsolutePosition
    }

    /// The binding of the constant `name` (`let name = …`) in the nearest statements before `node` that bind or
    /// shadow the name; `nil` when a parameter, a `var`, a pattern or nothing binds it there.
    private static func binding(of name: String, before node: Syntax) -> Bound? {
        var current = node
        while let parent = current.parent {
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items.reversed() where item.position < current.position {
                    switch Self.binds(name, item) {
                    case .none: continue
                    case .shadowed: return nil
                    case .constant(let bound): return bound
                    }
                }
            }
            // A type's members are not constants a call binds.
            if parent.is(MemberBlockSyntax.self) { return nil }
            // A name that a parameter, a loop, a `catch`, a condition or a case binds is no one value; a closure's
            // or a local function's body reaches its surroundings' constants otherwise.
            let binders: [Syntax?] = [
                parent.as(ClosureExprSyntax.self)?.signature.map(Syntax.init),
                parent.as(FunctionDeclSyntax.self).map { Syntax($0.signature) },
                parent.as(InitializerDeclSyntax.self).map { Syntax($0.signature) },
                parent.as(AccessorDeclSyntax.self)?.parameters.map(Syntax.init),
                parent.as(ForStmtSyntax.self).map { Syntax($0.pattern) },
                parent.as(CatchClauseSyntax.self).map { Syntax($0.catchItems) },
                parent.as(SwitchCaseSyntax.self).map { Syntax($0.label) },
            ]
            for case let binder? in binders
            where binder.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name }) {
                return nil
            }
            if parent.is(CatchClauseSyntax.self) && name == "error" { return nil }
            // Only the names a condition binds, and only for its body: `if !markdown.isEmpty { … }` binds none.
            let conditions =
                parent.as(IfExprSyntax.self).map { ($0.conditions, $0.body.id) }
                ?? parent.as(WhileStmtSyntax.self).map { ($0.conditions, $0.body.id) }
            if let (conditions, body) = conditions, current.id == body, Self.bound(by: conditions).contains(name) {
                return nil
            }
            current = parent
        }
        return nil
    }

    private enum Binding {
        case none
        case shadowed
        case constant(Bound)
    }

    /// What the statement `item` does with `name`.
    private static func binds(_ name: String, _ item: CodeBlockItemSyntax) -> Binding {
        if let guardStatement = item.item.as(GuardStmtSyntax.self) {
            return bound(by: guardStatement.conditions).contains(name) ? .shadowed : .none
        }
        guard let variable = item.item.as(VariableDeclSyntax.self) else { return .none }
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                if binding.pattern.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name }) {
                    return .shadowed
                }
                continue
            }
            guard pattern.identifier.text == name else { continue }
            guard variable.bindingSpecifier.tokenKind == .keyword(.let), let value = binding.initializer?.value else {
                return .shadowed
            }
            return .constant(
                Bound(
                    value: value,
                    annotation: binding.typeAnnotation?.type,
                    position: item.positionAfterSkippingLeadingTrivia
                )
            )
        }
        return .none
    }

    /// The names `conditions` bind: `if let text`, `guard case .loaded(let text) = state`.
    private static func bound(by conditions: ConditionElementListSyntax) -> Set<String> {
        var names: Set<String> = []
        for element in conditions {
            let pattern: Syntax? =
                element.condition.as(OptionalBindingConditionSyntax.self).map { Syntax($0.pattern) }
                ?? element.condition.as(MatchingPatternConditionSyntax.self).map { Syntax($0.pattern) }
            guard let pattern else { continue }
            for token in pattern.tokens(viewMode: .sourceAccurate) {
                if case .identifier(let name) = token.tokenKind { names.insert(name) }
            }
        }
        return names
    }

    // MARK: - What a lift may copy

    /// Walks an expression, saying whether each node is one a lift may copy, and collecting the types it names,
    /// the calls it makes and the constants it names. (A node with a `visit` of its own here is one a lift may copy;
    /// every other comes to ``visitAny(_:)``.)
    private final class Checker: SyntaxAnyVisitor {
        let root: Syntax
        var isLiftable = true
        var calls: [CallShape] = []
        var constants: [DeclReferenceExprSyntax] = []
        var types: [DeclReferenceExprSyntax] = []
        var members: [StaticMember] = []
        var hasTelltaleLiteral = false
        var needsContext = false

        init(root: Syntax) {
            self.root = root
            super.init(viewMode: .sourceAccurate)
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            guard isLiftable else { return .skipChildren }
            if let expression = node.as(ExprSyntax.self), !Self.isAllowed(expression) {
                isLiftable = false
                return .skipChildren
            }
            if node.is(IntegerLiteralExprSyntax.self) || node.is(FloatLiteralExprSyntax.self)
                || node.is(BooleanLiteralExprSyntax.self)
                || (node.as(StringSegmentSyntax.self).map { !$0.content.text.isEmpty } ?? false)
            {
                hasTelltaleLiteral = true
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard isLiftable, node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty,
                var shape = CallShape(node, enclosingType: nil)
            else {
                isLiftable = false
                return .skipChildren
            }
            // `Outer.Inner(x)`: the nested type's initializer, not a function `Inner` of `Outer`.
            if shape.name.first?.isUppercase == true, case .exact = shape.type {
                shape.type = .exact(shape.name)
                shape.name = "init"
            }
            calls.append(shape)
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard isLiftable else { return .skipChildren }
            // A member of a type's static property (`AppAccountsManager.shared.pushAccounts`) is the app's state at
            // the moment, not a value made.
            if let inner = node.base, CallerExpression.readsStaticProperty(inner) {
                isLiftable = false
                return .skipChildren
            }
            if node.base == nil && !isInArguments(node) { needsContext = true }
            // `FeedPage.sample`, read and not called: the resolver checks the member is one a workload reaches.
            let name = node.declName.baseName.text
            if let type = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true,
                name.first?.isLowercase == true, name != "self",
                node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id
            {
                members.append(StaticMember(type: type, name: name))
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard isLiftable else { return .skipChildren }
            // A member's name (`sample` of `FeedPage.sample`) is the member access's business.
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                return .skipChildren
            }
            let name = node.baseName.text
            if node.baseName.tokenKind == .keyword(.self) || node.baseName.tokenKind == .keyword(.Self) {
                isLiftable = false
            } else if name.first?.isUppercase == true {
                types.append(node)
            } else {
                constants.append(node)
            }
            return .skipChildren
        }

        /// Whether `node` is inside a call's arguments within the lifted expression: a place whose parameter gives
        /// an implicit member its type.
        private func isInArguments(_ node: MemberAccessExprSyntax) -> Bool {
            var current = Syntax(node)
            while let parent = current.parent, current.id != root.id {
                if parent.is(LabeledExprSyntax.self), parent.parent?.parent?.is(FunctionCallExprSyntax.self) == true {
                    return true
                }
                current = parent
            }
            return false
        }

        /// The expressions a lift copies: literals, calls (without trailing closures), member accesses, names,
        /// generic types, parentheses, negation and arithmetic.
        private static func isAllowed(_ expression: ExprSyntax) -> Bool {
            if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return prefix.operator.text == "-" }
            if let operation = expression.as(BinaryOperatorExprSyntax.self) {
                return ["+", "-", "*", "/"].contains(operation.operator.text)
            }
            if let tuple = expression.as(TupleExprSyntax.self) { return tuple.elements.count == 1 }
            return expression.is(StringLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
                || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
                || expression.is(NilLiteralExprSyntax.self) || expression.is(ArrayExprSyntax.self)
                || expression.is(DictionaryExprSyntax.self) || expression.is(FunctionCallExprSyntax.self)
                || expression.is(MemberAccessExprSyntax.self) || expression.is(DeclReferenceExprSyntax.self)
                || expression.is(GenericSpecializationExprSyntax.self) || expression.is(SequenceExprSyntax.self)
        }
    }
}

import SwiftParser
import SwiftSyntax

/// What a caller passes for an argument, or calls a method on, as the caller makes it, lifted whole into a workload:
/// a literal, or an expression of literals and calls on named types, through the local constants it is bound to
/// before the call. `let highlighter = SyntaxHighlighter(format: HTMLOutputFormat())` before
/// `highlighter.highlight(code)` lifts `SyntaxHighlighter(format: HTMLOutputFormat())` as the instance; a test's
/// `let markdown = """ … """` before `decorator.decorate(markdown)` lifts the test's Markdown, lines and all.
///
/// Only what is made the same way wherever it runs is lifted: what reads the world or the moment (a variable, a
/// parameter, `CommandLine.arguments[1]`, a subscript, a `try`, an `await`, a closure, an optional chain) is not.
/// Whether the types and calls it names are ones a workload can reach is the resolver's to say (``typeNames``,
/// ``calls``).
struct CallerExpression: Sendable, Equatable {
    /// The expression, as written, with each constant it names replaced by what that constant is bound to.
    var text: String
    /// The line of the first constant it came through (`let highlighter = …`), or `nil` when written at the call.
    var boundAt: Int?
    /// The capitalized names it uses as types: `SyntaxHighlighter`, `HTMLOutputFormat`.
    var typeNames: Set<String>
    /// The calls it makes, by shape.
    var calls: [CallShape]
    /// The static members it reads without calling, by type: `("HTMLOutputFormat", "default")`.
    var members: [StaticMember] = []

    struct StaticMember: Sendable, Equatable {
        var type: String
        var name: String
    }

    /// Whether it holds a literal that says something of a value (a number, `true`, a string that is not empty):
    /// `Data()` or `[]` says nothing, `Limits(depth: 3)` does.
    var hasTelltaleLiteral = false

    /// Whether it is a literal alone (`"# Title"`, `40`, `[1, 2]`), with no call or type in it.
    var isLiteral: Bool { calls.isEmpty && typeNames.isEmpty }

    /// How many constants deep a lift follows (`let a = B(c: c)` where `let c = …`).
    private static let maximumDepth = 3

    /// What `call` passes for its argument at `position`, as the caller makes it, or `nil`.
    ///
    /// - Parameter qualify: a type's name as a workload writes it: `StatusEditor.Compressor` for the `Compressor`
    ///   that code inside `StatusEditor` names.
    static func argument(
        _ position: Int,
        of call: FunctionCallExprSyntax,
        in converter: SourceLocationConverter,
        qualify: (String) -> String
    ) -> CallerExpression? {
        let arguments = Array(call.arguments)
        guard position < arguments.count else { return nil }
        return lift(arguments[position].expression, in: converter, qualify: qualify, depth: 0)
    }

    /// What `call` is a method call on, as the caller makes it (`highlighter` of `highlighter.highlight(code)`,
    /// `Parser(limits: Limits(depth: 3))` of `Parser(limits: Limits(depth: 3)).parse(text)`), or `nil`.
    static func receiver(
        of call: FunctionCallExprSyntax,
        in converter: SourceLocationConverter,
        qualify: (String) -> String
    ) -> CallerExpression? {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        return lift(base, in: converter, qualify: qualify, depth: 0)
    }

    /// `expression` with every constant it names replaced by its binding's lifted value and every type by its name
    /// as `qualify` writes it, or `nil` when any part of it is not liftable.
    private static func lift(
        _ expression: ExprSyntax,
        in converter: SourceLocationConverter,
        qualify: (String) -> String,
        depth: Int
    ) -> CallerExpression? {
        guard depth <= maximumDepth else { return nil }
        let checker = Checker(viewMode: .sourceAccurate)
        checker.walk(expression)
        guard checker.isLiftable else { return nil }
        var result = CallerExpression(
            text: "",
            boundAt: nil,
            typeNames: Set(checker.types.map(\.baseName.text)),
            calls: checker.calls,
            members: checker.members,
            hasTelltaleLiteral: checker.hasTelltaleLiteral
        )
        // What replaces each name: a constant's value, a type's name in full.
        var replacements: [(DeclReferenceExprSyntax, String)] = []
        for reference in checker.constants {
            guard let (bound, line) = binding(of: reference.baseName.text, before: Syntax(reference), in: converter),
                let lifted = lift(bound, in: converter, qualify: qualify, depth: depth + 1)
            else { return nil }
            replacements.append((reference, lifted.text))
            result.typeNames.formUnion(lifted.typeNames)
            result.calls += lifted.calls
            result.members += lifted.members
            result.hasTelltaleLiteral = result.hasTelltaleLiteral || lifted.hasTelltaleLiteral
            result.boundAt = min(result.boundAt ?? line, line)
        }
        for type in checker.types where qualify(type.baseName.text) != type.baseName.text {
            replacements.append((type, qualify(type.baseName.text)))
        }
        // Back to front, so that each offset holds.
        var text = Array(expression.trimmedDescription.utf8)
        let start = expression.positionAfterSkippingLeadingTrivia.utf8Offset
        for (reference, replacement) in replacements.sorted(by: { $0.0.position > $1.0.position }) {
            let lower = reference.positionAfterSkippingLeadingTrivia.utf8Offset - start
            let upper = reference.endPositionBeforeTrailingTrivia.utf8Offset - start
            text.replaceSubrange(lower..<upper, with: Array(replacement.utf8))
        }
        result.text = String(decoding: text, as: UTF8.self)
        return result
    }

    /// The expression the constant `name` is bound to (`let name = …`, `let name: T = .member(…)` as `T.member(…)`),
    /// and its line, in the nearest statements before `node` that bind or shadow the name; `nil` when a parameter, a
    /// `var`, a pattern or nothing binds it there.
    private static func binding(
        of name: String,
        before node: Syntax,
        in converter: SourceLocationConverter
    )
        -> (ExprSyntax, Int)?
    {
        var current = node
        while let parent = current.parent {
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items.reversed() where item.position < current.position {
                    switch Self.binds(name, item.item) {
                    case .none: continue
                    case .shadowed: return nil
                    case .constant(let value): return (value, item.start(in: converter).line)
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
                parent.as(IfExprSyntax.self).map { Syntax($0.conditions) },
                parent.as(WhileStmtSyntax.self).map { Syntax($0.conditions) },
                parent.as(SwitchCaseSyntax.self).map { Syntax($0.label) },
            ]
            for case let binder? in binders
            where binder.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name }) {
                return nil
            }
            if parent.is(CatchClauseSyntax.self) && name == "error" { return nil }
            current = parent
        }
        return nil
    }

    private enum Binding {
        case none
        case shadowed
        case constant(ExprSyntax)
    }

    /// What the statement `item` does with `name`.
    private static func binds(_ name: String, _ item: CodeBlockItemSyntax.Item) -> Binding {
        if let guardStatement = item.as(GuardStmtSyntax.self) {
            let names = guardStatement.conditions.compactMap {
                $0.condition.as(OptionalBindingConditionSyntax.self)?.pattern.trimmedDescription
            }
            return names.contains(name) ? .shadowed : .none
        }
        guard let variable = item.as(VariableDeclSyntax.self) else { return .none }
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                if binding.pattern.trimmedDescription.contains(name) { return .shadowed }
                continue
            }
            guard pattern.identifier.text == name else { continue }
            guard variable.bindingSpecifier.tokenKind == .keyword(.let), let value = binding.initializer?.value else {
                return .shadowed
            }
            // `let markdown: String = …` is its value; `let format: HTMLOutputFormat = .init()` names its type.
            if let annotation = binding.typeAnnotation?.type, value.startsWithImplicitMember {
                let parsed = Parser.parse(source: "_ = " + annotation.trimmedDescription + value.trimmedDescription)
                if let sequence = parsed.statements.first?.item.as(SequenceExprSyntax.self),
                    let typed = sequence.elements.last, !parsed.hasError
                {
                    return .constant(typed)
                }
                return .shadowed
            }
            return .constant(value)
        }
        return .none
    }

    /// Walks an expression, saying whether each node is one a lift may copy, and collecting the types it names,
    /// the calls it makes and the constants it names. (A node with a `visit` of its own here is one a lift may copy;
    /// every other comes to ``visitAny(_:)``.)
    private final class Checker: SyntaxAnyVisitor {
        var isLiftable = true
        var calls: [CallShape] = []
        var constants: [DeclReferenceExprSyntax] = []
        var types: [DeclReferenceExprSyntax] = []
        var members: [StaticMember] = []
        var hasTelltaleLiteral = false

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
                let shape = CallShape(node, enclosingType: nil)
            else {
                isLiftable = false
                return .skipChildren
            }
            calls.append(shape)
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard isLiftable else { return .skipChildren }
            // A member of a type's static property (`AppAccountsManager.shared.pushAccounts`) is the app's state at
            // the moment, not a value made.
            if let inner = node.base?.as(MemberAccessExprSyntax.self),
                inner.declName.baseName.text.first?.isLowercase == true,
                inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
            {
                isLiftable = false
                return .skipChildren
            }
            // `FeedPage.sample`, read and not called: the resolver checks the member is one a workload reaches.
            if let type = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true,
                node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id
            {
                members.append(StaticMember(type: type, name: node.declName.baseName.text))
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

extension ExprSyntax {
    /// Whether the expression starts with an implicit member (`.init()`, `.standard`, `.sample(count: 3)`), whose
    /// type only its context says.
    fileprivate var startsWithImplicitMember: Bool {
        if let member = self.as(MemberAccessExprSyntax.self) { return member.base == nil }
        if let call = self.as(FunctionCallExprSyntax.self) { return call.calledExpression.startsWithImplicitMember }
        return false
    }
}

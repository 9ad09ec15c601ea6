import SwiftSyntax

// What the walker, the rules and the indexers each read of the syntax tree in the same way.

extension Syntax {
    /// The last component of a type as written, without generic arguments, optionality or attributes:
    /// `Foo.Bar<Int>?` is `Bar`, `@unchecked Sendable` is `Sendable`.
    var typeName: String {
        if let attributed = self.as(AttributedTypeSyntax.self) { return Syntax(attributed.baseType).typeName }
        if let optional = self.as(OptionalTypeSyntax.self) { return Syntax(optional.wrappedType).typeName }
        if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
        if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return trimmedDescription
    }
}

extension SyntaxProtocol {
    /// Where the node's first token starts (after its leading comments and indentation): where a finding points.
    func start(in converter: SourceLocationConverter) -> SourceLocation {
        startLocation(converter: converter, afterLeadingTrivia: true)
    }

    /// Whether code here may `await`: inside an `async` function, or a `Task`'s or task group child's closure.
    var isInAsyncContext: Bool {
        var parent = self.parent
        while let current = parent {
            if let function = current.as(FunctionDeclSyntax.self) {
                return function.signature.effectSpecifiers?.asyncSpecifier != nil
            }
            if let initializer = current.as(InitializerDeclSyntax.self) {
                return initializer.signature.effectSpecifiers?.asyncSpecifier != nil
            }
            if let closure = current.as(ClosureExprSyntax.self) {
                if closure.signature?.effectSpecifiers?.asyncSpecifier != nil { return true }
                if let call = closure.passedTo {
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
}

extension SourceFileSyntax {
    /// The call that starts at `position`, the one of `name` when calls chained from one start share it
    /// (`a.b(c).d(e)`), else the innermost.
    func call(at position: AbsolutePosition, named name: String? = nil) -> FunctionCallExprSyntax? {
        var node = token(at: position).map(Syntax.init)
        var found: FunctionCallExprSyntax?
        while let current = node, current.position == position {
            if let call = current.as(FunctionCallExprSyntax.self) {
                guard let name, CallShape(call, enclosingType: nil)?.name != name else { return call }
                found = found ?? call
            }
            node = current.parent
        }
        return found
    }
}

extension AttributeListSyntax {
    /// The attributes' names: `@MainActor` is `MainActor`.
    var names: Set<String> {
        Set(
            compactMap { element in
                guard case .attribute(let attribute) = element else { return nil }
                return Syntax(attribute.attributeName).typeName
            }
        )
    }
}

extension DeclModifierListSyntax {
    /// `public`, `open` or `package`: what another module of the package (a workload executable) can reach.
    var isVisibleToOtherModules: Bool { contains { ["public", "open", "package"].contains($0.name.text) } }
}

extension ExprSyntax {
    /// The expression as written when it is a literal on one line that says something of a value: one string
    /// literal without interpolation, a number (negative too), `true` or `false`, or an array of those; not an empty
    /// string or array (`MastodonClient(server: "")` says nothing of a server). `nil` otherwise.
    var telltaleLiteral: String? {
        func isLiteral(_ expression: ExprSyntax) -> Bool {
            if let string = expression.as(StringLiteralExprSyntax.self) {
                guard string.openingQuote.tokenKind == .stringQuote, string.segments.count == 1,
                    case .stringSegment(let segment) = string.segments.first
                else { return false }
                return !segment.content.text.isEmpty
            }
            if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
                || expression.is(BooleanLiteralExprSyntax.self)
            {
                return true
            }
            if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
                return prefix.expression.is(IntegerLiteralExprSyntax.self)
                    || prefix.expression.is(FloatLiteralExprSyntax.self)
            }
            if let array = expression.as(ArrayExprSyntax.self) {
                return !array.elements.isEmpty && array.elements.allSatisfy { isLiteral($0.expression) }
            }
            return false
        }
        // As written, on its one line (collapsing spaces would change a string's value).
        let text = trimmedDescription
        return isLiteral(self) && !text.contains("\n") ? text : nil
    }
}

extension VariableDeclSyntax {
    /// How findings and scopes name the variable: its first binding's pattern (`items`, `(a, b)`).
    var boundName: String { bindings.first?.pattern.trimmedDescription ?? "_" }
}

extension FunctionParameterClauseSyntax {
    /// The argument labels as a symbol spells them: `from:_:`.
    var labels: String { parameters.map { "\($0.firstName.text):" }.joined() }
}

extension FunctionCallExprSyntax {
    /// What the callee is a member of, as written: `DispatchQueue.main` of `DispatchQueue.main.async`; empty for a
    /// call by name alone (`Task { … }`).
    var calleeBase: String { calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription ?? "" }

    /// The callee's own name: `async` of `DispatchQueue.main.async`, `Task` of `Task { … }`.
    var calleeName: String {
        calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? calledExpression.trimmedDescription
    }

    /// The closure the call passes last: its trailing closure, or a closure as its last argument.
    var lastClosure: ClosureExprSyntax? { trailingClosure ?? arguments.last?.expression.as(ClosureExprSyntax.self) }
}

extension ClosureExprSyntax {
    /// The call the closure is an argument or a trailing closure of.
    var passedTo: FunctionCallExprSyntax? {
        var node = Syntax(self).parent
        while let parent = node {
            if let call = parent.as(FunctionCallExprSyntax.self) {
                // `{ … }()` runs the closure right there, as a lazy or static property's initializer does.
                return call.calledExpression.id == Syntax(self).id ? nil : call
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
}

extension String {
    /// Code on one line: every run of white space (line breaks and indentation too) as one space.
    var onOneLine: String { split(whereSeparator: \.isWhitespace).joined(separator: " ") }
}

import SwiftSyntax

/// Finds how often a declaration runs, walking up from it to the first event the app's code shows: each call to it,
/// then each call to the function making that call, up to ``depth`` calls away. At each call it reads the closures
/// around it for the modifier or call that runs them (``CadenceEvent/modifiers``, a timer's interval) and for a
/// `Task.sleep` before the call (a debounce, which caps the rate); and the enclosing function's name, for UIKit's and
/// AppKit's callbacks. The nearest event wins; none within reach is no cadence, and the rate stays a stated guess.
final class CadenceFinder {
    static let depth = 4

    private let trees: [String: SourceFileSyntax]
    private var converters: [String: SourceLocationConverter] = [:]
    /// The view types a lazy container makes its rows of (`ForEach(items) { StatusRow(status: $0) }`), by name, with
    /// the container and where: read once, when a walk first needs it.
    private lazy var rowPlaces: [String: (container: String, place: String)] = {
        var rows: [String: (container: String, place: String)] = [:]
        for (file, tree) in trees.sorted(by: { $0.key < $1.key }) {
            let collector = RowCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            for (view, container, position) in collector.rows where rows[view] == nil {
                rows[view] = (container, "\(file):\(line(of: position, in: file))")
            }
        }
        return rows
    }()
    /// The calls to each declaration, by its symbol, outside the workloads' files.
    private let callers: [String: [FunctionIndex.Site]]

    /// - Parameter calls: the calls to each declaration, by its symbol (``FunctionIndex/calls(excluding:)``).
    init(calls: [String: [FunctionIndex.Site]], trees: [String: SourceFileSyntax]) {
        self.trees = trees
        callers = calls
    }

    func cadence(of declaration: Declaration) -> Cadence? {
        if let event = Self.callback(declaration.symbol) {
            return Cadence(
                ratePerSecond: event.ratePerSecond,
                source: "\(event.phrase): it is `\(declaration.symbol)` (\(declaration.file):\(declaration.line))"
            )
        }
        var frontier = [declaration.symbol]
        var seen: Set<String> = [declaration.symbol]
        for _ in 0..<Self.depth {
            // Every event this many calls away; the fastest of them, which the work must keep up with.
            var found: [Cadence] = []
            var next: [String] = []
            for symbol in frontier {
                // In file and line order: of two events as fast, the first in the tree is cited.
                for site in (callers[symbol] ?? []).sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
                    if let cadence = cadence(at: site) {
                        found.append(cadence)
                    } else if let event = Self.callback(site.symbol) {
                        found.append(
                            Cadence(
                                ratePerSecond: event.ratePerSecond,
                                source: "\(event.phrase): `\(site.symbol)` calls it (\(site.file):\(site.line))"
                            )
                        )
                    } else if seen.insert(site.symbol).inserted {
                        next.append(site.symbol)
                    }
                }
            }
            if let fastest = found.max(by: { $0.ratePerSecond < $1.ratePerSecond }) { return fastest }
            frontier = next
        }
        return nil
    }

    /// The event of a UIKit or AppKit callback named `symbol` (`PreviewViewModel.textDidChange(_:)`).
    private static func callback(_ symbol: String) -> CadenceEvent? {
        let name = symbol.prefix { $0 != "(" }.split(separator: ".").last.map(String.init) ?? ""
        return CadenceEvent.callbacks[name]
    }

    /// The event whose closure holds `site`, within its enclosing declaration. A `.task(id:)` whose closure waits
    /// before the call, or a closure that cancels its stored task and waits in the next, is a debounce: each change
    /// cancels the wait before, so it runs at most once per wait. (A wait nothing cancels delays each call and drops
    /// none.)
    private func cadence(at site: FunctionIndex.Site) -> Cadence? {
        guard let tree = trees[site.file], let token = tree.token(at: site.position) else { return nil }
        var node = token.parent
        while let current = node, !Self.endsTheWalk(current) {
            defer { node = current.parent }
            guard let closure = current.as(ClosureExprSyntax.self), let call = Self.call(running: closure),
                var cadence = event(of: call, file: site.file)
            else { continue }
            // Restarted at each change: `.task(id:)`, or a closure that cancels the task it stored before.
            let restarted =
                (Self.name(of: call) == "task" && call.arguments.contains { $0.label?.text == "id" })
                || closure.statements.tokens(viewMode: .sourceAccurate).contains {
                    $0.text == "cancel" && $0.position < site.position
                }
            if restarted, let wait = Self.sleep(in: closure, before: site.position),
                1 / wait.seconds < cadence.ratePerSecond
            {
                cadence.ratePerSecond = 1 / wait.seconds
                cadence.source +=
                    ", capped by the wait of \(Self.seconds(wait.seconds)) before the call, which each change "
                    + "cancels (\(site.file):\(line(of: wait.position, in: site.file)))"
            }
            return cadence
        }
        return nil
    }

    /// Whether the walk up from a call ends at `node`: a function's, an initializer's or a type's declaration. A
    /// local `let` on the way, or the `body` property that holds a view's modifiers, does not end it.
    static func endsTheWalk(_ node: Syntax) -> Bool {
        node.is(DeclSyntax.self) && !node.is(VariableDeclSyntax.self) && !node.is(AccessorDeclSyntax.self)
    }

    /// The event `call` runs its closure at, when it is one the table or a timer says.
    private func event(of call: FunctionCallExprSyntax, file: String) -> Cadence? {
        let name = Self.name(of: call)
        let place = "\(file):\(line(of: call.calledExpression.endPosition, in: file))"
        // A timer's interval, in its own call or in the publisher it receives.
        for (timer, label) in [("scheduledTimer", "withTimeInterval"), ("publish", "every"), ("periodic", "by")] {
            let interval = name == timer ? Self.number(labelled: label, in: call) : Self.nested(timer, label, in: call)
            if let interval, interval > 0 {
                return Cadence(
                    ratePerSecond: 1 / interval,
                    source: "a timer every \(Self.seconds(interval)) (`\(name)`, \(place))"
                )
            }
        }
        guard var event = CadenceEvent.modifiers[name] else { return nil }
        var watched = ""
        // A value's change (`.onChange(of:)`, `.task(id:)` restarted at each change of its id) is a keystroke when a
        // text field edits the value; how often anything else changes the code does not say.
        if let value = call.arguments.first(where: {
            name == "onChange" ? $0.label?.text == "of" : $0.label?.text == "id"
        }) {
            guard let field = typingField(editing: value.expression, in: file) else { return nil }
            event = .keystroke
            watched = ", `\(value.expression.trimmedDescription)`, which `\(field.name)` edits at \(file):\(field.line)"
        } else if event == .keystroke {
            return nil
        } else if event == .screenAppears {
            if Self.isInLazyContainer(call) {
                event = .rowAppears
            } else if let view = Self.enclosingType(of: call), let row = rowPlaces[view] {
                // The view is a row of its own, which a lazy container elsewhere makes.
                event = .rowAppears
                watched = ", in `\(view)`, a row of the `\(row.container)` at \(row.place)"
            }
        }
        return Cadence(
            ratePerSecond: event.ratePerSecond,
            source: "\(event.phrase) (`.\(name)`, \(place)\(watched))"
        )
    }

    /// The text field that edits `value` (`TextField("Name", text: $name)`, `.searchable(text: $query)`) in `file`, by
    /// the binding of its last name.
    private func typingField(editing value: ExprSyntax, in file: String) -> (name: String, line: Int)? {
        let names = value.tokens(viewMode: .sourceAccurate).filter {
            if case .identifier = $0.tokenKind { return true }
            return false
        }
        guard let tree = trees[file], let last = names.last else { return nil }
        for token in tree.tokens(viewMode: .sourceAccurate) where token.text == "$" + last.text {
            var node = token.parent
            while let current = node, !Self.endsTheWalk(current) {
                if let call = current.as(FunctionCallExprSyntax.self) {
                    let name = Self.name(of: call)
                    if CadenceEvent.textFields.contains(name) {
                        return (name, line(of: call.positionAfterSkippingLeadingTrivia, in: file))
                    }
                }
                node = current.parent
            }
        }
        return nil
    }

    // MARK: - Reading the syntax

    /// The call whose argument or trailing closure `closure` is.
    private static func call(running closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var node = closure.parent
        for _ in 0..<4 {
            guard let current = node else { return nil }
            if let call = current.as(FunctionCallExprSyntax.self) { return call }
            node = current.parent
        }
        return nil
    }

    /// `onChange` of `.onChange(of: text) { … }`, `Button` of `Button("Go") { … }`.
    static func name(of call: FunctionCallExprSyntax) -> String {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return ""
    }

    /// The number literal of the argument labelled `label`.
    private static func number(labelled label: String, in call: FunctionCallExprSyntax) -> Double? {
        guard let argument = call.arguments.first(where: { $0.label?.text == label }) else { return nil }
        return duration(argument.expression)
    }

    /// The interval of a call named `name` among `call`'s arguments (`Timer.publish(every: 1, …).autoconnect()`).
    private static func nested(_ name: String, _ label: String, in call: FunctionCallExprSyntax) -> Double? {
        for argument in call.arguments {
            for inner in argument.expression.tokens(viewMode: .sourceAccurate) where inner.text == name {
                var node = inner.parent
                while let current = node, current.position >= argument.position {
                    if let found = current.as(FunctionCallExprSyntax.self), Self.name(of: found) == name {
                        return number(labelled: label, in: found)
                    }
                    node = current.parent
                }
            }
        }
        return nil
    }

    /// Seconds in `expression`: `0.5`, `.seconds(2)`, `.milliseconds(300)`.
    private static func duration(_ expression: ExprSyntax) -> Double? {
        if let value = Double(expression.trimmedDescription.replacingOccurrences(of: "_", with: "")) { return value }
        guard let call = expression.as(FunctionCallExprSyntax.self), let first = call.arguments.first,
            let value = Double(first.expression.trimmedDescription.replacingOccurrences(of: "_", with: ""))
        else { return nil }
        switch name(of: call) {
        case "seconds": return value
        case "milliseconds": return value / 1e3
        case "microseconds": return value / 1e6
        case "nanoseconds": return value / 1e9
        default: return nil
        }
    }

    /// The wait of a `sleep` in `closure` before `position`: `Task.sleep(for: .milliseconds(300))`,
    /// `Task.sleep(nanoseconds: 300_000_000)`.
    private static func sleep(
        in closure: ClosureExprSyntax,
        before position: AbsolutePosition
    ) -> (seconds: Double, position: AbsolutePosition)? {
        for token in closure.statements.tokens(viewMode: .sourceAccurate)
        where token.text == "sleep" && token.position < position {
            // `sleep` in `Task.sleep(…)`: a reference, in a member access, called.
            var node = token.parent
            while let current = node, !current.is(FunctionCallExprSyntax.self), current.position >= closure.position {
                node = current.parent
            }
            guard let call = node?.as(FunctionCallExprSyntax.self), Self.name(of: call) == "sleep" else { continue }
            if let nanoseconds = number(labelled: "nanoseconds", in: call) {
                return (nanoseconds / 1e9, token.position)
            }
            if let seconds = number(labelled: "for", in: call) { return (seconds, token.position) }
        }
        return nil
    }

    /// The type whose declaration holds `node`: the view a modifier is in.
    private static func enclosingType(of node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let node = current {
            if let type = node.as(StructDeclSyntax.self) { return type.name.text }
            if let type = node.as(ClassDeclSyntax.self) { return type.name.text }
            current = node.parent
        }
        return nil
    }

    /// Every call of a capitalized name (a view's initializer) inside a lazy container's content.
    private final class RowCollector: SyntaxVisitor {
        var rows: [(view: String, container: String, position: AbsolutePosition)] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let name = CadenceFinder.name(of: node)
            guard node.calledExpression.is(DeclReferenceExprSyntax.self), name.first?.isUppercase == true,
                !CadenceEvent.lazyContainers.contains(name)
            else { return .visitChildren }
            var current = node.parent
            while let ancestor = current, !CadenceFinder.endsTheWalk(ancestor) {
                if let container = ancestor.as(FunctionCallExprSyntax.self),
                    CadenceEvent.lazyContainers.contains(CadenceFinder.name(of: container))
                {
                    rows.append((name, CadenceFinder.name(of: container), container.positionAfterSkippingLeadingTrivia))
                    break
                }
                current = ancestor.parent
            }
            return .visitChildren
        }
    }

    /// Whether a lazy container's content holds `call` (`ForEach(items) { item in Row().onAppear { … } }`).
    private static func isInLazyContainer(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node, !Self.endsTheWalk(current) {
            if let container = current.as(FunctionCallExprSyntax.self),
                CadenceEvent.lazyContainers.contains(name(of: container))
            {
                return true
            }
            node = current.parent
        }
        return false
    }

    private func line(of position: AbsolutePosition, in file: String) -> Int {
        if converters[file] == nil, let tree = trees[file] {
            converters[file] = SourceLocationConverter(fileName: file, tree: tree)
        }
        return converters[file]?.location(for: position).line ?? 0
    }

    /// "0.3 s", "2 s".
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// How a scaffold's step calls a candidate: what it calls the function on, the arguments (each a value from the app's
/// code, ``ValueResolver``, or a placeholder), what is made once before the runs, the variables `inout` arguments
/// need, and the result's type where the call must name it. Each shape is one the compiler accepts once the
/// placeholders left are filled.
struct ScaffoldCall: Sendable, Equatable {
    /// What the function is called on.
    enum Receiver: Sendable, Equatable {
        /// No instance: a global or static function, or an initializer.
        case none
        /// An instance the step's body reaches itself: its type's static `shared`, or a placeholder
        /// (`<#a NoteClient#>`).
        case inBody(String)
        /// An instance made before the workload, in main.swift's main-actor top-level code, and captured by the
        /// step's body: a main-actor type's, whose initializer and `shared` a `compute` step's nonisolated body
        /// cannot reach (its nonisolated methods it can call). A main-actor type is `Sendable`, so the capture
        /// compiles.
        case captured(String, type: String)
    }

    var receiver: Receiver
    /// The function as written after the receiver: `Markdown.render`, `countWords`, `fetch`, `Note` (an initializer).
    var function: String
    /// `text: <#text: String#>`, `&items`.
    var arguments: [String]
    /// The variables the body declares before the call: one per `inout` argument (`var items = <#items: [Int]#>`),
    /// and the instance a `mutating` method is called on (`var counter = <#a Counter#>`).
    var variables: [String]
    /// The result's type when no argument fixes it, as a placeholder (`<#T: Decodable#>`): the call ends `as` it.
    var resultType: String?
    /// Each value found in the scanned code, with its source: "`markdown`: `NotePreview.sample`, the app's own sample
    /// (Sources/ExampleApp/NotePreview.swift)".
    var values: [String] = []
    /// Each value that takes a call to make (`page`: `FeedPage.sample(articles: 40)`), made once in main.swift's
    /// top-level code, before any arrival, so that making it is not in the step's time, and captured by the step's
    /// body under `name`.
    var made: [Made] = []
    /// Whether every value found came from the app's own code (``ResolvedValue/isAppAuthored``): none *synthesized*
    /// or *guessed*.
    var isAppAuthored = true

    struct Made: Sendable, Equatable {
        /// The name the body uses: `page`.
        var name: String
        var expression: String
    }

    /// How a step of kind `step` calls `entry`: for each argument without a default, and for an instance when its
    /// type has no static `shared`, the value `resolver` finds in the scanned code, or a placeholder.
    init(calling entry: FunctionIndex.Entry, from step: ScaffoldCandidate.Kind, values resolver: ValueResolver? = nil) {
        let typePath = Self.typePath(of: entry.declaration)
        // A generic type's static call or initializer must say its type's arguments: `<#Box<T: Comparable>#>`.
        let type = entry.traits.typeGenerics.map { "<#\(typePath)\($0)#>" } ?? typePath
        let receiver: ScaffoldCall.Receiver
        let function: String
        var variables: [String] = []
        var found: [String] = []
        var made: [Made] = []
        var appAuthored = true
        // Names a capture must not take: the function's (which it would hide), and `instance`, whose top-level
        // name the captured main-actor instance takes (``Scaffold``).
        var captured: Set<String> = [entry.name, "instance"]
        // A generic type's method takes values only once an instance fixes the type's arguments, and then only for
        // parameters whose types name none of them.
        var fixedGenerics = entry.traits.typeGenerics == nil
        /// The value `resolver` finds, noted with its source, or `placeholder`. One that takes a call to make is
        /// captured as `capture` (made once, before the runs) unless `capture` is `nil`.
        func resolved(_ value: ResolvedValue?, for name: String, else placeholder: String, capture: String?) -> String {
            guard let value else { return placeholder }
            appAuthored = appAuthored && value.isAppAuthored
            var note = "`\(name)`: `\(value.shown)`, \(value.provenance)"
            if value.isMade && capture != nil && !value.isSendable {
                note +=
                    " (made at every arrival, in the step's time: its type is not `Sendable`, so the step cannot "
                    + "capture one made before the runs)"
            }
            found.append(note)
            guard value.isMade || value.isMainActor, value.isSendable, var capture else { return value.expression }
            capture = capture.replacingOccurrences(of: "`", with: "")
            while captured.contains(capture) || Self.keywords.contains(capture) { capture += "Value" }
            captured.insert(capture)
            made.append(Made(name: capture, expression: value.expression))
            return capture
        }
        if entry.name == "init" {
            (receiver, function) = (.none, type)
        } else if typePath.isEmpty {
            (receiver, function) = (.none, entry.name)
        } else if entry.traits.isStatic {
            (receiver, function) = (.none, "\(type).\(entry.name)")
        } else {
            let owner = typePath.split(separator: ".").last.map(String.init) ?? "value"
            let ownerVariable = owner.prefix(1).lowercased() + owner.dropFirst()
            // A main-actor type's instance for a `compute` body is made in main.swift's top-level code: no capture.
            let madeOnTop = step == .compute && entry.traits.typeIsMainActor && !entry.traits.isMutating
            let found = entry.traits.typeHasShared ? nil : resolver?.instance(for: entry, of: typePath)
            fixedGenerics = fixedGenerics || found != nil
            let instance =
                entry.traits.typeHasShared
                ? "\(typePath).shared"
                : resolved(
                    found,
                    for: "a \(typePath)",
                    else: "<#a \(typePath)#>",
                    capture: madeOnTop || entry.traits.isMutating ? nil : ownerVariable
                )
            function = entry.name
            if entry.traits.isMutating {
                // `mutating`: called on a variable of the body's own.
                var name = ownerVariable
                while name == entry.name || captured.contains(name) { name += "Value" }
                captured.insert(name)
                variables.append("var \(name) = \(instance)")
                receiver = .inBody(name)
            } else if step == .compute && entry.traits.typeIsMainActor {
                // A `compute` body is nonisolated: a main-actor type's instance comes from main.swift's top level.
                receiver = .captured(instance, type: typePath)
            } else {
                receiver = .inBody(instance)
            }
        }
        let arguments = entry.parameters.indices.filter { !entry.parameters[$0].hasDefault }.map { index in
            let parameter = entry.parameters[index]
            let placeholder = "<#\(parameter.name): \(parameter.type)#>"
            let generic =
                parameter.isVariadic || !fixedGenerics
                || Self.genericNames(entry.traits.typeGenerics).contains {
                    ValueResolver.names(parameter.type).contains($0)
                }
            var value = resolved(
                generic ? nil : resolver?.argument(index, of: entry),
                for: parameter.name,
                else: placeholder,
                capture: parameter.isInout ? parameter.name + "Value" : parameter.name
            )
            if parameter.isInout {
                // Named apart from the function, which a variable of its name would hide, and from the instance.
                var name = parameter.name
                while name == entry.name || captured.contains(name)
                    || variables.contains(where: { $0.hasPrefix("var \(name) ") })
                {
                    name += "Value"
                }
                captured.insert(name)
                variables.append("var \(name) = \(value)")
                value = "&\(name)"
            }
            return parameter.label == "_" ? value : "\(parameter.label): \(value)"
        }
        self.receiver = receiver
        self.function = function
        self.arguments = arguments
        self.variables = variables
        resultType = entry.traits.unfixedResult.map { "<#\($0)#>" }
        self.values = found
        self.made = made
        isAppAuthored = appAuthored
    }

    /// Swift's keywords, which a capture's name must not be.
    static let keywords: Set<String> = [
        "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
        "else", "enum", "extension", "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init",
        "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public", "repeat", "rethrows",
        "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
        "typealias", "var", "where", "while", "_",
    ]

    /// The names a generic parameter clause declares: `Format` of `<Format: OutputFormat>`.
    static func genericNames(_ clause: String?) -> [String] {
        guard let clause else { return [] }
        return clause.dropFirst().dropLast().split(separator: ",").compactMap { parameter in
            parameter.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The types before a function's name in its symbol: `Feed.Store` of `Feed.Store.load(from:)`; "" for a global.
    static func typePath(of declaration: Declaration) -> String {
        declaration.symbol.prefix { $0 != "(" }.split(separator: ".").dropLast().joined(separator: ".")
    }

    /// The call, with `variable` the name of the variable holding a captured instance:
    /// `Markdown.render(<#text: String#>)`.
    func expression(capturedAs variable: String) -> String {
        let prefix: String
        switch receiver {
        case .none: prefix = ""
        case .inBody(let instance): prefix = instance + "."
        case .captured: prefix = variable + "."
        }
        let call = prefix + function + "(" + arguments.joined(separator: ", ") + ")"
        return resultType.map { "\(call) as \($0)" } ?? call
    }
}

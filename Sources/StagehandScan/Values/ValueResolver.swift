import SwiftParser
import SwiftSyntax

/// Finds a value for each argument a scaffold's call needs, and an instance for a method's receiver, in the scanned
/// code, best source first (``ResolvedValue/Source``):
///
/// 1. for an argument, a sample of its type on the function's own type (`NotePreview.sample` for
///    `NotePreview.render(_:)`); then what a caller passes in that position, and for an instance what a caller calls
///    the method on: a literal, or the expression the caller makes it from, through its constants
///    (``CallerExpression``); a main-actor caller's first, then another of the app's, then of what its tests pass
///    the longest;
/// 2. for a protocol's type, a value of the first of the app's types that conforms to it;
/// 3. the app's own sample of the type: a static property of its type, or a static function returning it (its own
///    arguments resolved in turn), named like `sample`, `preview`, `placeholder`, `mock`, `fixture`, `example`,
///    `template`, `demo` or `test…`, the type's own first (never for a standard type, whose samples on other types
///    are other things);
/// 4. its singleton: a static `shared`, `default` or `standard` of its type;
/// 5. an enum's first case without a payload, or the type's initializer with no required argument;
/// 6. a value composed from an initializer whose arguments all resolve (*synthesized*);
/// 7. a sample's size, or an array's, the app says nowhere: the scale (*guessed*, unless stated with `--scale`). No
///    other value of a standard type is guessed: where the app shows none, the argument stays a placeholder.
///
/// A sample function or initializer that throws, is `async` or is failable is not called: a value made at the top of
/// the workload executable must be made plainly.
///
/// Only what the workload executable can reach is a value: declarations `public`, `open` or `package`, never a test
/// target's. (An implicit initializer is internal, so a type without one of its own is made only by its other values.)
struct ValueResolver {
    /// Each importable module's types.
    private let types: [TypeIndex]
    private let functions: FunctionIndex
    private let trees: [String: SourceFileSyntax]
    /// The calls outside the workloads' files, by the symbol of the declaration each resolves to, the main-actor ones
    /// first, the tests' last, each in file and line order: where what a caller passes is looked for.
    private let callsTo: [String: [FunctionIndex.Site]]

    /// Names a sample goes by, as the start or end of a static member's name (`sample`, `samplePage`, `testPicture`).
    static let sampleWords = [
        "sample", "preview", "placeholder", "mock", "fixture", "example", "template", "demo", "test",
    ]

    /// - Parameters:
    ///   - types: the type index of each module a workload can import (test targets' left out).
    ///   - calls: the calls to each declaration, by its symbol, outside the workloads' files, whose calls say nothing
    ///     of what the app passes (``FunctionIndex/calls(excluding:)``).
    ///   - trees: the scanned files' trees, by path: where a caller's constants are read (``CallerExpression``).
    ///   - scale: the size of what the app sizes nowhere.
    init(
        types: [TypeIndex],
        functions: FunctionIndex,
        calls: [String: [FunctionIndex.Site]],
        trees: [String: SourceFileSyntax] = [:],
        scale: Scale = .default
    ) {
        self.scale = scale
        self.types = types
        self.functions = functions
        self.trees = trees
        // The main-actor callers' first (what the app passes where the candidate's cost is felt), then the app's
        // other callers, then its tests' (`MastodonClient(server: "localhost")` in a test's arrange lines).
        func rank(_ site: FunctionIndex.Site) -> Int {
            Project.isTestPath(site.file) ? 2 : site.isolation.isMainActor ? 0 : 1
        }
        self.callsTo = calls.mapValues { sites in
            sites.sorted { (rank($0), $0.file, $0.line) < (rank($1), $1.file, $1.line) }
        }
    }

    /// A value for `entry`'s parameter at `index` (of all its parameters), or `nil` when none is found.
    ///
    /// A sample on the function's own type comes first (`NotePreview.sample` for `NotePreview.render(_:)`), then a
    /// literal the app passes, then the rest in order.
    ///
    /// A decoder's `Data` (a body that decodes, making an `Encodable` type: `FeedPage.decode(_ data: Data) ->
    /// FeedPage`; `RGBAImage(ppm: Data)` is not one) is the app's sample of what it makes, encoded by the type's own
    /// encoder, or else by a default `JSONEncoder` (*synthesized*).
    func argument(_ index: Int, of entry: FunctionIndex.Entry) -> ResolvedValue? {
        let type = Self.unwrapped(entry.parameters[index].type)
        return capturable(anyArgument(index, of: entry, type: type), as: type)
    }

    /// `value` with what a step's body needs to know of its `type` to capture it.
    private func capturable(_ value: ResolvedValue?, as type: String) -> ResolvedValue? {
        var value = value
        value?.isSendable = isSendable(type)
        value?.isMainActor = declaration(of: type)?.attributes.contains("MainActor") ?? false
        return value
    }

    private func anyArgument(_ index: Int, of entry: FunctionIndex.Entry, type: String) -> ResolvedValue? {
        if let owner = entry.type, let sample = sample(of: type, depth: 0, on: owner) { return sample }
        if let passed = passed(index, to: entry) { return passed }
        if type == "Data", entry.traits.work.contains(where: { $0.meaning == "decodes" }),
            var made = entry.name == "init" ? entry.type : entry.traits.resultType.map(Self.unwrapped),
            declaration(of: made)?.inherits.contains(where: { ["Codable", "Encodable"].contains($0) }) == true
        {
            if made == "Self" { made = entry.type ?? made }
            if let sample = sample(of: made, depth: 1), sample.isAppAuthored {
                return encoded(sample, of: made)
            }
        }
        return value(of: type, depth: 0)
    }

    /// The app's `sample` of `type` as the bytes its decoder reads: encoded by the type's own encoding method when
    /// it has one (an instance method that takes no argument and returns `Data`: `FeedPage.encoded()`, which may
    /// set a date strategy the decoder expects), else by a `JSONEncoder` with its defaults, which is *synthesized*:
    /// a decoder with other strategies throws on it, and the profile then counts every arrival failed.
    private func encoded(_ sample: ResolvedValue, of type: String) -> ResolvedValue {
        let encoder = functions.entries.first { entry in
            entry.type == Self.simpleName(type) && !entry.traits.isStatic && entry.name != "init"
                && entry.traits.resultType == "Data" && entry.traits.isVisibleToOtherModules
                && entry.parameters.allSatisfy(\.hasDefault) && !entry.declaration.isAsync
                && entry.module?.kind != .test
        }
        guard let encoder else {
            return ResolvedValue(
                expression: "(try? JSONEncoder().encode(\(sample.expression))) ?? Data()",
                source: .encoded(file: sample.sampleFile ?? "", by: nil),
                isAppAuthored: false,
                parts: sample.parts
            )
        }
        let call = "\(sample.expression).\(encoder.name)()"
        return ResolvedValue(
            expression: encoder.traits.isThrowing ? "(try? \(call)) ?? Data()" : call,
            source: .encoded(
                file: sample.sampleFile ?? "",
                by: "`\(encoder.declaration.symbol)` (\(encoder.declaration.file):\(encoder.declaration.line))"
            ),
            isAppAuthored: true,
            parts: sample.parts
        )
    }

    /// An instance for a call of `entry`'s method, or `nil`: what its callers call it on, as they make it, first;
    /// else a value of `type`, unless the type is generic (only a caller's value says its type's arguments).
    func instance(for entry: FunctionIndex.Entry, of type: String) -> ResolvedValue? {
        let found =
            receiver(of: entry) ?? (entry.traits.typeGenerics == nil ? value(of: type, depth: 0) : nil)
        return capturable(found, as: type)
    }

    /// Whether a value of `type` may be captured by a step's `@Sendable` body: a standard type (or an array of
    /// one), an actor, a main-actor type, or a type that says it is `Sendable` (a public struct is not `Sendable`
    /// outside its module unless it says so).
    func isSendable(_ type: String) -> Bool {
        let type = Self.unwrapped(type)
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            return isSendable(String(type.dropFirst().dropLast()))
        }
        if Self.standardTypes.contains(type) { return true }
        guard let declaration = declaration(of: type) else { return false }
        return declaration.kind == .actor || declaration.attributes.contains("MainActor")
            || declaration.inherits.contains("Sendable")
    }

    /// A value of `type`, found `depth` arguments deep (at most 2: a sample's size, an initializer's part).
    func value(of written: String, depth: Int) -> ResolvedValue? {
        var type = Self.unwrapped(written)
        guard depth <= 2, !type.isEmpty else { return nil }
        // A standard type's sample is another type's business (`ConnectionTable.sample(connection:) -> String` is no
        // note): only the function's own type's samples count for it, in ``argument(_:of:)``.
        guard !Self.standardTypes.contains(type) else { return nil }
        if let conformer = conformer(of: type, depth: depth) { return conformer }
        if let sample = sample(of: type, depth: depth) { return sample }
        let declaration = declaration(of: type)
        // A nested type written by its own name (`Stream` inside `StreamWatcher`) is named whole outside it.
        if let declaration, !type.contains("."), !declaration.qualifiedName.isEmpty { type = declaration.qualifiedName }
        if let declaration {
            for name in ["shared", "default", "standard"]
            where declaration.staticProperties.contains(where: {
                $0.name == name && [nil, type, Self.simpleName(type)].contains($0.type) && $0.isVisibleToOtherModules
            }) {
                return ResolvedValue(expression: "\(type).\(name)", source: .singleton, isAppAuthored: true)
            }
            if let first = declaration.cases.first(where: { !$0.hasPayload }), declaration.generics == nil {
                return ResolvedValue(expression: "\(type).\(first.name)", source: .enumCase, isAppAuthored: true)
            }
        }
        let name = Self.simpleName(type)
        // Two types of one name (`Outer.Store`, `Other.Store`): the index cannot tell whose initializer is whose.
        guard !types.contains(where: { $0.types[name]?.isAmbiguous == true }) else { return nil }
        let inits = functions.entries.filter {
            $0.name == "init" && $0.type == name && $0.module?.kind != .test && $0.traits.isVisibleToOtherModules
                && Self.isPlain($0)
        }
        guard declaration?.generics == nil else { return nil }
        if inits.contains(where: { $0.parameters.allSatisfy(\.hasDefault) }) {
            return ResolvedValue(expression: "\(type)()", source: .initializer, isAppAuthored: true)
        }
        // The initializer with the fewest required arguments whose every one resolves.
        let fewestFirst = inits.sorted {
            $0.parameters.count { !$0.hasDefault } < $1.parameters.count { !$0.hasDefault }
        }
        for entry in fewestFirst {
            guard let call = call(entry, named: type, depth: depth + 1) else { continue }
            return ResolvedValue(
                expression: call.expression,
                source: .synthesized,
                isAppAuthored: false,
                parts: call.parts
            )
        }
        return elements(of: type, depth: depth)
    }

    /// For a protocol's type (`any OutputFormat`, `some OutputFormat`, `OutputFormat`), a value of the first type of
    /// the app's, by name, that conforms to it and has one: `HTMLOutputFormat()`, noted as the conformer it is.
    private func conformer(of written: String, depth: Int) -> ResolvedValue? {
        var name = written
        for prefix in ["any ", "some "] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)) }
        guard let declaration = declaration(of: name), declaration.kind == .protocol else { return nil }
        let simple = Self.simpleName(name)
        let conformers = types.flatMap { index in
            index.types.filter { type, found in
                !found.isAmbiguous && found.kind != .protocol && found.generics == nil
                    && !Project.isTestPath(found.file) && found.inherits.contains(simple) && type != simple
            }
            .keys
        }
        for conformer in Set(conformers).sorted() {
            guard var value = value(of: conformer, depth: depth + 1) else { continue }
            value.parts.insert("`\(conformer)` conforms to `\(simple)`", at: 0)
            return value
        }
        return nil
    }

    /// What a call to `entry` passes for its parameter at `index`, in the order of ``callsTo``: a literal, or what
    /// the caller makes it from (``CallerExpression``) when everything it names is the app's to reach. Of what the
    /// tests pass, the longest: a test's richest input (its longest Markdown, its biggest array) is the nearest to
    /// what the app meets, where its first is often the smallest case.
    private func passed(_ index: Int, to entry: FunctionIndex.Entry) -> ResolvedValue? {
        var fromTests: [ResolvedValue] = []
        for site in callsTo[entry.declaration.symbol] ?? [] {
            guard let position = Self.position(passedTo: index, of: entry.parameters, by: site) else { continue }
            let inTest = Project.isTestPath(site.file)
            let value: ResolvedValue
            if let literal = site.literals[position] {
                value = ResolvedValue(
                    expression: literal,
                    source: .literal(caller: site.symbol, place: "\(site.file):\(site.line)", inTest: inTest),
                    isAppAuthored: true
                )
            } else if let made = made(
                by: site,
                as: entry.parameters[index].type,
                { CallerExpression.argument(position, of: $0, lines: $1, qualify: $2) }
            ) {
                value = made
            } else {
                continue
            }
            guard inTest else { return value }
            fromTests.append(value)
        }
        guard var longest = fromTests.max(by: { $0.expression.count < $1.expression.count }) else { return nil }
        if fromTests.count > 1 {
            longest.parts.insert("the longest of the \(fromTests.count) values the tests pass", at: 0)
        }
        return longest
    }

    /// What the calls to `entry` call it on, as their callers make it, in the order of ``callsTo``.
    private func receiver(of entry: FunctionIndex.Entry) -> ResolvedValue? {
        for site in callsTo[entry.declaration.symbol] ?? [] {
            if let made = made(by: site, as: nil, { CallerExpression.receiver(of: $0, lines: $1, qualify: $2) }) {
                return made
            }
        }
        return nil
    }

    /// The expression `lift` finds at `site`'s call, when it is one a workload can write (what it names is the app's
    /// to reach) and says something of a value. An argument's value made before the runs is written `as` the
    /// parameter's `type` (`Array(repeating: 0, count: 64) as [UInt8]`, `.standard(width: 80) as Format`), which its
    /// place at the call gave it; one that needs that place and cannot be written so is none.
    private func made(
        by site: FunctionIndex.Site,
        as type: String?,
        _ lift: (FunctionCallExprSyntax, (AbsolutePosition) -> Int, (String) -> String) -> CallerExpression?
    ) -> ResolvedValue? {
        guard let tree = trees[site.file], let call = tree.call(at: site.position, named: site.shape.name) else {
            return nil
        }
        // The file's lines, read only for a constant the lift goes through.
        var converter: SourceLocationConverter?
        let lines = { (position: AbsolutePosition) -> Int in
            let lines = converter ?? SourceLocationConverter(fileName: site.file, tree: tree)
            converter = lines
            return lines.location(for: position).line
        }
        // A nested type by its full name: `StatusEditor.Compressor` for the `Compressor` that code inside
        // `StatusEditor` names.
        let qualify = { (name: String) in
            self.declaration(of: name).map { $0.qualifiedName.isEmpty ? name : $0.qualifiedName } ?? name
        }
        // What names none of the app's types says something of a value only through a literal: `Data()`, `[]` and
        // `""` say nothing, as at a call (``isLiteral(_:)``).
        guard let lifted = lift(call, lines, qualify), isReachable(lifted),
            lifted.hasTelltaleLiteral || lifted.typeNames.contains(where: { declaration(of: $0) != nil })
        else { return nil }
        var expression = lifted.text
        let hoisted = expression.contains("(") || expression.contains("\n")
        // `RouterPath()` or `Status.placeholder()` for a `RouterPath` or a `Status` (not generic) is one already.
        let named = type.map { Self.unwrapped($0) }.flatMap { type in
            declaration(of: type).map { (type: $0.qualifiedName.isEmpty ? type : $0.qualifiedName, $0.generics) }
        }
        let isOfType =
            named.map { named in
                named.1 == nil && [named.type + "(", named.type + "."].contains { expression.hasPrefix($0) }
            } ?? false
        if lifted.needsContext || (hoisted && !isOfType) {
            if let written = type.flatMap({ nameable($0, qualify: qualify) }) {
                expression = (lifted.isOperation ? "(\(expression))" : expression) + " as " + written
            } else if lifted.needsContext {
                return nil
            }
        }
        return ResolvedValue(
            expression: expression,
            source: .made(
                caller: site.symbol,
                place: "\(site.file):\(lifted.boundAt ?? site.line)",
                inTest: Project.isTestPath(site.file)
            ),
            isAppAuthored: true
        )
    }

    /// `type` as a workload can write it after `as`, its one named type in full (`Watcher.Stream`), when every type
    /// it names is a standard one or the app's: not an opaque or existential type, a function, or a generic
    /// parameter.
    private func nameable(_ type: String, qualify: (String) -> String) -> String? {
        let written = type.trimmingCharacters(in: .whitespaces)
        guard !written.hasPrefix("some "), !written.hasPrefix("any "), !written.contains("->"), !written.contains("@")
        else { return nil }
        let names = Self.names(written).filter { $0.first?.isUppercase == true }
        let known = ["Array", "Dictionary", "Set", "Optional"]
        guard
            names.allSatisfy({
                Self.standardTypes.contains($0) || known.contains($0) || declaration(of: $0) != nil
            })
        else { return nil }
        let unwrapped = Self.unwrapped(written)
        guard names.count == 1, unwrapped.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return written
        }
        return written.replacingOccurrences(of: unwrapped, with: qualify(unwrapped))
    }

    /// Whether a workload can write `lifted`: each type it names a standard one or one of an importable module, each
    /// call one to a plain (``isPlain(_:)``) declaration visible to other modules, or an initializer of a standard
    /// type, and each static member it reads visible too.
    private func isReachable(_ lifted: CallerExpression) -> Bool {
        func isStandard(_ type: String) -> Bool {
            Self.standardTypes.contains(type) || ["Array", "Dictionary", "Set"].contains(type)
        }
        for type in lifted.typeNames where !isStandard(type) && declaration(of: type) == nil { return false }
        for shape in lifted.calls {
            if let entry = functions.resolve(shape) {
                guard entry.traits.isVisibleToOtherModules, Self.isPlain(entry), entry.module?.kind != .test,
                    !Project.isTestPath(entry.declaration.file)
                else { return false }
            } else {
                guard shape.name == "init", case .exact(let type) = shape.type, isStandard(type) else { return false }
            }
        }
        for member in lifted.members where !isStandard(member.type) {
            guard let declaration = declaration(of: member.type) else { return false }
            let visible =
                declaration.staticProperties.contains { $0.name == member.name && $0.isVisibleToOtherModules }
                || declaration.cases.contains { $0.name == member.name }
            guard visible else { return false }
        }
        return true
    }

    /// The app's own sample of `type`: a static property or a static function named like one, its type's first.
    private func sample(of type: String, depth: Int, on only: String? = nil) -> ResolvedValue? {
        let owners = types.flatMap { index in index.types.filter { !Project.isTestPath($0.value.file) } }
            .filter { only == nil || $0.key == only }
            .sorted { ($0.key == type ? 0 : 1, $0.key) < ($1.key == type ? 0 : 1, $1.key) }
        for (owner, declaration) in owners where !declaration.isAmbiguous && declaration.generics == nil {
            let ownType = owner == type
            for property in declaration.staticProperties
            where Self.isSampleName(property.name) && property.isVisibleToOtherModules
                && !Project.isTestPath(property.file)
            {
                guard property.type == type || (ownType && property.type == "Self") else { continue }
                let named = declaration.qualifiedName.isEmpty ? owner : declaration.qualifiedName
                return ResolvedValue(
                    expression: "\(named).\(property.name)",
                    source: .sample(file: property.file),
                    isAppAuthored: true
                )
            }
        }
        // A factory: `static func sample(articles:) -> FeedPage`, `static func testPicture(side:) -> RGBAImage`.
        let factories = functions.entries.filter { entry in
            entry.traits.isStatic && entry.traits.isVisibleToOtherModules && Self.isPlain(entry)
                && Self.isSampleName(entry.name)
                && entry.module?.kind != .test
                && !Project.isTestPath(entry.declaration.file) && entry.type != nil
                && (entry.traits.resultType == type || (entry.type == type && entry.traits.resultType == "Self"))
                && (only == nil || entry.type == only)
        }
        .sorted { lhs, rhs in
            (lhs.type == type ? 0 : 1, lhs.declaration.file, lhs.declaration.line)
                < (rhs.type == type ? 0 : 1, rhs.declaration.file, rhs.declaration.line)
        }
        for factory in factories {
            guard let type = factory.type else { continue }
            let qualified = declaration(of: type)?.qualifiedName ?? ""
            let owner = qualified.isEmpty ? type : qualified
            guard let call = call(factory, named: "\(owner).\(factory.name)", depth: depth + 1) else { continue }
            return ResolvedValue(
                expression: call.expression,
                source: .sample(file: "\(factory.declaration.file):\(factory.declaration.line)"),
                isAppAuthored: call.isAppAuthored,
                parts: call.parts
            )
        }
        return nil
    }

    /// `name(label: value, …)` with a value for each of `entry`'s required parameters, or `nil` when one has none.
    private func call(
        _ entry: FunctionIndex.Entry,
        named name: String,
        depth: Int
    ) -> (expression: String, isAppAuthored: Bool, parts: [String])? {
        var arguments: [String] = []
        var appAuthored = true
        var parts: [String] = []
        let isSample = Self.isSampleName(entry.name)
        for (index, parameter) in entry.parameters.enumerated() where !parameter.hasDefault {
            // A sample's size (`sample(articles: Int)`) the app passes nowhere is the stated scale.
            let scale =
                isSample && Self.sizeTypes.contains(Self.unwrapped(parameter.type))
                ? ResolvedValue(expression: "\(scale.size)", source: .scale(scale), isAppAuthored: false) : nil
            guard !parameter.isInout, !parameter.isVariadic,
                let value = passed(index, to: entry) ?? value(of: parameter.type, depth: depth) ?? scale
            else { return nil }
            appAuthored = appAuthored && value.isAppAuthored
            arguments.append(parameter.label == "_" ? value.expression : "\(parameter.label): \(value.expression)")
            parts.append(
                "`\(parameter.label == "_" ? parameter.name : parameter.label)` \(value.shown): "
                    + value.provenance
            )
        }
        return (name + "(" + arguments.joined(separator: ", ") + ")", appAuthored, parts)
    }

    /// An array of ``scale`` values of its element (`[Note]`), when the element resolves: its size is the stated
    /// scale.
    private func elements(of type: String, depth: Int) -> ResolvedValue? {
        guard type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") else { return nil }
        let element = String(type.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        guard let value = value(of: element, depth: depth + 1) else { return nil }
        return ResolvedValue(
            expression: "Array(repeating: \(value.expression), count: \(scale.size))",
            source: .scale(scale),
            isAppAuthored: false,
            parts: ["each `\(value.shown)`: " + value.provenance]
        )
    }

    /// The size of a collection, or of a sample's size parameter, that the app says nowhere: the one stated
    /// (`--scale`), else a default of 40.
    let scale: Scale

    /// A size the app says nowhere.
    struct Scale: Sendable, Equatable {
        var size: Int
        /// Whether the user stated it (`--scale`), rather than the default standing in.
        var isStated: Bool

        static let `default` = Scale(size: 40, isStated: false)
    }

    /// Types of the standard library and Foundation, whose values only the function's own type's samples and the
    /// literals the app passes give.
    static let standardTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Bool", "Data", "Date", "URL", "UUID", "TimeInterval", "CGFloat",
    ]

    /// The types a sample's size parameter has.
    static let sizeTypes: Set<String> = ["Int", "Int32", "Int64", "UInt"]

    /// The declaration of `type` in an importable module, when exactly one declares it (a nested type by its own
    /// name: the index keeps `StatusEditor.TextService` as `TextService`).
    private func declaration(of type: String) -> TypeIndex.Declaration? {
        let found = types.compactMap { $0.types[Self.simpleName(type)] }.filter {
            !$0.isAmbiguous && !Project.isTestPath($0.file)
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Whether a call of `entry` makes its value plainly: no `try`, no `await`, no optional.
    static func isPlain(_ entry: FunctionIndex.Entry) -> Bool {
        !entry.traits.isThrowing && !entry.declaration.isAsync && !entry.traits.isFailable
    }

    /// `TextService` of `StatusEditor.TextService`.
    static func simpleName(_ type: String) -> String {
        type.split(separator: ".").last.map(String.init) ?? type
    }

    /// Which of `site`'s arguments passes the parameter at `index`, matching its labels to the parameters in order
    /// (parameters with a default may be skipped); `nil` when the call leaves it to its default.
    static func position(
        passedTo index: Int,
        of parameters: [FunctionIndex.Parameter],
        by site: FunctionIndex.Site
    ) -> Int? {
        // As ``CallShape/fits(_:)`` matches them: each argument takes the next parameter with its label, skipping
        // defaulted ones; unlabeled arguments after a variadic parameter's first go to it too.
        var next = 0
        var inVariadic = false
        for (position, label) in site.shape.labels.enumerated() where position < site.literals.count {
            guard let label else { continue }
            if inVariadic && label == "_" { continue }
            while next < parameters.count, parameters[next].label != label, parameters[next].hasDefault { next += 1 }
            guard next < parameters.count else { return nil }
            if next == index { return parameters[next].isVariadic ? nil : position }
            inVariadic = parameters[next].isVariadic
            next += 1
        }
        return nil
    }

    /// Whether `expression` is a literal that says something of a value (``ExprSyntax/telltaleLiteral``, the rule the
    /// index applies to every argument).
    static func isLiteral(_ expression: String) -> Bool {
        let tree = Parser.parse(source: "_ = " + expression)
        guard !tree.hasError, let item = tree.statements.first?.item.as(SequenceExprSyntax.self),
            item.elements.count == 3, let value = item.elements.last
        else { return false }
        return value.telltaleLiteral != nil
    }

    /// Named like a sample: starting or ending with one of ``sampleWords`` (`sample`, `samplePage`, `emptyPreview`),
    /// `test` only at the start (`testPicture`, not `latest`).
    static func isSampleName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return sampleWords.contains { lower.hasPrefix($0) || ($0 != "test" && lower.hasSuffix($0)) }
    }

    /// The identifiers a type as written names: `Format`, `Builder` and `Output` of `Format.Builder.Output`.
    static func names(_ type: String) -> Set<String> {
        Set(type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// `T` of `T?`, `T!`, `Optional<T>`.
    static func unwrapped(_ type: String) -> String {
        var type = type.trimmingCharacters(in: .whitespaces)
        if type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) }
        return type
    }
}

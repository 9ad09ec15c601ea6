/// Chooses what a scaffold offers to measure, from the scanned tree's functions, calls and main-actor classes:
///
/// - `compute`: a synchronous function that is not main-actor, whose body does CPU work (``WorkSignal``), called
///   synchronously from main-actor code;
/// - `ui`: a main-actor synchronous function whose body does CPU work, called from somewhere (a view, a handler);
/// - `io`: an async function that is not main-actor, awaited from main-actor code;
/// - `state`: a main-actor class with stored `var`s whose methods are called from two or more other declarations.
///
/// Left out: operators, functions of test targets and of the files that already declare workloads.
enum CandidateFinder {
    /// - Parameter calls: the calls to each declaration outside `excluded`, by its symbol
    ///   (``FunctionIndex/calls(excluding:)``).
    static func candidates(
        functions: FunctionIndex,
        sharedStates: [SharedState],
        calls callsTo: [String: [FunctionIndex.Site]],
        excludingFiles excluded: Set<String>,
        values: ValueResolver? = nil
    ) -> [ScaffoldCandidate] {
        var candidates: [ScaffoldCandidate] = []
        let callees = callees(functions, calls: callsTo)
        for entry in functions.entries where isOffered(entry, excluding: excluded) {
            let callers = callsTo[entry.declaration.symbol] ?? []
            let fromMain = callers.filter { $0.isolation.isMainActor && $0.symbol != entry.declaration.symbol }
            // A function nothing calls is no candidate, whatever its callees do: their walk is for the called.
            let work = callers.isEmpty ? entry.traits.work : work(of: entry, callees: callees, calls: callsTo)
            let declaration = entry.declaration
            // An actor's or another global actor's method is awaited from main, synchronous or not (an actor's
            // initializer is nonisolated: called as it is).
            let onOtherActor = entry.name != "init" && [.actor, .globalActor].contains(declaration.isolation.kind)
            if declaration.isAsync || onOtherActor {
                guard !declaration.isolation.isMainActor, let first = fromMain.first else { continue }
                var io = candidate(
                    .io,
                    entry,
                    values: values,
                    why: "\(describe(entry)) is awaited from main-actor code: \(places(fromMain, first: first)).",
                    rank: fromMain.count
                )
                io.server = server(of: entry, callees: callees)
                candidates.append(io)
            } else if WorkSignal.isWork(work) {
                if declaration.isolation.isMainActor {
                    guard !callers.isEmpty else { continue }
                    candidates.append(
                        candidate(
                            .ui,
                            entry,
                            values: values,
                            why: "\(describe(entry)) \(WorkSignal.phrase(work)) on the main actor.",
                            rank: weight(work) * 10 + callers.count
                        )
                    )
                } else if let first = fromMain.first {
                    // A main-actor value's `mutating` method: its instance can be neither made in a `compute` body
                    // nor mutated when captured.
                    if entry.traits.isMutating && entry.traits.typeIsMainActor { continue }
                    candidates.append(
                        candidate(
                            .compute,
                            entry,
                            values: values,
                            why: "\(describe(entry)) \(WorkSignal.phrase(work)), and main-actor code calls it: "
                                + "\(places(fromMain, first: first)).",
                            rank: weight(work) * 10 + fromMain.count
                        )
                    )
                }
            }
        }
        for state in sharedStates where !excluded.contains(state.file) && state.module?.kind != .test {
            // The class's methods, and who calls them from outside the class.
            let methods = functions.entries.filter {
                $0.type == state.name && $0.declaration.file == state.file && $0.name != "init"
                    && $0.declaration.symbol.hasPrefix(state.symbol + ".")
            }
            let users = methods.map { method in
                Use(
                    method: method,
                    callers: (callsTo[method.declaration.symbol] ?? []).filter {
                        !$0.symbol.hasPrefix(state.symbol + ".")
                    }
                )
            }
            let places = Set(users.flatMap { $0.callers.map(\.symbol) })
            guard places.count >= 2, let method = users.max(by: { $0.callers.count < $1.callers.count })?.method
            else { continue }
            var candidate = candidate(
                .state,
                method,
                why: "`\(state.symbol)` is main-actor (\(state.isolation.reason)) and keeps mutable state "
                    + "(\(Scaffold.listed(state.properties.map { "`\($0)`" }))) that \(places.count) "
                    + "declarations use: \(places.sorted().prefix(3).map { "`\($0)`" }.joined(separator: ", "))"
                    + (places.count > 3 ? ", …" : "") + ".",
                rank: places.count
            )
            candidate.state = state
            candidate.workloadName = state.name.kebabCased
            candidate.stepLabel = state.name.kebabCased
            candidates.append(candidate)
        }
        return candidates
    }

    /// The functions each function calls, by the caller's symbol.
    private static func callees(
        _ functions: FunctionIndex,
        calls callsTo: [String: [FunctionIndex.Site]]
    ) -> [String: [FunctionIndex.Entry]] {
        let entries = Dictionary(functions.entries.map { ($0.declaration.symbol, $0) }) { first, _ in first }
        var callees: [String: [FunctionIndex.Entry]] = [:]
        for (symbol, sites) in callsTo.sorted(by: { $0.key < $1.key }) {
            guard let callee = entries[symbol] else { continue }
            for caller in Set(sites.map(\.symbol)) where caller != symbol {
                callees[caller, default: []].append(callee)
            }
        }
        return callees
    }

    /// The CPU work `entry`'s body shows; or, when it shows too little, the work of a function it calls, at most two
    /// calls deep, that no main-actor code calls: work reached only through `entry`, which measuring `entry`
    /// includes (`MarkdownParser.html(from:)` calls `parse(_:)`, which loops). A callee that main-actor code calls
    /// is a candidate of its own, not a reason for its callers to be one.
    private static func work(
        of entry: FunctionIndex.Entry,
        callees: [String: [FunctionIndex.Entry]],
        calls callsTo: [String: [FunctionIndex.Site]]
    ) -> [WorkSignal] {
        let own = entry.traits.work
        guard !WorkSignal.isWork(own) else { return own }
        let working = nearest(
            from: entry,
            callees: callees,
            where: { WorkSignal.isWork($0.traits.work) },
            through: { callee in !(callsTo[callee.declaration.symbol] ?? []).contains { $0.isolation.isMainActor } }
        )
        guard let strongest = working.max(by: { weight($0.traits.work) < weight($1.traits.work) }) else { return own }
        let signal = WorkSignal(
            meaning: "calls `\(strongest.declaration.symbol)`, which \(WorkSignal.phrase(strongest.traits.work))",
            weight: weight(strongest.traits.work),
            names: []
        )
        return own + [signal]
    }

    /// Where `entry` talks to a server (``ServerCall``): in its own body, or in a function it calls at most two calls
    /// deep ("it calls `MastodonClient.makeEntityRequest(…)`, which calls `data(for:)`").
    private static func server(of entry: FunctionIndex.Entry, callees: [String: [FunctionIndex.Entry]]) -> String? {
        if let own = entry.traits.server { return "it \(own)" }
        let calling = nearest(from: entry, callees: callees, where: { $0.traits.server != nil })
        guard let first = calling.first, let sign = first.traits.server else { return nil }
        return "it calls `\(first.declaration.symbol)`, which \(sign)"
    }

    /// The functions `entry` calls, at most two calls deep, that fit `fits`: those of the nearest level that has
    /// any, reached only through callees that pass `passes`.
    private static func nearest(
        from entry: FunctionIndex.Entry,
        callees: [String: [FunctionIndex.Entry]],
        where fits: (FunctionIndex.Entry) -> Bool,
        through passes: (FunctionIndex.Entry) -> Bool = { _ in true }
    ) -> [FunctionIndex.Entry] {
        var level = [entry]
        var seen: Set<String> = [entry.declaration.symbol]
        for _ in 1...2 {
            level = level.flatMap { callees[$0.declaration.symbol] ?? [] }.filter { callee in
                seen.insert(callee.declaration.symbol).inserted && passes(callee)
            }
            let fitting = level.filter(fits)
            if !fitting.isEmpty { return fitting }
        }
        return []
    }

    /// A main-actor class's method, and the calls to it from outside the class.
    private struct Use {
        var method: FunctionIndex.Entry
        var callers: [FunctionIndex.Site]
    }

    /// Whether `entry` may be offered at all: a named function or initializer of code a workload can import.
    private static func isOffered(_ entry: FunctionIndex.Entry, excluding excluded: Set<String>) -> Bool {
        guard let first = entry.name.first, first.isLetter || first == "_", !excluded.contains(entry.declaration.file)
        else { return false }
        if entry.module?.kind == .test { return false }
        // main.swift's code is an executable's own: no other target can import it.
        let file = entry.declaration.file
        if file == "main.swift" || file.hasSuffix("/main.swift") { return false }
        return !Project.isTestPath(file)
    }

    private static func weight(_ work: [WorkSignal]) -> Int { work.reduce(0) { $0 + $1.weight } }

    /// "`NotePreview.render(_:)` (Sources/ExampleApp/NotePreview.swift:12)".
    private static func describe(_ entry: FunctionIndex.Entry) -> String {
        "`\(entry.declaration.symbol)` (\(entry.declaration.file):\(entry.declaration.line))"
    }

    /// "`PreviewViewModel.textDidChange(_:)` at Sources/ExampleApp/NotePreview.swift:40, and 2 more".
    private static func places(_ sites: [FunctionIndex.Site], first: FunctionIndex.Site) -> String {
        let more = Set(sites.map(\.symbol)).count - 1
        return "`\(first.symbol)` at \(first.file):\(first.line)" + (more > 0 ? ", and \(more) more" : "")
    }

    private static func candidate(
        _ kind: ScaffoldCandidate.Kind,
        _ entry: FunctionIndex.Entry,
        values: ValueResolver? = nil,
        why: String,
        rank: Int
    ) -> ScaffoldCandidate {
        let declaration = entry.declaration
        let typePath = ScaffoldCall.typePath(of: declaration)
        let call = ScaffoldCall(calling: entry, from: kind, values: values)
        let owner = typePath.split(separator: ".").last.map(String.init)
        let method = entry.name == "init" ? nil : entry.name
        return ScaffoldCandidate(
            kind: kind,
            declaration: declaration,
            module: entry.module,
            call: call,
            isThrowing: entry.traits.isThrowing,
            returnsValue: entry.traits.returnsValue,
            isVisibleToOtherModules: entry.traits.isVisibleToOtherModules,
            why: why,
            workloadName: [owner, method].compactMap { $0 }.joined(separator: "-").kebabCased,
            stepLabel: (method ?? owner ?? "init").kebabCased,
            state: nil,
            rank: rank
        )
    }
}

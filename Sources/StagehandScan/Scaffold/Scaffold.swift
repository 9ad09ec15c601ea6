/// `stagehand scan --scaffold DIR`: a starting workload executable written from what the scan found, one workload
/// per candidate (``CandidateFinder``), with a placeholder (`<#…#>`) wherever the user must supply a value. The
/// compiler refuses a placeholder, so the file does not build until each is filled; once filled, it does.
public struct Scaffold: Sendable {
    /// The most workloads one scaffold writes; the rest are listed in its header.
    static let limit = 20
    /// The rate every scaffolded interaction arrives at, a guess the header asks the user to replace.
    static let guessedRatePerSecond = 2

    /// `main.swift` of the workload executable.
    public var mainSwift: String
    /// The executable target to add to `Package.swift`.
    public var packageSnippet: String
    /// How many workloads `mainSwift` declares.
    public var workloads: Int
    /// Candidates found beyond ``limit``, listed in the header but not written.
    public var left: Int

    /// - Parameters:
    ///   - target: the executable target's name (`AppWorkloads`).
    ///   - path: its directory, relative to the package (`Stagehand/AppWorkloads`).
    init(candidates: [ScaffoldCandidate], target: String, path: String) {
        // By kind, the strongest first; then by place, so that equal ranks always come out in one order.
        let sorted = candidates.sorted { lhs, rhs in
            (lhs.kind, -lhs.rank, lhs.declaration.file, lhs.declaration.line)
                < (rhs.kind, -rhs.rank, rhs.declaration.file, rhs.declaration.line)
        }
        // The strongest of each kind first, then the next of each, so a large app's scaffold shows every kind.
        var byKind = ScaffoldCandidate.Kind.allCases.map { kind in sorted.filter { $0.kind == kind }[...] }
        var chosen: [ScaffoldCandidate] = []
        while chosen.count < Self.limit, byKind.contains(where: { !$0.isEmpty }) {
            for index in byKind.indices where chosen.count < Self.limit {
                if let next = byKind[index].popFirst() { chosen.append(next) }
            }
        }
        let leftOut = byKind.flatMap { $0 }
        chosen.sort { lhs, rhs in
            (lhs.kind, -lhs.rank, lhs.declaration.file, lhs.declaration.line)
                < (rhs.kind, -rhs.rank, rhs.declaration.file, rhs.declaration.line)
        }
        workloads = chosen.count
        left = leftOut.count

        let importable = Set(chosen.compactMap { $0.module?.kind == .library ? $0.module?.name : nil }).sorted()
        let dependencies = importable.map { "\"\($0)\"" } + [#".product(name: "StagehandCLI", package: "stagehand")"#]
        packageSnippet = """
            .executableTarget(
                name: "\(target)",
                dependencies: [\(dependencies.joined(separator: ", "))],
                path: "\(path)"
            ),
            """

        var names = Names()
        var source = Self.header(chosen, leftOut: leftOut, snippet: packageSnippet, path: path)
        // Foundation for the values placeholders ask for (`Data`, `URL`, `Date`).
        source += (["Foundation"] + importable + ["StagehandCLI"]).map { "import \($0)\n" }.joined()
        var variables: [String] = []
        var kind: ScaffoldCandidate.Kind?
        for candidate in chosen {
            if candidate.kind != kind {
                kind = candidate.kind
                source += "\n// MARK: - \(Self.sectionTitle(candidate.kind))\n"
            }
            let variable = names.variable(for: candidate.workloadName)
            variables.append(variable)
            source += "\n" + Self.workload(candidate, variable: variable, name: names.workload(candidate.workloadName))
        }
        let list = variables.joined(separator: ", ")
        source +=
            list.count <= 80
            ? "\nawait Stagehand.main(workloads: [\(list)])\n"
            : "\nawait Stagehand.main(workloads: [\n" + variables.map { "    \($0),\n" }.joined() + "])\n"
        mainSwift = source
    }

    static func sectionTitle(_ kind: ScaffoldCandidate.Kind) -> String {
        switch kind {
        case .compute: "CPU work main-actor code calls: `compute` steps, on main until `offloaded`"
        case .ui: "CPU work on the main actor: `ui` steps, on main in every stage, as it runs today"
        case .io: "Async functions awaited from main-actor code: `io` steps"
        case .state: "Main-actor classes' shared state: subsystems, in an actor of their own in `actor-extracted`"
        }
    }

    private static func header(
        _ chosen: [ScaffoldCandidate],
        leftOut: [ScaffoldCandidate],
        snippet: String,
        path: String
    ) -> String {
        var paragraphs = [
            "A starting workload executable, written by `stagehand scan --scaffold \(path)` from what the scan found: one "
                + "workload per candidate, each one interaction of one step. Keep the ones your users meet, delete the "
                + "rest, and combine steps into the interactions your app has (a fetch, then its decode, then the "
                + "view's update).",
            "Add the target to Package.swift, with Stagehand as a dependency (`.package(path: \"../stagehand\")` or its "
                + "git URL):",
        ]
        var lines = paragraphs.flatMap { wrapped($0, prefix: "// ") + ["//"] }
        lines += snippet.split(separator: "\n").map { "//     " + $0 }
        paragraphs = [
            "Values found in the app's code are filled in, each with its source above its workload (a *synthesized* "
                + "or *guessed* one is not the app's: check it). Fill every `<#placeholder#>` left with what your app "
                + "passes (the compiler refuses the file until each is filled), and set each interaction's "
                + "`ratePerSecond` to how often people do it where the code does not say (each rate found in it is "
                + "above its workload). Then:"
        ]
        let hidden = chosen.filter { $0.module?.kind == .library && !$0.isVisibleToOtherModules }
        if !hidden.isEmpty {
            paragraphs.append(
                "Internal declarations (\(hidden.count)) are marked where a workload calls them: make each `package` "
                    + "(or `public`), and its type too, so this executable can call it."
            )
        }
        let unimportable = Set(chosen.filter { $0.module?.kind != .library }.map { $0.module?.name ?? "(no target)" })
        if !unimportable.isEmpty {
            paragraphs.append(
                "Code in \(unimportable.sorted().map { "`\($0)`" }.joined(separator: ", ")) cannot be imported (an "
                    + "app's or an executable's target): move what you measure into a library target both depend on, "
                    + "or delete those workloads."
            )
        }
        lines += ["//"] + wrapped(paragraphs[0], prefix: "// ")
        lines += ["//", "//     swift package --allow-writing-to-package-directory stagehand profile <workload>"]
        for paragraph in paragraphs.dropFirst() { lines += ["//"] + wrapped(paragraph, prefix: "// ") }
        if !leftOut.isEmpty {
            lines += ["//", "// Also found, not written (a scaffold writes \(limit) workloads at most):"]
            lines += leftOut.map {
                "// - \($0.kind): `\($0.declaration.symbol)`, \($0.declaration.file):\($0.declaration.line)"
            }
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// `text` in lines of at most 120 characters, each starting with `prefix` (a word longer than a line stays whole).
    static func wrapped(_ text: String, prefix: String, width: Int = 120) -> [String] {
        var lines: [String] = []
        var line = prefix
        for word in text.split(separator: " ") {
            if line.count > prefix.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = prefix
            }
            line += (line.count > prefix.count ? " " : "") + word
        }
        lines.append(line)
        return lines
    }

    /// The workload's declaration, with the values it is made from and their sources in comments above it: the text
    /// of one workload, in main.swift's top-level code or in a `@MainActor` function's body (``PlanSources``).
    /// Comments wrap at `width`: 120 less the indentation it will be written at.
    static func workload(_ candidate: ScaffoldCandidate, variable: String, name: String, width: Int = 120) -> String {
        var comment = candidate.why
        if candidate.kind != .state, candidate.module?.kind == .library, !candidate.isVisibleToOtherModules {
            comment += " It is internal: make it `package`, and its type too."
        }
        var out = wrapped(comment, prefix: "/// ", width: width).joined(separator: "\n") + "\n"
        if !candidate.call.values.isEmpty {
            let made = candidate.call.made.isEmpty ? "" : " (each made once, before the runs, where it takes a call)"
            out += "///\n/// Values found in the app's code\(made):\n"
            for value in candidate.call.values {
                var lines = wrapped("- " + value, prefix: "///   ", width: width)
                lines[0] = "/// " + lines[0].dropFirst("///   ".count)
                out += lines.joined(separator: "\n") + "\n"
            }
        }
        if let cadence = candidate.cadence {
            let rate =
                "Rate: \(Self.rateLiteral(cadence.ratePerSecond)) a second, from the app's code: \(cadence.source)."
            out += "///\n" + wrapped(rate, prefix: "/// ", width: width).joined(separator: "\n") + "\n"
        }
        let step: String
        let description: String
        if candidate.kind == .state, let state = candidate.state {
            let stateVariable = variable + "State"
            let note =
                "A subsystem's state is a value the harness keeps on main, then in an actor of its own: give it the "
                + "state `\(state.name)` keeps (\(Self.listed(state.properties.map { "`\($0)`" }))), not the "
                + "main-actor class itself."
            out += wrapped(note, prefix: "/// ", width: width).joined(separator: "\n") + "\n"
            out += """
                let \(stateVariable) = Subsystem("\(name)") { <#a value holding \(state.name)'s \
                \(Self.listed(state.properties))#> }


                """
            step =
                ".state(\(stateVariable)) { state, _ in <#what \(candidate.declaration.symbol) does to that state#> }"
            description = "\(state.symbol)'s shared state, as a subsystem."
        } else {
            let instance = variable + "Instance"
            if case .captured(let value, let type) = candidate.call.receiver {
                let note =
                    "Made here, on the main actor: `\(type)` is main-actor, so a `compute` step's body can call its "
                    + "nonisolated methods but cannot make one or reach its `shared`."
                out += wrapped(note, prefix: "/// ", width: width).joined(separator: "\n") + "\n"
                out += "let \(instance) = \(value)\n\n"
            }
            let effects =
                (candidate.returnsValue ? "_ = " : "") + (candidate.isThrowing ? "try " : "")
                + (candidate.kind == .io ? "await " : "")
            // Values that take a call to make: made here, once, and captured by the body under their names.
            // Named after the workload's variable, whose "Workload" no app name ends in: no app function is hidden.
            var captureList: [String] = []
            var made = ""
            for value in candidate.call.made {
                let global = variable + value.name.prefix(1).uppercased() + value.name.dropFirst()
                made += "let \(global) = \(value.expression)\n"
                captureList.append("\(value.name) = \(global)")
            }
            out = made + out
            let lines = candidate.call.variables + [effects + candidate.call.expression(capturedAs: instance)]
            let captures = captureList.isEmpty ? "" : "[" + captureList.joined(separator: ", ") + "] in "
            let body =
                lines.count == 1 && (captures.isEmpty || captures.count + lines[0].count <= 80)
                ? "{ \(captures)\(lines[0]) }"
                : "{" + (captures.isEmpty ? "" : " " + captures.trimmingCharacters(in: .whitespaces)) + "\n"
                    + lines.map { "            \($0)\n" }.joined() + "        }"
            step = ".\(candidate.kind)(\"\(candidate.stepLabel)\") \(body)"
            switch candidate.kind {
            case .compute: description = "\(candidate.declaration.symbol): CPU work main-actor code calls."
            case .ui:
                description = "\(candidate.declaration.symbol): CPU work on the main actor, measured where it runs."
            case .io, .state: description = "\(candidate.declaration.symbol), awaited from main-actor code."
            }
        }
        out += """
            let \(variable) = CodeWorkload(
                "\(name)",
                description: "\(description)"
            ) {
                CodeInteraction("\(candidate.stepLabel)", ratePerSecond: \(rateLiteral(candidate.ratePerSecond)))
                    \(step)
            }

            """
        return out
    }

    /// A rate as Swift source: `8`, `0.5`, `3.33`.
    static func rateLiteral(_ rate: Double) -> String {
        let rounded = (rate * 100).rounded() / 100
        return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
    }

    /// At most four names, then how many more: "a, b, c, d and 17 more".
    static func listed(_ names: [String]) -> String {
        names.count <= 4
            ? names.joined(separator: ", ") : names.prefix(4).joined(separator: ", ") + " and \(names.count - 4) more"
    }

    /// Unique workload names and Swift variable names.
    struct Names {
        private var workloads: Set<String> = []
        private var variables: Set<String> = []

        mutating func workload(_ base: String) -> String { unique(base, in: &workloads, separator: "-") }

        mutating func variable(for workload: String) -> String {
            let parts = workload.split(separator: "-")
            var camel =
                (parts.first.map(String.init) ?? "workload")
                + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            if camel.first?.isNumber == true { camel = "workload" + camel }
            // Always suffixed: `render` would hide the global function `render(_:)` the workload calls, and no
            // keyword ends in "Workload".
            return unique(camel + "Workload", in: &variables, separator: "")
        }

        private func unique(_ base: String, in taken: inout Set<String>, separator: String) -> String {
            var name = base
            var number = 2
            while taken.contains(name) {
                name = "\(base)\(separator)\(number)"
                number += 1
            }
            taken.insert(name)
            return name
        }
    }
}

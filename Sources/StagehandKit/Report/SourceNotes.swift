/// What the report says of the app's own code when the profile was given `stagehand scan`'s JSON: the declaration
/// beside each step and hitch cause, the migration at those declarations and their main-actor callers, and the
/// scan's findings in that code, those of the steps that made frames late first.
struct SourceNotes: Sendable {
    let source: SourceMap
    /// The call each step is about (the outermost its closure makes), by step, where the scan resolved one.
    private let calls: [StepTiming.Key: SourceMap.Call]
    private let causes: HitchCauseNames
    /// The largest hitch time of a step in any stage, with the stage and the step's scan entry, by each symbol of its
    /// calls and their main-actor callers: what ranks the scan's findings.
    private let weights: [String: (msPerS: Double, step: SourceMap.Step, stage: Stage)]

    /// How many main-actor callers a migration line names before "and N more".
    private static let callersShown = 4
    /// How many findings the report lists before pointing at the scan for the rest.
    private static let findingsShown = 12

    /// The notes of `result`, read once for every section; `nil` when the profile was given no scan.
    init?(result: ProfileResult) {
        guard let source = result.source else { return nil }
        self.source = source
        causes = HitchCauseNames(result.spec)
        var scanned: [StepTiming.Key: SourceMap.Step] = [:]
        for case .step(let key) in causes.causes {
            guard let step = result.spec.step(at: key) else { continue }
            let interaction = result.spec.interactions[key.interaction].name
            scanned[key] = source.step(step.label, kind: step.kind.rawValue, in: interaction)
        }
        calls = scanned.compactMapValues(\.calls.first)
        weights = Self.weights(of: result.stages, scanned: scanned, causes: causes)
    }

    /// Each step's largest hitch time in any stage, given to every symbol of its calls and their main-actor callers
    /// (the largest where two steps share one).
    private static func weights(
        of stages: [StageResult],
        scanned: [StepTiming.Key: SourceMap.Step],
        causes: HitchCauseNames
    ) -> [String: (msPerS: Double, step: SourceMap.Step, stage: Stage)] {
        var largest: [StepTiming.Key: (msPerS: Double, stage: Stage)] = [:]
        for stage in stages {
            for cause in stage.metrics?.hitchCauses ?? [] {
                guard let key = causes.step(labelled: cause.cause), cause.msPerS > (largest[key]?.msPerS ?? 0)
                else { continue }
                largest[key] = (cause.msPerS, stage.stage)
            }
        }
        var weights: [String: (msPerS: Double, step: SourceMap.Step, stage: Stage)] = [:]
        // In step order, so that of two steps with the same weight in a symbol, the first names it.
        let ordered = largest.sorted { ($0.key.interaction, $0.key.step) < ($1.key.interaction, $1.key.step) }
        for (key, value) in ordered {
            guard let step = scanned[key] else { continue }
            let symbols = step.calls.flatMap { [$0.declaration.symbol] + $0.mainActorCallers.map(\.symbol) }
            for symbol in symbols where value.msPerS > (weights[symbol]?.msPerS ?? 0) {
                weights[symbol] = (value.msPerS, step, value.stage)
            }
        }
        return weights
    }

    // MARK: - Names beside steps and causes

    /// The declaration a step is about (the outermost call its closure makes), if the scan resolved one.
    func declaration(of step: StepTiming.Key) -> SourceMap.Declaration? {
        calls[step]?.declaration
    }

    /// "`FeedPage.decode(_:)`, `Sources/ExampleApp/Feed.swift:51`, nonisolated, synchronous".
    static func describe(_ declaration: SourceMap.Declaration) -> String {
        let isolation = declaration.isolation.replacingOccurrences(of: "-", with: " ")
        return "`\(declaration.symbol)`, `\(declaration.file):\(declaration.line)`, \(isolation), "
            + (declaration.isAsync ? "async" : "synchronous")
    }

    /// The declaration behind a hitch cause, for its row: "`FeedPage.decode(_:)`, `Feed.swift:51`".
    func declaration(ofCause cause: String) -> SourceMap.Declaration? {
        causes.step(labelled: cause).flatMap(declaration(of:))
    }

    /// Under the hitch-cause table: the largest cause's declaration and where the app calls it on the main actor.
    func largestCause(_ cause: String) -> [String] {
        guard let call = causes.step(labelled: cause).flatMap({ calls[$0] }) else { return [] }
        let callers =
            call.mainActorCallers.isEmpty
            ? "" : ", which the app calls on the main actor from " + Self.list(call.mainActorCallers)
        return ["The largest cause, `\(cause)`, is \(Self.describe(call.declaration))\(callers).", ""]
    }

    // MARK: - The code each step calls

    /// After the steps table: each code step's declarations, and where the app calls them on the main actor.
    func codeList() -> [String] {
        var lines = [
            "### The code each step calls",
            "",
            "From `\(source.scanFile)` (`stagehand scan --json`): the app's declarations each step's closure calls, the "
                + "first the one the step is about, and where the app calls it on the main actor.",
            "",
        ]
        for step in source.steps where !step.calls.isEmpty {
            let calls = step.calls.map { Self.describe($0.declaration) }
            var line =
                "- \(step.interaction) › `\(step.kind): \(step.step)` (`\(step.file):\(step.line)`) calls "
                + calls.joined(separator: "; then ")
            if let first = step.calls.first, !first.mainActorCallers.isEmpty {
                line +=
                    ". On the main actor, the app calls `\(first.declaration.symbol)` from "
                    + Self.list(first.mainActorCallers)
            }
            lines.append(line + ".")
        }
        lines.append("")
        return lines
    }

    /// "`FeedViewModel.refresh(using:)` (`Sources/ExampleApp/Feed.swift:131`), … and 3 more".
    private static func list(_ callers: [SourceMap.Caller]) -> String {
        let shown = callers.prefix(callersShown).map { "`\($0.symbol)` (`\($0.file):\($0.line)`)" }
        let rest = callers.count - shown.count
        return shown.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
    }

    // MARK: - Migration at the app's declarations

    /// The change `stage` asks of each step's declaration and of its main-actor callers.
    ///
    /// - Parameter meetsBudget: whether `stage` met the budget (the verdict's stage), or is only the best measured: then
    ///   nothing is said of the budget.
    func migration(at stage: Stage, meetsBudget: Bool = true) -> [String] {
        var items: [String] = []
        for step in source.steps {
            guard let call = step.calls.first else { continue }
            let declaration = call.declaration
            let name = "`\(step.kind): \(step.step)` calls \(Self.describe(declaration))"
            let callers =
                call.mainActorCallers.isEmpty
                ? " The scan found no call of it on the main actor outside the workload."
                : " Its main-actor callers: \(Self.list(call.mainActorCallers))."
            switch (stage, step.kind) {
            case (.mainOnly, "compute"), (.async, "compute"):
                items.append(
                    "- \(name): leave it on the main actor"
                        + (meetsBudget ? "; measured, this stage meets the budget with it on main." : " at this stage.")
                )
            case (.offloaded, "compute"), (.actorExtracted, "compute"):
                items.append("- \(name): \(Self.offload(declaration))\(callers)")
                items.append(Self.offloadedCode(call))
            case (.mainOnly, "io"):
                items.append(
                    "- \(name): keep it"
                        + (meetsBudget ? "; measured, this stage meets the budget with its wait on main." : ".")
                )
            case (_, "io"):
                items.append("- \(name): \(Self.await(declaration))\(callers)")
            default:
                continue  // `ui` steps stay on the main actor at every stage
            }
        }
        guard !items.isEmpty else { return [] }
        return ["### At your code", ""] + items + [""]
    }

    /// What moving a compute step's declaration off main takes, from what it is now.
    private static func offload(_ declaration: SourceMap.Declaration) -> String {
        switch (declaration.isolation, declaration.isAsync) {
        case ("nonisolated", false):
            "make it `@concurrent` and `async` so its body runs on the cooperative pool, and `await` it."
        case ("nonisolated", true):
            "it is `async` but not `@concurrent`: mark it `@concurrent`, or with Approachable Concurrency "
                + "(`nonisolated(nonsending)` by default) its synchronous parts run on the caller's actor, on main."
        case ("main-actor", _):
            "it runs on the main actor (\(declaration.isolationReason)): make it `nonisolated`, `@concurrent` and "
                + "`async`, and pass it values rather than main-actor state."
        default:
            "it runs on its own actor (\(declaration.isolationReason)), so it leaves main once it is `await`ed."
        }
    }

    /// The offloaded declaration and its main-actor calls, as code, indented under the step's item. A declaration
    /// of an actor or another global actor already leaves main when awaited: it stays as it is, and only its callers
    /// change (a `@concurrent nonisolated` on it would take it off its actor, and beside a global actor's attribute
    /// would not compile).
    private static func offloadedCode(_ call: SourceMap.Call) -> String {
        let declaration = call.declaration
        var words = declaration.asyncSignature.split(separator: " ").map(String.init).filter { $0 != "@MainActor" }
        let throwing = words.contains { $0 == "throws" || $0 == "rethrows" || $0.hasPrefix("throws(") }
        var lines: [String]
        if ["nonisolated", "main-actor"].contains(declaration.isolation) {
            // `nonisolated` is a modifier: after the attributes (`@discardableResult`, `@available(iOS 18, *)`),
            // before the first modifier or `func`.
            if !words.contains("nonisolated"), let first = words.firstIndex(where: Self.startsModifiers.contains) {
                words.insert("nonisolated", at: first)
            }
            lines = [
                "// \(declaration.file):\(declaration.line), `\(declaration.symbol)`: its body runs on the pool",
                "@concurrent " + words.joined(separator: " "),
            ]
        } else {
            lines = [
                "// \(declaration.file):\(declaration.line), `\(declaration.symbol)`: unchanged, it runs on its actor"
            ]
        }
        for caller in call.mainActorCallers.prefix(callersShown) {
            lines.append("")
            lines.append(
                "// \(caller.file):\(caller.line), in `\(caller.symbol)`"
                    + (caller.isAsync ? "" : " (synchronous: inside a `Task { … }` there)")
            )
            lines.append("\(throwing ? "try " : "")await \(caller.code)")
        }
        return (["```swift"] + lines + ["```"]).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }

    /// The words a declaration's modifiers, and then its keyword, start with.
    private static let startsModifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "open", "static", "class", "final", "override",
        "mutating", "nonmutating", "convenience", "required", "dynamic", "func", "init",
    ]

    /// What an io step's declaration needs for the wait to leave main.
    private static func await(_ declaration: SourceMap.Declaration) -> String {
        declaration.isAsync
            ? "it is `async`: `await` it from a `Task` the event handler starts, so main draws frames while it "
                + "waits. If its own work after the wait shows on main (the steps table's \"of it on main\"), mark it "
                + "`@concurrent`."
            : "it is synchronous, so its wait blocks the thread that calls it: make it `async` on an async API "
                + "(`URLSession`'s `data(from:)`, `FileHandle`'s `bytes`) and `await` it from a `Task`."
    }

    // MARK: - Findings

    /// The scan's findings in this code, those in the declarations (or callers) of the steps with the most hitch time
    /// first.
    func findings() -> [String] {
        guard !source.findings.isEmpty else { return [] }
        let ranked = source.findings.sorted { a, b in
            let (wa, wb) = (weights[a.symbol]?.msPerS ?? 0, weights[b.symbol]?.msPerS ?? 0)
            return wa != wb ? wa > wb : (a.file, a.line) < (b.file, b.line)
        }
        var lines = [
            "## What `stagehand scan` found in this code",
            "",
            "The scan's findings in the files of the declarations the steps call; those in code of a step that made "
                + "frames late first, with the step's hitch time.",
            "",
        ]
        for finding in ranked.prefix(Self.findingsShown) {
            var line =
                "- `\(finding.rule)` `\(finding.file):\(finding.line)` in `\(finding.symbol)`: \(finding.message)"
            if let hit = weights[finding.symbol] {
                line +=
                    " (step `\(hit.step.kind): \(hit.step.step)`: \(hit.msPerS.reportFormatted) ms/s of hitch "
                    + "time in `\(hit.stage.rawValue)`)"
            }
            lines.append(line)
        }
        if ranked.count > Self.findingsShown {
            lines.append("- … and \(ranked.count - Self.findingsShown) more in `\(source.scanFile)`.")
        }
        lines.append("")
        return lines
    }
}

/// The code a person writes to move a workload to a stage, in the workload's own names.
///
/// Every function, variable and actor in one workload's code has a name of its own, the same in every stage: see
/// ``MigrationNames`` for the scheme.
struct MigrationPlaybook: Sendable {
    package var workload: Workload

    init(workload: Workload) {
        self.workload = workload
    }

    private var names: MigrationNames { MigrationNames(workload: workload) }

    /// The migration steps for `stage`, as Markdown paragraphs and Swift code blocks.
    package func steps(for stage: Stage) -> [String] {
        var steps: [String] = []
        switch stage {
        case .mainOnly:
            steps.append(
                "Keep every handler synchronous on the main actor. In Swift 6.2, make that the default for the app "
                    + "target with `.defaultIsolation(MainActor.self)` in `swiftSettings`, so nothing needs "
                    + "`@MainActor` spelled out and nothing runs concurrently by accident."
            )
        case .async:
            steps.append(
                "Start a `Task` in each event handler; it inherits the main actor. `await` each I/O call, so the main "
                    + "thread draws frames and takes other events while the request is out. CPU work stays on main."
            )
        case .offloaded:
            steps.append(
                "Keep the handler's `Task` on the main actor, and move each `compute` step into a `@concurrent` "
                    + "function: its body runs on the cooperative pool, and the task resumes on main when it returns. "
                    + "Pass it values, not main-actor state. Subsystem state stays `@MainActor`."
            )
        case .actorExtracted:
            steps.append(
                "Move each subsystem's state into an `actor`, run the interaction's body in a `@concurrent` function, "
                    + "and hop to the main actor only for view updates. Every `await` on an actor is a possible "
                    + "suspension: re-check state after it instead of assuming it is unchanged."
            )
        }
        var declared: Set<String> = []
        for interaction in workload.interactions.prefix(3) {
            steps.append("```swift\n\(code(for: interaction, at: stage, declared: &declared))\n```")
        }
        steps.append("What not to do:\n\n" + avoid(at: stage).map { "- \($0)" }.joined(separator: "\n"))
        if stage != .mainOnly {
            steps.append(
                "Swift 6.2 helps: `.defaultIsolation(MainActor.self)` in the app target's `swiftSettings` keeps "
                    + "everything on the main actor unless marked otherwise, so the `@MainActor` above can go and "
                    + "only what you mark leaves main; `swift package migrate --to-feature "
                    + "NonisolatedNonsendingByDefault` makes `nonisolated async` functions run on the caller's actor "
                    + "(as the stage code above assumes), so only functions marked `@concurrent` leave it."
            )
        }
        return steps
    }

    /// The guide's anti-patterns that apply at `stage`, in this workload's names.
    func avoid(at stage: Stage) -> [String] {
        let names = names
        let computes = functions(of: .compute, names: names)
        let subsystems = workload.subsystems.map { "`\(names.variable(of: $0))`" }.joined(separator: ", ")
        switch stage {
        case .mainOnly:
            return [
                "Don't add `Task`s, `@concurrent` functions or actors here: main already meets the budget, and each "
                    + "costs allocations and main-actor hops (see the anti-patterns above).",
                "Don't do synchronous I/O on main when a step starts waiting on the network or disk: that is when "
                    + "`async` pays.",
            ]
        case .async:
            return [
                "Don't move \(computes.isEmpty ? "CPU work" : computes) off main yet: measured, it fits the budget.",
                "Don't escape the main actor with `Task.detached`: it drops priority and task-locals; `await` instead.",
                "Don't block inside the task (a semaphore waiting for async work, synchronous I/O): it blocks main.",
            ]
        case .offloaded:
            return [
                "Don't mark everything `@concurrent`: only CPU work that touches no UI state"
                    + (computes.isEmpty ? "." : " (\(computes))."),
                "Don't pass main-actor objects into a `@concurrent` function: pass `Sendable` values and return results.",
                subsystems.isEmpty
                    ? "Don't introduce actors: there is no shared state whose main-actor time matters."
                    : workload.subsystems.count == 1
                        ? "Don't make \(subsystems) an actor yet: its main-actor time is not what misses the budget."
                        : "Don't make \(subsystems) actors yet: their main-actor time is not what misses the budget.",
            ]
        case .actorExtracted:
            return [
                "Don't touch views from an actor or the `@concurrent` body: hop with `await MainActor.run`.",
                "Don't assume state is unchanged across an `await` inside an actor method: actors are reentrant.",
                "Don't make an actor per object: one actor per subsystem whose state is shared"
                    + (subsystems.isEmpty ? "." : " (\(subsystems))."),
            ]
        }
    }

    /// The functions of the steps of `kind`, each once, as code.
    private func functions(of kind: StepKind, names: MigrationNames) -> String {
        let steps = workload.interactions.flatMap(\.steps).filter { $0.kind == kind }
        return unique(steps).map { "`\(names.function(of: $0))()`" }.joined(separator: ", ")
    }

    /// The handler of one interaction, written the way `stage` writes it.
    ///
    /// - Parameter declared: the `@concurrent` functions and actors an earlier interaction's code already declared,
    ///   which this code uses without declaring them again; its own are added.
    func code(for interaction: Interaction, at stage: Stage, declared: inout Set<String>) -> String {
        let names = names
        let handler = names.handler(of: interaction)
        var lines: [String] = []
        func call(_ step: Step) -> String { "\(names.function(of: step))()" }
        func subsystem(_ step: Step) -> String { names.variable(of: step.label) }
        switch stage {
        case .mainOnly:
            lines.append("@MainActor")
            lines.append("func \(handler)() {")
            for step in interaction.steps {
                switch step.kind {
                case .io: lines.append("    \(call(step))  // synchronous I/O: blocks main while it waits")
                case .state: lines.append("    \(subsystem(step)).update()  // @MainActor state")
                case .compute, .ui: lines.append("    \(call(step))")
                }
            }
            lines.append("}")
        case .async, .offloaded:
            lines.append("@MainActor")
            lines.append("func \(handler)() {")
            lines.append("    Task {  // inherits the main actor")
            for step in interaction.steps {
                switch step.kind {
                case .io: lines.append("        await \(call(step))  // main is free while this waits")
                case .state: lines.append("        \(subsystem(step)).update()  // @MainActor state")
                case .ui: lines.append("        \(call(step))")
                case .compute:
                    lines.append(
                        stage == .offloaded
                            ? "        await \(call(step))  // @concurrent: runs on the pool, resumes on main"
                            : "        \(call(step))  // CPU work, still on main"
                    )
                }
            }
            lines.append("    }")
            lines.append("}")
            if stage == .offloaded {
                for step in unique(interaction.steps.filter { $0.kind == .compute })
                where declared.insert(names.function(of: step)).inserted {
                    lines.append("")
                    lines.append("@concurrent")
                    lines.append("nonisolated func \(names.function(of: step))() async {")
                    lines.append("    // CPU work only: takes values in, returns values out, touches no UI state")
                    lines.append("}")
                }
            }
        case .actorExtracted:
            for step in unique(interaction.steps.filter { $0.kind == .state })
            where declared.insert(names.actor(of: step.label)).inserted {
                lines.append("actor \(names.actor(of: step.label)) {")
                lines.append("    func update() { /* the state \(subsystem(step)) owns */ }")
                lines.append("}")
                lines.append("")
            }
            lines.append("@MainActor")
            lines.append("func \(handler)() {")
            lines.append("    Task { @concurrent in await \(names.body(of: interaction))() }")
            lines.append("}")
            lines.append("")
            lines.append("@concurrent")
            lines.append("nonisolated func \(names.body(of: interaction))() async {")
            for step in interaction.steps {
                switch step.kind {
                case .io: lines.append("    await \(call(step))")
                case .compute: lines.append("    \(call(step))  // already off main")
                case .state: lines.append("    await \(subsystem(step)).update()  // the subsystem's actor")
                case .ui: lines.append("    await MainActor.run { \(call(step)) }  // the only hop to main")
                }
            }
            lines.append("}")
        }
        return lines.joined(separator: "\n")
    }

    private func unique(_ steps: [Step]) -> [Step] {
        var seen: Set<String> = []
        return steps.filter { seen.insert($0.label).inserted }
    }
}

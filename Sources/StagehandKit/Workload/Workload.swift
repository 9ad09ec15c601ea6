/// What an app does when a person uses it: interactions arriving over time, plus the main thread's work on every
/// frame.
///
/// A workload is decoded from a spec file by ``SpecDecoder`` or declared in Swift (``CodeWorkload``); either way, every
/// value in it keeps ``WorkloadValidator``'s rules.
package struct Workload: Sendable, Codable, Equatable {
    /// A short name, used for report file names: letters, digits, `-`, `_` and `.`.
    package var name: String
    /// What app behaviour the workload models, in a sentence or two.
    package var description: String
    /// How long each stage run lasts, in seconds.
    package var durationSeconds: Double
    /// The display refresh rate in hertz; the frame budget is `1000 / refreshHz` milliseconds.
    package var refreshHz: Double
    /// Main-thread work on every frame (layout, render commit), in milliseconds.
    var frameWorkMs: Double
    /// The subsystems whose shared mutable state `state` steps touch.
    package var subsystems: [String]
    /// The kinds of user interaction, each arriving at its own rate.
    package var interactions: [Interaction]

    /// Whether a `compute` step runs the user's code, which the ``TightLoop`` times alone.
    var hasCodeCompute: Bool {
        interactions.contains { $0.steps.contains { $0.kind == .compute && $0.cost.isCode } }
    }

    /// Whether a step runs the user's code (a workload declared in Swift), which a scan of the sources can place.
    package var hasCode: Bool {
        interactions.contains { $0.steps.contains { $0.cost.isCode } }
    }

    /// Whether an `io` step runs the user's code, whose synchronous parts run where ``IOSemantics`` says.
    var hasCodeIO: Bool {
        interactions.contains { $0.steps.contains { $0.kind == .io && $0.cost.isCode } }
    }

    package init(
        name: String,
        description: String = "",
        durationSeconds: Double = 3,
        refreshHz: Double = 60,
        frameWorkMs: Double = 2,
        subsystems: [String] = [],
        interactions: [Interaction]
    ) {
        self.name = name
        self.description = description
        self.durationSeconds = durationSeconds
        self.refreshHz = refreshHz
        self.frameWorkMs = frameWorkMs
        self.subsystems = subsystems
        self.interactions = interactions
    }

    /// The frame budget P in milliseconds: `1000 / refreshHz`.
    var frameBudgetMs: Double { 1000 / refreshHz }
}

extension Workload {
    /// Every step as the report names it, in interaction then step order: `kind: label`, with the interaction's name
    /// added, `kind: label (interaction)`, where two interactions have a step of that name.
    var stepNames: [String] {
        let steps = interactions.flatMap { interaction in
            interaction.steps.map { (interaction: interaction.name, name: "\($0.kind.rawValue): \($0.label)") }
        }
        var interactionsOf: [String: Set<String>] = [:]
        for step in steps { interactionsOf[step.name, default: []].insert(step.interaction) }
        return steps.map { step in
            (interactionsOf[step.name]?.count ?? 0) > 1 ? "\(step.name) (\(step.interaction))" : step.name
        }
    }
}

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

/// One kind of user interaction (a tap, a scroll, a request) and the steps that handle it.
package struct Interaction: Sendable, Codable, Equatable {
    package var name: String
    /// Arrivals per second.
    package var ratePerSecond: Double
    package var arrival: Arrival
    package var steps: [Step]

    package init(name: String, ratePerSecond: Double, arrival: Arrival = .periodic, steps: [Step]) {
        self.name = name
        self.ratePerSecond = ratePerSecond
        self.arrival = arrival
        self.steps = steps
    }
}

/// How arrivals of an interaction are spaced in time.
public enum Arrival: String, Sendable, Codable, CaseIterable {
    /// Evenly spaced, `1 / rate` seconds apart.
    case periodic
    /// A Poisson process with the given rate, drawn from the run's seed (reproducible).
    case poisson
}

/// One step of an interaction: what it does and what it costs.
package struct Step: Sendable, Codable, Equatable {
    package var kind: StepKind
    /// The step's name in the app (`decode`, `fetch`); for a `state` step, the subsystem it touches.
    package var label: String
    package var cost: Cost

    package init(_ kind: StepKind, _ label: String, _ cost: Cost) {
        self.kind = kind
        self.label = label
        self.cost = cost
    }
}

/// What a step does, which decides where each stage runs it.
public enum StepKind: String, Sendable, Codable, CaseIterable {
    /// A view update; must run on the main actor in every stage.
    case ui
    /// Waiting on the outside world (network, disk): blocks main in `main-only`, awaited everywhere else.
    case io
    /// CPU work that touches no UI state: on main until `offloaded`, then `@concurrent`.
    case compute
    /// Reads or writes a subsystem's shared mutable state: on main until `actor-extracted`, then in the actor.
    case state
}

/// What a step costs.
package enum Cost: Sendable, Codable, Equatable {
    /// CPU work (or, for `io`, a wait) of this many milliseconds on this machine.
    case milliseconds(Double)
    /// A real kernel whose cost comes from its input size.
    case kernel(Kernel, size: Int)
    /// The user's own code (a workload declared in Swift: ``CodeWorkload``), whose cost is what it takes when it runs.
    /// `meanMs` is its measured mean in a profile's result (see ``ProfileResult``), `nil` before it has run.
    case code(meanMs: Double?)

    /// Whether this is the user's own code rather than a simulated cost.
    var isCode: Bool {
        if case .code = self { return true }
        return false
    }
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

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

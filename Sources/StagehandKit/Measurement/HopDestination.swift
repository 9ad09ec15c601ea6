/// Where an interaction asks to run next: what a hop waits for.
enum HopDestination: Sendable, Equatable {
    /// The main actor (its executor is the main thread).
    case mainActor
    /// The cooperative pool, to run a `@concurrent` function.
    case pool
    /// A subsystem's actor, by its position in the workload's subsystems.
    case subsystem(Int)
}

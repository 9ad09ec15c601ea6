/// Each subsystem's state kept on the main actor: where `main-only`, `async` and `offloaded` keep it (`@MainActor`
/// state, the guide's Steps 1–3). `actor-extracted` moves each into an actor of its own (``SubsystemActor``).
@MainActor
final class MainActorSubsystems {
    /// In the workload's order of subsystems.
    private let states: [SubsystemState]

    init(_ makers: [@Sendable () -> SubsystemState]) {
        states = makers.map { $0() }
    }

    /// The state a `state` step reads and writes.
    subscript(step: StepRun) -> SubsystemState {
        states[step.subsystem]
    }
}

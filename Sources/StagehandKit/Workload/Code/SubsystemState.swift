/// One subsystem's state in a stage run, wherever the stage keeps it (the main actor, or the subsystem's actor).
///
/// Not `Sendable`: it lives in exactly one isolation domain for the whole run, and only `state` steps running there
/// touch it. A simulated subsystem (a YAML workload's) holds nothing.
class SubsystemState {
    init() {}
}

/// The state of a ``Subsystem`` declared in Swift, kept in a box so `state` steps change it in place (no copy).
final class TypedSubsystemState<State>: SubsystemState {
    var value: State

    init(_ value: State) {
        self.value = value
    }
}

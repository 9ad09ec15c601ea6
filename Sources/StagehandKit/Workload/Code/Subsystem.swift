/// A subsystem's shared mutable state in a workload declared in Swift: a connection table, an image cache, a store.
///
/// The harness owns the state and places it where the stage says: on the main actor in `main-only`, `async` and
/// `offloaded` (state that stays `@MainActor`, the guide's Step 3), inside an `actor` of its own in `actor-extracted`
/// (the guide's Step 4). A `state` step's closure gets the value `inout`, so its type needs no locks of its own, and
/// the stage-4 migration is done to the user's real state. Every stage run starts from a fresh `initial()`.
///
/// ```swift
/// let connections = Subsystem("connections") { ConnectionTable() }
/// ```
public struct Subsystem<State>: Sendable {
    /// The subsystem's name in the report (`state: connections`): letters, digits, `-`, `_` and `.`.
    public let name: String
    let initial: @Sendable () -> State

    /// - Parameters:
    ///   - name: the subsystem's name in the report.
    ///   - initial: makes the state a stage run starts from; called once per run, where the stage keeps the state.
    public init(_ name: String, initial: @escaping @Sendable () -> State) {
        self.name = name
        self.initial = initial
    }

    /// Makes the run's state, in the box a `state` step's body reads and writes it through.
    var makeState: @Sendable () -> SubsystemState {
        let initial = self.initial
        return { TypedSubsystemState(initial()) }
    }
}

/// One subsystem's state in a stage run, wherever the stage keeps it (the main actor, or the subsystem's actor).
///
/// Not `Sendable`: it lives in exactly one isolation domain for the whole run, and only `state` steps running there
/// touch it. A simulated subsystem (a YAML workload's) holds nothing but the count of its accesses.
class SubsystemState {
    /// `state` steps run on this subsystem so far.
    private(set) var accesses = 0

    init() {}

    /// A `state` step ran on it.
    func accessed() { accesses += 1 }
}

/// The state of a ``Subsystem`` declared in Swift, kept in a box so `state` steps change it in place (no copy).
final class TypedSubsystemState<State>: SubsystemState {
    var value: State

    init(_ value: State) {
        self.value = value
    }
}

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
    /// Where it was declared: two subsystems of one name are an error that points here.
    let location: DeclarationSite

    /// - Parameters:
    ///   - name: the subsystem's name in the report; one name, one subsystem.
    ///   - initial: makes the state a stage run starts from; called once per run, as the run is set up, before the
    ///     state moves to where the stage keeps it.
    public init(
        _ name: String,
        fileID: String = #fileID,
        line: Int = #line,
        initial: @escaping @Sendable () -> State
    ) {
        self.name = name
        self.initial = initial
        location = DeclarationSite(fileID: fileID, line: line)
    }

    /// Which subsystem a step uses, and how its state is made.
    var identity: SubsystemIdentity {
        let initial = self.initial
        return SubsystemIdentity(
            location: location,
            stateType: ObjectIdentifier(State.self),
            makeState: { TypedSubsystemState(initial()) }
        )
    }
}

/// One declared ``Subsystem``, with its state type erased: where it was declared, its state's type, and how its
/// state is made, in the box a `state` step's body reads and writes it through.
struct SubsystemIdentity: Sendable {
    var location: DeclarationSite
    var stateType: ObjectIdentifier
    var makeState: @Sendable () -> SubsystemState

    /// Whether `other` is the same subsystem: declared in the same place, for the same state type.
    func isSame(as other: SubsystemIdentity) -> Bool {
        location == other.location && stateType == other.stateType
    }
}

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

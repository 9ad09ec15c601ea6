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

    /// A subsystem called `name`, whose state each stage run makes afresh with `initial`.
    ///
    /// - Parameters:
    ///   - name: the subsystem's name in the report; one name, one subsystem.
    ///   - initial: makes the state a stage run starts from; called once per run, as the run is set up, before the
    ///     state moves to where the stage keeps it.
    ///   - fileID: where the subsystem is declared, for errors that point at it; leave the default.
    ///   - line: the line it is declared on, likewise.
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

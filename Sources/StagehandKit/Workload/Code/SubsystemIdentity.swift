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

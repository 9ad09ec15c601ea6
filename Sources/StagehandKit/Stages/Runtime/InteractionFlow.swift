import Synchronization

/// The value flowing through one arrival of an interaction: what the last step returned, for the next step to take.
///
/// An interaction's steps run one after another, on whichever threads the stage puts them; each hands its value on
/// through here. Uncontended (only the interaction's own steps touch it, in turn), so its lock costs a few
/// nanoseconds.
final class InteractionFlow: Sendable {
    private let value = Mutex<any Sendable>(())

    init() {}

    /// The value the step before returned (`()` before the first step).
    var current: any Sendable { value.withLock { $0 } }

    /// Hands `next` on to the step after.
    ///
    /// - Returns: the value `next` replaces, so that a caller timing a step can release it after the step's end:
    ///   freeing what the step before handed on (a 3 MB buffer read from disk, say) is not the step's own work.
    @discardableResult
    func pass(_ next: any Sendable) -> any Sendable {
        value.withLock { current in
            defer { current = next }
            return current
        }
    }
}

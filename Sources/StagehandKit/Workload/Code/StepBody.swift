/// What a step does when it runs: a simulated cost, or the user's own code.
///
/// Code bodies take the value the step before produced (`()` for the first step) and return the value for the step
/// after, so values flow through an interaction without globals. Their types are erased here; ``CodeInteraction``
/// builds them from typed closures, so the casts inside cannot fail.
enum StepBody: Sendable {
    /// A calibrated amount of work or a kernel (`ui`, `compute`, `state`), or a wait (`io`).
    case simulated(Cost)
    /// A synchronous nonisolated closure, run wherever the stage runs CPU work.
    case compute(@Sendable (any Sendable) throws -> any Sendable)
    /// A main-actor closure.
    case ui(@MainActor @Sendable (any Sendable) throws -> any Sendable)
    /// An `async throws` closure, called as `nonisolated(nonsending)` code is, on the caller's actor (or as
    /// `@concurrent`: ``IOSemantics``): awaited, or, in `main-only`, waited for with the main thread blocked.
    case io(IOBody)
    /// A closure over its subsystem's state, run wherever the stage keeps that state.
    case state(@Sendable (SubsystemState, any Sendable) throws -> any Sendable)
}

/// The user's `io` body, type-erased: `nonisolated(nonsending)`, so that a call runs it on the caller's actor
/// (``IOSemantics``).
typealias IOBody = nonisolated(nonsending) @Sendable (any Sendable) async throws -> any Sendable

/// Where the synchronous parts of the user's `io` bodies run: the code before the first `await`, between awaits, and
/// after the last (decoding what a request returned, say).
///
/// Swift 6.2 changed the answer for `nonisolated async` functions (SE-0461). Both are offered because a team's code
/// may be on either side of the change:
/// - `nonsending`, the default: the body is called as a `nonisolated(nonsending)` function is, on the caller's actor.
///   Called from main (`async`, `offloaded`), the body's glue code runs on main, and so does every function it calls
///   that is `nonisolated(nonsending)`: every `nonisolated async` function in a module built with Approachable
///   Concurrency (`NonisolatedNonsendingByDefault`, Xcode 26's default for new projects). A function compiled
///   otherwise (Swift 6.0/6.1 semantics, or marked `@concurrent`) still leaves for the pool, as it would in the app.
///   So the user's functions run where their own compilation puts them.
/// - `concurrent`: the whole body runs as a `@concurrent` function, on the cooperative pool, whatever its functions
///   are: Swift 6.0 and 6.1's rule for every `nonisolated async` function, and what wrapping a fetch in a
///   `@concurrent` function gives.
///
/// In `main-only` main blocks until the body completes, as synchronous I/O does: under `nonsending` main runs the
/// body's synchronous parts itself, between its waits (``BlockingIOCall``), under `concurrent` the pool does. In
/// `actor-extracted` both run on the pool, where the interaction already is. Main-thread time inside `io` bodies is
/// measured per step (``RunRecorder/ioBodyRanOnMain(_:from:to:)``) and is a cause of late frames of its own.
package enum IOSemantics: String, Sendable, Codable, CaseIterable {
    case nonsending
    case concurrent

    /// What a profile uses unless told otherwise: Swift 6.2's rule with Approachable Concurrency.
    package static let defaultSemantics = IOSemantics.nonsending

    /// The semantics in words, for the report's environment block.
    package var environmentDescription: String {
        switch self {
        case .nonsending:
            "nonsending: an io body's synchronous parts run on the caller's actor (Swift 6.2, nonisolated(nonsending)); "
                + "the functions it calls run where their own compilation puts them"
        case .concurrent:
            "concurrent: io bodies run on the cooperative pool (@concurrent; Swift 6.0 and 6.1's nonisolated async)"
        }
    }
}

import Dispatch

/// Tells whether code is running on the main queue, which is what the main actor runs on.
///
/// `Thread.isMainThread` is not enough: under an async `main`, main-queue jobs run on a libdispatch worker thread.
/// A queue-specific key set on the main queue is read correctly on whichever thread services it.
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()

    /// Marks the main queue; call once at start-up before asking ``isCurrent``.
    static func mark() {
        DispatchQueue.main.setSpecific(key: key, value: true)
    }

    /// Whether the current code runs on the main queue (and so on the main actor).
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }

    /// Runs main-actor code from a main-queue callback (a Dispatch source's handler), as `MainActor.assumeIsolated`
    /// does, but without allocating: the standard library's version allocated once per call here (jemalloc counted
    /// it), and the event source and the run's end timer call this on every event and every 5 ms, inside the
    /// measured window.
    ///
    /// Safe for the reason `assumeIsolated` is: the main actor's executor is the main queue, and this traps unless
    /// the caller is on it, so the main-actor code runs isolated to the main actor.
    static func assumeMainActor<T, Failure: Error>(_ body: @MainActor () throws(Failure) -> T) throws(Failure) -> T {
        precondition(isCurrent, "main-actor code called off the main queue")
        return try withoutActuallyEscaping(body) { body throws(Failure) in
            try unsafeBitCast(body, to: (() throws(Failure) -> T).self)()
        }
    }
}

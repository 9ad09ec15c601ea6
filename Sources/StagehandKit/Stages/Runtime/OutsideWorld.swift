import Dispatch

/// The network and disk as an app sees them: a request goes out, and the answer comes back later on a thread of the
/// system's own, as URLSession's completion does, not on the cooperative pool.
enum OutsideWorld {
    private static let queue = DispatchQueue(label: "stagehand.outside-world", qos: .userInitiated)

    /// Suspends the caller until `ms` milliseconds have passed.
    ///
    /// - Returns: the instant the answer arrived (the resumption was asked for then).
    nonisolated(nonsending) static func respond(afterMs ms: Double) async -> Instant {
        await withCheckedContinuation { continuation in
            queue.asyncAfter(deadline: Instant.now.adding(milliseconds: ms).dispatchTime) {
                continuation.resume(returning: Instant.now)
            }
        }
    }
}

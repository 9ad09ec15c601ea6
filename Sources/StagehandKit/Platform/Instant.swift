import Dispatch

/// A point on the monotonic clock that Dispatch timers use, in nanoseconds (``Platform/monotonicNanoseconds``).
///
/// The frame clock's vsync grid, arrivals and every measurement use this one clock, so intervals between them are
/// exact subtractions.
package struct Instant: Comparable, Hashable, Sendable, Codable {
    var nanoseconds: UInt64

    package init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// Now: an opaque call the optimiser cannot merge with another reading or move the measured work across.
    package static var now: Instant { Instant(nanoseconds: Platform.monotonicNanoseconds) }

    /// CPU time the calling thread has used, in nanoseconds: unlike wall time, it does not grow while the thread waits
    /// for a core.
    static var threadCPUNanoseconds: UInt64 { Platform.threadCPUNanoseconds }

    /// The same instant as a Dispatch deadline.
    var dispatchTime: DispatchTime { DispatchTime(uptimeNanoseconds: nanoseconds) }

    /// Milliseconds from `earlier` to this instant; negative when `earlier` is later.
    package func milliseconds(since earlier: Instant) -> Double {
        Double(Int64(bitPattern: nanoseconds &- earlier.nanoseconds)) / 1e6
    }

    /// Nanoseconds from `earlier` to this instant, or zero when `earlier` is later.
    func nanoseconds(since earlier: Instant) -> UInt64 {
        nanoseconds > earlier.nanoseconds ? nanoseconds - earlier.nanoseconds : 0
    }

    /// The instant `milliseconds` after this one.
    func adding(milliseconds: Double) -> Instant {
        Instant(nanoseconds: nanoseconds &+ UInt64(max(milliseconds, 0) * 1e6))
    }

    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

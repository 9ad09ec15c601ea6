import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point on the monotonic clock that Dispatch timers use (`CLOCK_MONOTONIC`), in nanoseconds.
///
/// The frame clock's vsync grid, arrivals and every measurement use this one clock, so intervals between them are
/// exact subtractions.
public struct Instant: Comparable, Hashable, Sendable, Codable {
    public var nanoseconds: UInt64

    public init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// Now, read with `clock_gettime`: an opaque call the optimiser cannot merge with another reading or move the
    /// measured work across (it did both with `DispatchTime.now()`, timing 200 ms of work as zero).
    public static var now: Instant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Instant(nanoseconds: UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec))
    }

    /// CPU time the calling thread has used, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): unlike wall time, it does
    /// not grow while the thread waits for a core.
    static var threadCPUNanoseconds: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The same instant as a Dispatch deadline.
    var dispatchTime: DispatchTime { DispatchTime(uptimeNanoseconds: nanoseconds) }

    /// Milliseconds from `earlier` to this instant; negative when `earlier` is later.
    public func milliseconds(since earlier: Instant) -> Double {
        Double(Int64(bitPattern: nanoseconds &- earlier.nanoseconds)) / 1e6
    }

    /// Nanoseconds from `earlier` to this instant, or zero when `earlier` is later.
    public func nanoseconds(since earlier: Instant) -> UInt64 {
        nanoseconds > earlier.nanoseconds ? nanoseconds - earlier.nanoseconds : 0
    }

    /// The instant `milliseconds` after this one.
    public func adding(milliseconds: Double) -> Instant {
        Instant(nanoseconds: nanoseconds &+ UInt64(max(milliseconds, 0) * 1e6))
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

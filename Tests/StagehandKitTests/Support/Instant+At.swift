@testable import StagehandKit

extension Instant {
    /// The instant `milliseconds` after the clock's zero: the time line of constructed frames, jobs and steps.
    static func at(_ milliseconds: Double) -> Instant { Instant(nanoseconds: UInt64(milliseconds * 1e6)) }
}

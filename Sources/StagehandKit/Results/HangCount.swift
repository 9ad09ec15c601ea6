/// A run's hangs, and how many of them main's wait for a core made (``StageMetrics/hangsFromCoreWait``).
///
/// JSON: `{ "hangs", "fromCoreWait", "longestHangMs", "coreWaitMs" }`: `coreWaitMs` is the longest main waited for a
/// core within one hang.
public struct HangCount: Codable, Sendable, Equatable {
    public var hangs: Int = 0
    public var fromCoreWait: Int = 0
    public var longestHangMs: Double = 0
    public var coreWaitMs: Double = 0

    public init(hangs: Int = 0, fromCoreWait: Int = 0, longestHangMs: Double = 0, coreWaitMs: Double = 0) {
        self.hangs = hangs
        self.fromCoreWait = fromCoreWait
        self.longestHangMs = longestHangMs
        self.coreWaitMs = coreWaitMs
    }

    /// The hangs of a run's `metrics`.
    init(_ metrics: StageMetrics) {
        self.init(
            hangs: metrics.hangs,
            fromCoreWait: metrics.hangsFromCoreWait,
            longestHangMs: metrics.longestHangMs,
            coreWaitMs: metrics.hangCoreWaitMs
        )
    }

    /// These and `other`'s, together.
    func adding(_ other: HangCount) -> HangCount {
        HangCount(
            hangs: hangs + other.hangs,
            fromCoreWait: fromCoreWait + other.fromCoreWait,
            longestHangMs: max(longestHangMs, other.longestHangMs),
            coreWaitMs: max(coreWaitMs, other.coreWaitMs)
        )
    }

    /// Whether there are hangs and main's wait for a core made every one.
    var allFromCoreWait: Bool { hangs > 0 && fromCoreWait == hangs }
}

/// Main-actor jobs counted by length, at the thresholds Instruments and the hang reporter use.
public struct JobDurations: Codable, Sendable, Equatable {
    public var count = 0
    /// Longer than one frame at the run's refresh rate (16.67 ms at 60 Hz, 8.33 ms at 120 Hz).
    public var overFrame = 0
    public var over50ms = 0
    public var over100ms = 0
    /// A hang's length or longer (``StageMetrics/hangThresholdMs``).
    public var hangLength = 0
    public var over500ms = 0

    public init() {}

    /// Counts a job that held main for `nanoseconds`, in a run whose frame budget is `periodNs`.
    mutating func add(nanoseconds: UInt64, periodNs: UInt64) {
        count += 1
        if nanoseconds > periodNs { overFrame += 1 }
        if nanoseconds > 50_000_000 { over50ms += 1 }
        if nanoseconds > 100_000_000 { over100ms += 1 }
        if StageMetrics.isHang(nanoseconds: nanoseconds) { hangLength += 1 }
        if nanoseconds > 500_000_000 { over500ms += 1 }
    }

    /// Adds the jobs counted in `other`.
    mutating func add(_ other: JobDurations) {
        count += other.count
        overFrame += other.overFrame
        over50ms += other.over50ms
        over100ms += other.over100ms
        hangLength += other.hangLength
        over500ms += other.over500ms
    }
}

extension JobDurations {
    private enum CodingKeys: String, CodingKey {
        case count, overFrame, over50ms, over100ms, hangLength, over500ms
        /// Written before the bands followed the refresh rate (always 60 Hz) and the hang band took `≥`.
        case over16ms, over250ms
    }

    /// Reads this release's fields, and results written before `overFrame` and `hangLength` (`over16ms`, `over250ms`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 0
        overFrame =
            try container.decodeIfPresent(Int.self, forKey: .overFrame)
            ?? container.decodeIfPresent(Int.self, forKey: .over16ms) ?? 0
        over50ms = try container.decodeIfPresent(Int.self, forKey: .over50ms) ?? 0
        over100ms = try container.decodeIfPresent(Int.self, forKey: .over100ms) ?? 0
        hangLength =
            try container.decodeIfPresent(Int.self, forKey: .hangLength)
            ?? container.decodeIfPresent(Int.self, forKey: .over250ms) ?? 0
        over500ms = try container.decodeIfPresent(Int.self, forKey: .over500ms) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(overFrame, forKey: .overFrame)
        try container.encode(over50ms, forKey: .over50ms)
        try container.encode(over100ms, forKey: .over100ms)
        try container.encode(hangLength, forKey: .hangLength)
        try container.encode(over500ms, forKey: .over500ms)
    }
}

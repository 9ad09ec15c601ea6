/// Main-actor jobs counted by length, at the thresholds Instruments and the hang reporter use.
public struct JobDurations: Codable, Sendable, Equatable {
    public var count = 0
    /// Longer than 16.7 ms: a frame at 60 Hz.
    public var over16ms = 0
    public var over50ms = 0
    public var over100ms = 0
    /// Longer than 250 ms: a hang.
    public var over250ms = 0
    public var over500ms = 0

    public init() {}

    mutating func add(milliseconds: Double) {
        count += 1
        if milliseconds > 1000.0 / 60 { over16ms += 1 }
        if milliseconds > 50 { over50ms += 1 }
        if milliseconds > 100 { over100ms += 1 }
        if milliseconds > 250 { over250ms += 1 }
        if milliseconds > 500 { over500ms += 1 }
    }
}

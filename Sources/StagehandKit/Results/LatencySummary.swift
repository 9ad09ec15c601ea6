import Histogram

/// Percentiles of a latency distribution, in milliseconds.
public struct LatencySummary: Codable, Sendable, Equatable {
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var max: Double
    /// How many values the summary is over.
    public var count: Int

    public init(p50: Double = 0, p90: Double = 0, p99: Double = 0, max: Double = 0, count: Int = 0) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.max = max
        self.count = count
    }

    /// Summarises samples recorded in microseconds.
    init(_ samples: LatencySamples) {
        self.init(microseconds: samples.histogram())
    }

    /// Summarises a histogram recorded in microseconds.
    init(microseconds histogram: Histogram<UInt64>) {
        guard histogram.totalCount > 0 else {
            self.init()
            return
        }
        self.init(
            p50: Double(histogram.valueAtPercentile(50)) / 1000,
            p90: Double(histogram.valueAtPercentile(90)) / 1000,
            p99: Double(histogram.valueAtPercentile(99)) / 1000,
            max: Double(histogram.max) / 1000,
            count: Int(histogram.totalCount)
        )
    }
}

extension Histogram<UInt64> {
    /// A histogram of microseconds from 1 µs to one hour, three significant digits.
    static func microseconds() -> Histogram<UInt64> {
        Histogram(
            lowestDiscernibleValue: 1,
            highestTrackableValue: 3_600_000_000,
            numberOfSignificantValueDigits: .three
        )
    }

    /// Records a duration given in nanoseconds, clamped into the trackable range.
    mutating func record(nanoseconds: UInt64) {
        _ = record(Swift.min(Swift.max(nanoseconds / 1000, 1), 3_600_000_000))
    }
}

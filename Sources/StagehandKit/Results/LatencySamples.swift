import Histogram

/// A latency histogram in a compact, mergeable form: its non-empty buckets as `[microseconds, count]` pairs.
///
/// Each stage child sends these to the profiler, which merges the repetitions' histograms into the stage's
/// percentiles and the charts' distributions.
struct LatencySamples: Codable, Sendable, Equatable {
    /// `[value in µs, count]` for each non-empty bucket, in increasing value order.
    var buckets: [[UInt64]]

    init(buckets: [[UInt64]] = []) {
        self.buckets = buckets
    }

    init(_ histogram: Histogram<UInt64>) {
        buckets = histogram.recordedValues().map { [$0.value, $0.count] }
    }

    /// How many values the samples hold.
    package var count: UInt64 { buckets.reduce(0) { $0 + ($1.count == 2 ? $1[1] : 0) } }

    /// The histogram the samples came from (same buckets, same counts).
    func histogram() -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>.microseconds()
        for bucket in buckets where bucket.count == 2 {
            _ = histogram.record(bucket[0], count: bucket[1])
        }
        return histogram
    }

    /// Several runs' samples as one.
    static func merged(_ samples: [LatencySamples]) -> LatencySamples {
        var histogram = Histogram<UInt64>.microseconds()
        for sample in samples { histogram.add(sample.histogram()) }
        return LatencySamples(histogram)
    }
}

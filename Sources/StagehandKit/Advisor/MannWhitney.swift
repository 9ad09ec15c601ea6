import Foundation

/// The Mann-Whitney U rank test over two latency distributions, with ties (values in one histogram bucket) given
/// their mid-rank and the normal approximation's tie correction.
enum MannWhitney {
    /// The test's answer for "values in `lower` tend to be smaller than values in `higher`".
    struct Outcome: Equatable {
        /// One-sided p-value.
        var p: Double
        /// The effect size: the probability that a value from `lower` is smaller than one from `higher` (ties count
        /// half). 0.5 is no difference.
        var probabilityLower: Double
    }

    /// The one-sided p-value that values in `lower` tend to be smaller than values in `higher`; `nil` when either side
    /// has fewer than `minimumCount` values, too few for the normal approximation.
    static func pLower(_ lower: LatencySamples, than higher: LatencySamples, minimumCount: UInt64 = 20) -> Double? {
        test(lower, than: higher, minimumCount: minimumCount)?.p
    }

    /// The test with its effect size; `nil` when either side has fewer than `minimumCount` values.
    static func test(_ lower: LatencySamples, than higher: LatencySamples, minimumCount: UInt64 = 20) -> Outcome? {
        let countA = Double(lower.count)
        let countB = Double(higher.count)
        guard lower.count >= minimumCount, higher.count >= minimumCount else { return nil }
        var a: [UInt64: Double] = [:]
        var b: [UInt64: Double] = [:]
        for bucket in lower.buckets where bucket.count == 2 { a[bucket[0], default: 0] += Double(bucket[1]) }
        for bucket in higher.buckets where bucket.count == 2 { b[bucket[0], default: 0] += Double(bucket[1]) }
        let values = Set(a.keys).union(b.keys).sorted()
        var rankSumA = 0.0
        var ranked = 0.0
        var tieTerm = 0.0
        for value in values {
            let inA = a[value] ?? 0
            let tied = inA + (b[value] ?? 0)
            let midRank = ranked + (tied + 1) / 2
            rankSumA += inA * midRank
            ranked += tied
            tieTerm += tied * tied * tied - tied
        }
        let total = countA + countB
        let u = rankSumA - countA * (countA + 1) / 2
        let mean = countA * countB / 2
        let variance = countA * countB / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
        // U counts the pairs where the `lower` value is larger (ties half), so 1 − U/(n·m) is the effect size.
        let probabilityLower = 1 - u / (countA * countB)
        guard variance > 0 else { return Outcome(p: 0.5, probabilityLower: 0.5) }  // all tied: no evidence
        let z = (u - mean) / variance.squareRoot()
        return Outcome(p: 0.5 * erfc(-z / 2.0.squareRoot()), probabilityLower: probabilityLower)  // Φ(z)
    }
}

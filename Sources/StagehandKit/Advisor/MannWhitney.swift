import Foundation

/// The Mann-Whitney U rank test, exact, over the per-run figures of two stages: whether one stage's runs tend to
/// measure lower than the other's.
///
/// Runs, not frames: the frames of one run are not independent (a stall delays many in a row), so pooling them
/// overstates the evidence. With R runs a side the test is exact, by enumerating every way the runs could have been
/// split between the two stages; ties count half. With 3 runs against 3, the smallest p it can give is 1/20 = 0.05,
/// reached only when every run of one stage is below every run of the other.
enum MannWhitney {
    /// The test's answer for "values in `lower` tend to be smaller than values in `higher`".
    struct Outcome: Equatable {
        /// One-sided p-value: the chance, were both sides alike, of a split at least this favourable to `lower`.
        var p: Double
        /// The effect size: the probability that a value from `lower` is smaller than one from `higher` (ties count
        /// half). 0.5 is no difference.
        var probabilityLower: Double
    }

    /// The largest number of runs, both sides together, tested exactly; beyond it the normal approximation is used.
    static let exactLimit = 20

    /// The exact test (or, past ``exactLimit`` values, the normal approximation); `nil` when a side is empty.
    static func test(_ lower: [Double], than higher: [Double]) -> Outcome? {
        guard !lower.isEmpty, !higher.isEmpty else { return nil }
        let pairs = Double(lower.count * higher.count)
        let observed = pairsLower(lower, than: higher)
        let probabilityLower = observed / pairs
        let all = lower + higher
        guard all.count <= exactLimit else {
            return Outcome(
                p: normalP(observed: observed, n: lower.count, m: higher.count),
                probabilityLower: probabilityLower
            )
        }
        // Every way to choose which `lower.count` of the values were `lower`'s: how often is the statistic as extreme?
        var asExtreme = 0
        var total = 0
        forEachSubset(of: all.count, size: lower.count) { chosen in
            var a: [Double] = []
            var b: [Double] = []
            for (index, value) in all.enumerated() {
                if chosen[index] { a.append(value) } else { b.append(value) }
            }
            total += 1
            if pairsLower(a, than: b) >= observed - 1e-9 { asExtreme += 1 }
        }
        return Outcome(p: Double(asExtreme) / Double(total), probabilityLower: probabilityLower)
    }

    /// Pairs (one value from each side) in which `lower`'s is smaller, ties counting half.
    private static func pairsLower(_ lower: [Double], than higher: [Double]) -> Double {
        var count = 0.0
        for a in lower {
            for b in higher {
                if a < b { count += 1 } else if a == b { count += 0.5 }
            }
        }
        return count
    }

    private static func normalP(observed: Double, n: Int, m: Int) -> Double {
        let mean = Double(n * m) / 2
        let sd = (Double(n * m * (n + m + 1)) / 12).squareRoot()
        guard sd > 0 else { return 0.5 }
        let z = (observed - mean) / sd
        return 0.5 * erfc(z / 2.0.squareRoot())  // P(Z ≥ z)
    }

    /// Calls `body` with every subset of `0..<count` of `size` elements, as a membership mask.
    private static func forEachSubset(of count: Int, size: Int, _ body: ([Bool]) -> Void) {
        var mask = [Bool](repeating: false, count: count)
        func choose(from index: Int, left: Int) {
            if left == 0 {
                body(mask)
                return
            }
            guard count - index >= left else { return }
            mask[index] = true
            choose(from: index + 1, left: left - 1)
            mask[index] = false
            choose(from: index + 1, left: left)
        }
        choose(from: 0, left: size)
    }
}

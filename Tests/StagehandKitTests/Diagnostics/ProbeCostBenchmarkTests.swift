import Testing

@testable import StagehandKit

/// `benchmark-probes`' figures from constructed rounds: each round's pair gives a ratio, and the medians decide.
@Suite struct ProbeCostBenchmarkTests {
    static func result(bare: [Double], instrumented: [Double]) -> ProbeCostBenchmark.Result {
        var result = ProbeCostBenchmark.Result()
        result.bareCPUPerInteractionUs = bare
        result.instrumentedCPUPerInteractionUs = instrumented
        return result
    }

    /// Drift between rounds cancels in each pair: the second round runs 25% slower for both, and the ratio is the
    /// probes' own 1% in each.
    @Test func eachRoundIsComparedWithItsOwnPair() {
        let result = Self.result(bare: [800, 1000, 808], instrumented: [808, 1010, 816.08])
        #expect(result.ratios.allSatisfy { abs($0 - 1 / 1.01) < 1e-9 })
        #expect(abs(result.instrumentedOverBare - 1 / 1.01) < 1e-9)
        #expect(abs(result.costPerInteractionUs - 8.08) < 1e-9, "the median of 8, 10 and 8.08")
    }

    /// Probes that cost nothing give 1; no rounds give no answer.
    @Test func freeProbesGiveOneAndNoRoundsNoAnswer() {
        #expect(Self.result(bare: [790, 810], instrumented: [790, 810]).instrumentedOverBare == 1)
        #expect(Self.result(bare: [], instrumented: []).instrumentedOverBare.isNaN)
        #expect(Self.result(bare: [], instrumented: []).costPerInteractionUs.isNaN)
    }
}

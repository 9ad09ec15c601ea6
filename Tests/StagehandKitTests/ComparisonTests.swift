import Foundation
import Testing

@testable import StagehandKit

@Suite struct ComparisonTests {
    static func fixture() throws -> ProfileResult { try ReportTests.fixture() }

    /// The fixture with one stage's metrics changed.
    static func changed(_ stage: Stage, _ edit: (inout StageMetrics) -> Void) throws -> ProfileResult {
        var result = try fixture()
        let index = try #require(result.stages.firstIndex { $0.stage == stage })
        var metrics = try #require(result.stages[index].metrics)
        edit(&metrics)
        result.stages[index].metrics = metrics
        return result
    }

    @Test func theSameResultIsUnchanged() throws {
        let comparison = try Comparison(before: try Self.fixture(), after: try Self.fixture())
        #expect(comparison.outcome == .unchanged)
        #expect(comparison.rows.allSatisfy { $0.change == .unchanged })
    }

    @Test func worseBeyondThresholdAndFloorIsARegression() throws {
        let after = try Self.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 12 }
        let comparison = try Comparison(before: try Self.fixture(), after: after)
        #expect(comparison.outcome == .regressed)
        let row = try #require(comparison.rows.first { $0.stage == .offloaded && $0.metric.hasPrefix("hitch") })
        #expect(row.change == .regression)
        #expect(comparison.render().contains("⛔ regression"))
    }

    @Test func aSmallChangeUnderTheFloorIsNoise() throws {
        // +50% but only 0.5 allocations: under the one-allocation floor.
        let after = try Self.changed(.mainOnly) {
            $0.allocationsPerInteraction *= 1.0 + 0.5 / $0.allocationsPerInteraction
        }
        #expect(try Comparison(before: try Self.fixture(), after: after).outcome == .unchanged)
    }

    @Test func onlyBetterIsAnImprovement() throws {
        let after = try Self.changed(.async) { $0.hitchTimeRatioMsPerS = 10 }
        #expect(try Comparison(before: try Self.fixture(), after: after).outcome == .improved)
    }

    @Test func aStageThatStopsFinishingIsARegression() throws {
        var after = try Self.fixture()
        after.stages[2] = StageResult(
            stage: .offloaded,
            repetitions: [RepetitionResult(repetition: 1, status: .hung, seed: 1, failure: "stuck")]
        )
        let comparison = try Comparison(before: try Self.fixture(), after: after)
        #expect(comparison.outcome == .regressed)
        #expect(comparison.render().contains("`offloaded`: ok → hung"))
    }

    @Test func differentWorkloadsAreRefused() throws {
        var other = try Self.fixture()
        other.workload = "news-feed"
        #expect(throws: ResultFileError.self) { try Comparison(before: try Self.fixture(), after: other) }
    }
}

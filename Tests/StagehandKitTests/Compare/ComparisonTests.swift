import Foundation
import Testing

@testable import StagehandKit

@Suite struct ComparisonTests {
    /// The fixture with one stage's metrics changed, in the summary and in every repetition alike.
    static func changed(_ stage: Stage, _ edit: (inout StageMetrics) -> Void) throws -> ProfileResult {
        var result = try Fixtures.imagePipeline()
        let index = try #require(result.stages.firstIndex { $0.stage == stage })
        var metrics = try #require(result.stages[index].metrics)
        edit(&metrics)
        result.stages[index].metrics = metrics
        for run in result.stages[index].repetitions.indices {
            result.stages[index].repetitions[run].metrics.map {
                var metrics = $0
                edit(&metrics)
                result.stages[index].repetitions[run].metrics = metrics
            }
        }
        return result
    }

    @Test func theSameResultIsUnchanged() throws {
        let comparison = try Comparison(before: try Fixtures.imagePipeline(), after: try Fixtures.imagePipeline())
        #expect(comparison.outcome == .unchanged)
        #expect(comparison.rows.allSatisfy { $0.change == .unchanged })
    }

    @Test func worseBeyondThresholdAndFloorIsARegression() throws {
        let after = try Self.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 12 }
        let comparison = try Comparison(before: try Fixtures.imagePipeline(), after: after)
        #expect(comparison.outcome == .regressed)
        let row = try #require(comparison.rows.first { $0.stage == .offloaded && $0.metric.hasPrefix("hitch") })
        #expect(row.change == .regression)
        #expect(comparison.render().contains("⛔ regression"))
    }

    /// A stage's hangs are the total over its runs; compare reads them per run, so more repetitions with the same
    /// hangs in each are no regression.
    @Test func hangsAreComparedPerRunNotAsTotals() throws {
        var before = try Fixtures.imagePipeline()
        let index = try #require(before.stages.firstIndex { $0.stage == .mainOnly })
        var after = before
        before.stages[index].metrics?.hangs = 3 * 2
        for run in before.stages[index].repetitions.indices { before.stages[index].repetitions[run].metrics?.hangs = 2 }
        let first = try #require(after.stages[index].repetitions.first)
        after.stages[index].repetitions += [first, first].map { run in
            var run = run
            run.repetition += 3
            return run
        }
        after.stages[index].metrics?.hangs = 5 * 2
        for run in after.stages[index].repetitions.indices { after.stages[index].repetitions[run].metrics?.hangs = 2 }
        let comparison = try Comparison(before: before, after: after)
        let row = try #require(comparison.rows.first { $0.stage == .mainOnly && $0.metric.hasPrefix("hangs") })
        #expect(row.before == 2)
        #expect(row.after == 2)
        #expect(row.change == .unchanged)
    }

    /// Past the threshold in the summary, but one run after is no better than one before: not an improvement.
    @Test func aChangeWhoseRunsOverlapIsWithinNoise() throws {
        var after = try Fixtures.imagePipeline()
        let index = try #require(after.stages.firstIndex { $0.stage == .async })
        after.stages[index].metrics?.hitchTimeRatioMsPerS *= 0.5
        for run in after.stages[index].repetitions.indices.dropFirst() {
            after.stages[index].repetitions[run].metrics?.hitchTimeRatioMsPerS *= 0.5
        }
        let comparison = try Comparison(before: try Fixtures.imagePipeline(), after: after)
        let row = try #require(comparison.rows.first { $0.stage == .async && $0.metric.hasPrefix("hitch") })
        #expect(row.beforeRuns.count == 3)
        #expect(row.change == .withinNoise)
        #expect(comparison.outcome == .unchanged)
        #expect(comparison.render().contains("within noise (runs "))
        #expect(comparison.render().contains("1 metric moved past 10% but within the run-to-run noise"))
    }

    /// With a single repetition there is no noise to check against: the threshold alone decides, and it says so.
    @Test func aSingleRepetitionIsComparedWithoutANoiseCheck() throws {
        var before = try Fixtures.imagePipeline()
        for index in before.stages.indices { before.stages[index].repetitions.removeLast(2) }
        let after = try Self.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 12 }
        let comparison = try Comparison(before: before, after: after)
        #expect(comparison.outcome == .regressed)
        #expect(comparison.render().contains("not checked against noise"))
    }

    /// A traced result carries the trace's own memory and allocations: compare says so.
    @Test func aTracedResultIsNamedAsSuch() throws {
        var after = try Fixtures.imagePipeline()
        after.environment.traceFile = "run.trace.json"
        let text = try Comparison(before: try Fixtures.imagePipeline(), after: after).render()
        #expect(text.contains("The after result was profiled with `--trace`"))
        #expect(
            !(try Comparison(before: try Fixtures.imagePipeline(), after: try Fixtures.imagePipeline()).render())
                .contains("--trace")
        )
    }

    @Test func aSmallChangeUnderTheFloorIsNoise() throws {
        // +50% but only 0.5 allocations: under the one-allocation floor.
        let after = try Self.changed(.mainOnly) {
            $0.allocationsPerInteraction *= 1.0 + 0.5 / $0.allocationsPerInteraction
        }
        #expect(try Comparison(before: try Fixtures.imagePipeline(), after: after).outcome == .unchanged)
    }

    @Test func onlyBetterIsAnImprovement() throws {
        let after = try Self.changed(.async) { $0.hitchTimeRatioMsPerS = 10 }
        #expect(try Comparison(before: try Fixtures.imagePipeline(), after: after).outcome == .improved)
    }

    @Test func aStageThatStopsFinishingIsARegression() throws {
        var after = try Fixtures.imagePipeline()
        after.stages[2] = .failed(.offloaded, .hung, failure: "stuck")
        let comparison = try Comparison(before: try Fixtures.imagePipeline(), after: after)
        #expect(comparison.outcome == .regressed)
        #expect(comparison.render().contains("`offloaded`: ok → hung"))
    }

    @Test func differentWorkloadsAreRefused() throws {
        var other = try Fixtures.imagePipeline()
        other.workload = "news-feed"
        #expect(throws: ResultFileError.self) { try Comparison(before: try Fixtures.imagePipeline(), after: other) }
    }
}

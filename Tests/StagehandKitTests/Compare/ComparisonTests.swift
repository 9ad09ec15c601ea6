import Foundation
import Testing

@testable import StagehandKit

@Suite struct ComparisonTests {
    /// The image-pipeline fixture with every stage's figures derived from its runs, as an edited stage's are.
    static func fixture() throws -> ProfileResult { try Fixtures.imagePipeline().rederived }

    /// The fixture with one stage's metrics changed in every repetition, its figures derived from them again.
    static func changed(_ stage: Stage, _ edit: (inout StageMetrics) -> Void) throws -> ProfileResult {
        var result = try Self.fixture()
        try result.editRuns(of: stage) { run in
            guard var metrics = run.metrics else { return }
            edit(&metrics)
            run.metrics = metrics
        }
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

    /// A stage's hangs are the total over its runs; compare reads them per run, so more repetitions with the same
    /// hangs in each are no regression.
    @Test func hangsAreComparedPerRunNotAsTotals() throws {
        var before = try Self.fixture()
        let index = try #require(before.stages.firstIndex { $0.stage == .mainOnly })
        try before.editRuns(of: .mainOnly) { $0.metrics?.hangs = 2 }
        #expect(before.stages[index].metrics?.hangs == 3 * 2)
        var after = before
        let first = try #require(after.stages[index].repetitions.first)
        let more = [first, first].enumerated().map { offset, run in
            var run = run
            run.repetition += 3 + offset
            return run
        }
        after.stages[index] = after.stages[index].replacingRuns(after.stages[index].repetitions + more)
        #expect(after.stages[index].metrics?.hangs == 5 * 2)
        let comparison = try Comparison(before: before, after: after)
        let row = try #require(comparison.rows.first { $0.stage == .mainOnly && $0.metric.hasPrefix("hangs") })
        #expect(row.before == 2)
        #expect(row.after == 2)
        #expect(row.change == .unchanged)
    }

    /// A stage its profile stopped after one run (the verdict did not need more of it, while the others ran 3) has no
    /// noise to check a change against: 0 → 12 ms/s in its one run is within the noise, not a regression. A profile
    /// of one repetition throughout (`--repetitions 1`) still flags it, as it always did.
    @Test func aStageStoppedAfterOneRunIsNeverARegression() throws {
        func oneRun(of stage: Stage, in result: ProfileResult) throws -> ProfileResult {
            var result = result
            let index = try #require(result.stages.firstIndex { $0.stage == stage })
            result.stages[index] = result.stages[index].replacingRuns(Array(result.stages[index].repetitions.prefix(1)))
            return result
        }
        let before = try oneRun(of: .actorExtracted, in: try Self.fixture())
        let after = try oneRun(
            of: .actorExtracted,
            in: try Self.changed(.actorExtracted) { $0.hitchTimeRatioMsPerS = 12 }
        )
        #expect(before.environment.repetitions == 3)
        let stopped = try Comparison(before: before, after: after)
        let row = try #require(stopped.rows.first { $0.stage == .actorExtracted && $0.metric.hasPrefix("hitch") })
        #expect(row.change == .withinNoise)
        #expect(stopped.outcome == .unchanged)
        #expect(stopped.render().contains("they count as within the noise"))

        // A stage the verdict rested on, stopped after one run, failed beyond doubt there: that is flagged.
        let read = try oneRun(of: .offloaded, in: try Self.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 40 })
        #expect(try Comparison(before: try Self.fixture(), after: read).outcome == .regressed)

        var onceBefore = before
        var onceAfter = after
        for stage in Stage.allCases {
            onceBefore = try oneRun(of: stage, in: onceBefore)
            onceAfter = try oneRun(of: stage, in: onceAfter)
        }
        onceBefore.environment.repetitions = 1
        onceAfter.environment.repetitions = 1
        #expect(try Comparison(before: onceBefore, after: onceAfter).outcome == .regressed)

        // Even then, a stage whose one run was a table run (1 s, shorter than the profile's: the verdict never
        // reached it) is only in the table.
        let index = try #require(onceAfter.stages.firstIndex { $0.stage == .actorExtracted })
        onceAfter.stages[index] = onceAfter.stages[index].editingRuns { $0.metrics?.arrivalSeconds = 1 }
        #expect(try Comparison(before: onceBefore, after: onceAfter).outcome == .unchanged)
    }

    /// Past the threshold in the summary, but one run after is no better than one before: not an improvement.
    @Test func aChangeWhoseRunsOverlapIsWithinNoise() throws {
        var after = try Self.fixture()
        try after.editRuns(of: .async) { run in
            if run.repetition > 1 { run.metrics?.hitchTimeRatioMsPerS *= 0.5 }
        }
        let comparison = try Comparison(before: try Self.fixture(), after: after)
        let row = try #require(comparison.rows.first { $0.stage == .async && $0.metric.hasPrefix("hitch") })
        #expect(row.beforeRuns.count == 3)
        #expect(row.change == .withinNoise)
        #expect(comparison.outcome == .unchanged)
        #expect(comparison.render().contains("within noise (runs "))
        #expect(comparison.render().contains("1 metric moved past 10% but within the run-to-run noise"))
    }

    /// With a single repetition there is no noise to check against: the threshold alone decides, and it says so.
    @Test func aSingleRepetitionIsComparedWithoutANoiseCheck() throws {
        var before = try Self.fixture()
        before.stages = before.stages.map { $0.replacingRuns(Array($0.repetitions.prefix(1))) }
        before.environment.repetitions = 1  // `--repetitions 1`: every stage once, none stopped early
        let after = try Self.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 12 }
        let comparison = try Comparison(before: before, after: after)
        #expect(comparison.outcome == .regressed)
        #expect(comparison.render().contains("not checked against noise"))
    }

    /// A traced result carries the trace's own memory and allocations: compare says so.
    @Test func aTracedResultIsNamedAsSuch() throws {
        var after = try Self.fixture()
        after.environment.traceFile = "run.trace.json"
        let text = try Comparison(before: try Self.fixture(), after: after).render()
        #expect(text.contains("The after result was profiled with `--trace`"))
        #expect(
            !(try Comparison(before: try Self.fixture(), after: try Self.fixture()).render())
                .contains("--trace")
        )
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
        after.stages[2] = .failed(.offloaded, .hung, failure: "stuck")
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

import Foundation
import Testing

@testable import StagehandKit

/// `compare --json`: the verdict a CI job reads when the exit status cannot reach it.
@Suite struct ComparisonVerdictTests {
    @Test func noChangeIsUnchangedWithNothingListed() throws {
        let verdict = ComparisonVerdict(
            try Comparison(before: try Fixtures.imagePipeline(), after: try Fixtures.imagePipeline())
        )
        #expect(verdict.outcome == "unchanged")
        #expect(verdict.exitStatus == 0)
        #expect(verdict.regressions.isEmpty && verdict.improvements.isEmpty && verdict.statusChanges.isEmpty)
        #expect(verdict.workload == "image-pipeline")
    }

    @Test func aRegressionNamesItsStageAndMetric() throws {
        let worse = try ComparisonTests.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 40 }
        let verdict = ComparisonVerdict(try Comparison(before: try Fixtures.imagePipeline(), after: worse))
        #expect(verdict.outcome == "regressed")
        #expect(verdict.exitStatus == 2)
        let change = try #require(verdict.regressions.first)
        #expect(verdict.regressions.count == 1)
        #expect(change.stage == .offloaded)
        #expect(change.metric == "hitchTimeRatioMsPerS")
        #expect(change.after == 40)
        #expect(change.percent == nil, "offloaded had 0 ms/s before: no percentage of 0")
        #expect(verdict.improvements.isEmpty)
    }

    @Test func anImprovementAloneExitsFour() throws {
        let worse = try ComparisonTests.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 40 }
        let verdict = ComparisonVerdict(try Comparison(before: worse, after: try Fixtures.imagePipeline()))
        #expect(verdict.outcome == "improved")
        #expect(verdict.exitStatus == 4)
        #expect(verdict.regressions.isEmpty)
        #expect(verdict.improvements.map(\.metric) == ["hitchTimeRatioMsPerS"])
        #expect(verdict.improvements.first?.percent == -100)
    }

    /// The keys CI scripts read stay where they are.
    @Test func theJSONHasTheDocumentedKeys() throws {
        let worse = try ComparisonTests.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 40 }
        let verdict = ComparisonVerdict(try Comparison(before: try Fixtures.imagePipeline(), after: worse))
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(verdict)) as? [String: Any]
        )
        #expect(
            Set(object.keys) == [
                "schemaVersion", "workload", "outcome", "exitStatus", "thresholdPercent", "recommendation",
                "regressions", "improvements", "withinNoise", "statusChanges",
            ]
        )
        let regression = try #require((object["regressions"] as? [[String: Any]])?.first)
        #expect(Set(regression.keys) == ["stage", "metric", "name", "before", "after"])
        #expect(regression["stage"] as? String == "offloaded")
    }
}

import Foundation
import Testing

@testable import StagehandKit

/// `compare BASE NEW` on two suites: each workload compared as one, the worst outcome over them, verdict moves
/// flagged, added and removed workloads listed.
@Suite struct SuiteComparisonTests {
    /// Writes a suite of `results` (and rows for `failed` workloads) into a new directory, as `profile --all` does.
    static func suite(_ results: [ProfileResult], failed: [String] = []) throws -> URL {
        let directory = try SuiteTests.temporaryDirectory()
        let writer = ReportWriter(directory: directory)
        var entries: [SuiteEntry] = []
        for result in results {
            try writer.write(result)
            entries.append(SuiteEntry(result: result, spec: nil, writtenBy: writer, wallSeconds: 1))
        }
        entries += failed.map { SuiteEntry(failed: $0, spec: nil, error: "\($0).yaml: unreadable", wallSeconds: 0) }
        try SuiteRun.write(SuiteResult(command: "c", startedAt: "t", wallSeconds: 1, workloads: entries), to: directory)
        return directory
    }

    /// `name`'s result with its offloaded stage's hitch time at 12 ms/s in every run, and the verdict moved on to
    /// actor-extracted.
    static func regressed(_ name: String) throws -> ProfileResult {
        var result = try ComparisonTests.changed(.offloaded) { $0.hitchTimeRatioMsPerS = 12 }
        result.workload = name
        result.spec.name = name
        result.recommendation.stage = "actor-extracted"
        return result
    }

    @Test func twoEqualSuitesAreUnchanged() throws {
        let before = try Self.suite([try SuiteTests.workload("a"), try SuiteTests.workload("b")])
        let after = try Self.suite([try SuiteTests.workload("a"), try SuiteTests.workload("b")])
        defer { for url in [before, after] { try? FileManager.default.removeItem(at: url) } }
        let comparison = try SuiteComparison(before: before, after: after)
        #expect(comparison.outcome == .unchanged)
        #expect(comparison.outcome.exitStatus == 0)
        #expect(comparison.rows.map(\.workload) == ["a", "b"])
        #expect(comparison.added.isEmpty && comparison.removed.isEmpty)
        #expect(comparison.render().hasPrefix("# Stagehand suite comparison: 2 unchanged\n"))
    }

    /// One workload regressed: the suite regresses (exit 2), that workload alone is flagged, with the metric and the
    /// move of its advised stage; the others are unchanged. Given as suite.json files rather than directories.
    @Test func oneRegressedWorkloadRegressesTheSuiteAndIsFlaggedAlone() throws {
        let before = try Self.suite([try SuiteTests.workload("a"), try SuiteTests.workload("b")])
        let after = try Self.suite([try SuiteTests.workload("a"), try Self.regressed("b")])
        defer { for url in [before, after] { try? FileManager.default.removeItem(at: url) } }
        let comparison = try SuiteComparison(
            before: before.appending(path: SuiteResult.fileName),
            after: after.appending(path: SuiteResult.fileName)
        )
        #expect(comparison.outcome == .regressed)
        #expect(comparison.outcome.exitStatus == 2)
        #expect(comparison.rows.map(\.outcome) == [.unchanged, .regressed])
        #expect(comparison.rows.map(\.verdictMove) == [nil, .moreConcurrency])
        let markdown = comparison.render()
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| b |") })
        #expect(row.contains("⛔ **regressed**: hitch-time ratio (ms/s)"))
        #expect(row.contains("in `offloaded`"))
        #expect(row.contains("`offloaded` → `actor-extracted` ⚠️ needs more concurrency"))
        #expect(markdown.contains("| a | unchanged | `offloaded` |"))
        #expect(markdown.contains("> **Regression** past 10% in `b`; 1 workload needs a more concurrent stage"))

        let verdict = SuiteComparisonVerdict(comparison)
        #expect(verdict.exitStatus == 2)
        #expect(verdict.workloads.map(\.outcome) == ["unchanged", "regressed"])
        #expect(verdict.workloads[1].verdictMove == .moreConcurrency)
        #expect(verdict.workloads[1].comparison?.regressions.contains { $0.stage == .offloaded } == true)
    }

    /// Workloads only one suite has are listed, and are not a failure; a workload that could not be profiled after is
    /// a regression, and one profiled where the base could not, an improvement.
    @Test func addedRemovedAndFailedWorkloads() throws {
        let before = try Self.suite(
            [try SuiteTests.workload("kept"), try SuiteTests.workload("gone")],
            failed: ["fixed"]
        )
        let after = try Self.suite([try SuiteTests.workload("kept"), try SuiteTests.workload("new")])
        defer { for url in [before, after] { try? FileManager.default.removeItem(at: url) } }
        let comparison = try SuiteComparison(before: before, after: after)
        #expect(comparison.added == ["new"])
        #expect(comparison.removed == ["gone", "fixed"])
        #expect(comparison.outcome == .unchanged)
        let markdown = comparison.render()
        #expect(markdown.contains("- Added (not in the base suite): `new`"))
        #expect(markdown.contains("- Removed (not in this suite): `gone`, `fixed`"))

        let broken = try Self.suite([try SuiteTests.workload("kept")], failed: ["gone"])
        let fixed = try Self.suite([try SuiteTests.workload("kept"), try SuiteTests.workload("fixed")])
        defer { for url in [broken, fixed] { try? FileManager.default.removeItem(at: url) } }
        let breaking = try SuiteComparison(before: before, after: broken)
        #expect(breaking.rows.map(\.outcome) == [.unchanged, .regressed])
        #expect(breaking.render().contains("⛔ **regressed**: could not be profiled (gone.yaml: unreadable)"))
        #expect(try SuiteComparison(before: before, after: fixed).outcome == .improved)
    }

    /// A verdict's move between journey stages: further along is more concurrency, back is less; to or from `none`
    /// is the budget lost or met.
    @Test func verdictMoves() {
        typealias Move = SuiteComparison.VerdictMove
        #expect(Move(before: "offloaded", after: "offloaded") == nil)
        #expect(Move(before: "main-only", after: "async") == .moreConcurrency)
        #expect(Move(before: "actor-extracted", after: "offloaded") == .lessConcurrency)
        #expect(Move(before: "async", after: "none") == .stopsMeeting)
        #expect(Move(before: "none", after: "main-only") == .startsMeeting)
        #expect(Move.moreConcurrency.isWorse && Move.stopsMeeting.isWorse)
        #expect(!Move.lessConcurrency.isWorse && !Move.startsMeeting.isWorse)
    }

    /// What `compare` reads as a suite: a directory, or a file with workloads and no stages; a result is not one.
    @Test func aSuiteIsADirectoryOrASuiteFile() throws {
        let directory = try Self.suite([try SuiteTests.workload("a")])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(SuiteResult.isSuite(directory))
        #expect(SuiteResult.isSuite(directory.appending(path: SuiteResult.fileName)))
        #expect(!SuiteResult.isSuite(directory.appending(path: "a.json")))
        #expect(!SuiteResult.isSuite(directory.appending(path: "missing.json")))
        #expect(throws: ResultFileError.self) { try SuiteResult.read(directory.appending(path: "a.json")) }
    }
}

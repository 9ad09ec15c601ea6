/// `compare --json` on two suites: the suite's outcome and each workload's, for a CI job that cannot trust an exit
/// status to reach it.
///
/// JSON: `{ "schemaVersion": 1, "outcome": "regressed", "exitStatus": 2, "thresholdPercent": 10, "workloads": [ {
/// "workload", "outcome", "recommendation": { "before", "after" }, "verdictMove": "more-concurrency", "failedBefore",
/// "failedAfter", "comparison": { …as `compare --json` for one workload… } } ], "added": [], "removed": [] }`.
package struct SuiteComparisonVerdict: Codable, Sendable, Equatable {
    /// One workload of both suites.
    package struct Workload: Codable, Sendable, Equatable {
        package var workload: String
        /// `unchanged`, `regressed` or `improved`.
        package var outcome: String
        /// Each suite's verdict (a stage or `none`); absent on a side where the workload could not be profiled.
        package var recommendation: Recommendations
        /// How the advised stage moved (``SuiteComparison/VerdictMove``); absent when it did not.
        package var verdictMove: SuiteComparison.VerdictMove?
        /// Why the workload could not be profiled, on each side where it could not.
        package var failedBefore: String?
        package var failedAfter: String?
        /// The workload's own comparison, when it was profiled in both suites.
        package var comparison: ComparisonVerdict?
    }

    package struct Recommendations: Codable, Sendable, Equatable {
        package var before: String?
        package var after: String?
    }

    package static let currentSchemaVersion = 1

    package var schemaVersion = Self.currentSchemaVersion
    /// The worst over the workloads: `unchanged`, `regressed` or `improved`.
    package var outcome: String
    /// What `stagehand compare` exits with: 0 unchanged, 2 a regression, 4 only improvements.
    package var exitStatus: Int32
    package var thresholdPercent: Double
    package var workloads: [Workload]
    package var added: [String]
    package var removed: [String]

    package init(_ comparison: SuiteComparison) {
        outcome = comparison.outcome.rawValue
        exitStatus = comparison.outcome.exitStatus
        thresholdPercent = comparison.thresholdPercent
        workloads = comparison.rows.map { row in
            Workload(
                workload: row.workload,
                outcome: row.outcome.rawValue,
                recommendation: Recommendations(before: row.verdictBefore, after: row.verdictAfter),
                verdictMove: row.verdictMove,
                failedBefore: row.failedBefore,
                failedAfter: row.failedAfter,
                comparison: row.comparison.map(ComparisonVerdict.init)
            )
        }
        added = comparison.added
        removed = comparison.removed
    }
}

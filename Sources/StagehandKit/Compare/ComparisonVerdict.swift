/// `compare --json`: a comparison as a machine-readable verdict, for a CI job that cannot trust an exit status to
/// reach it (through `swift package stagehand`, every failure exits 1).
///
/// JSON: `{ "schemaVersion": 1, "workload", "outcome": "regressed", "exitStatus": 2, "thresholdPercent": 10,
/// "recommendation": { "before", "after" }, "regressions": [ { "stage", "metric", "name", "before", "after",
/// "percent" } ], "improvements": […], "withinNoise": […], "statusChanges": [ { "stage", "before", "after" } ] }`.
package struct ComparisonVerdict: Codable, Sendable, Equatable {
    /// One metric of one stage that moved past the threshold.
    package struct Change: Codable, Sendable, Equatable {
        package var stage: Stage
        /// Where the metric is in `stages[i].metrics` of a result (`inputLatencyMs.p99`).
        package var metric: String
        /// Its name in the comparison's table, with its unit.
        package var name: String
        package var before: Double
        package var after: Double
        /// The change relative to before, in percent; absent when before was 0.
        package var percent: Double?
    }

    /// A stage that ran to the end on one side and not on the other.
    package struct StatusChange: Codable, Sendable, Equatable {
        package var stage: Stage
        package var before: StageStatus
        package var after: StageStatus
    }

    /// The recommended stage (or `none`) of each result.
    package struct Recommendations: Codable, Sendable, Equatable {
        package var before: String
        package var after: String
    }

    package static let currentSchemaVersion = 1

    package var schemaVersion = Self.currentSchemaVersion
    package var workload: String
    /// `unchanged`, `regressed` or `improved`.
    package var outcome: String
    /// What `stagehand compare` exits with: 0 unchanged, 2 a regression, 4 only improvements.
    package var exitStatus: Int32
    package var thresholdPercent: Double
    package var recommendation: Recommendations
    /// Worse past the threshold, the floor and the noise: each one fails the gate.
    package var regressions: [Change]
    package var improvements: [Change]
    /// Past the threshold and floor, but not past the run-to-run noise: not counted either way.
    package var withinNoise: [Change]
    package var statusChanges: [StatusChange]

    /// The verdict of `comparison`.
    package init(_ comparison: Comparison) {
        func changes(_ kind: Comparison.Change) -> [Change] {
            comparison.rows.filter { $0.change == kind }.map { row in
                Change(
                    stage: row.stage,
                    metric: row.metricKey,
                    name: row.metric,
                    before: row.before,
                    after: row.after,
                    percent: row.percent
                )
            }
        }
        workload = comparison.after.workload
        outcome = comparison.outcome.rawValue
        exitStatus = comparison.outcome.exitStatus
        thresholdPercent = comparison.thresholdPercent
        recommendation = Recommendations(
            before: comparison.before.recommendation.stage,
            after: comparison.after.recommendation.stage
        )
        regressions = changes(.regression)
        improvements = changes(.improvement)
        withinNoise = changes(.withinNoise)
        statusChanges = comparison.statusChanges.map {
            StatusChange(stage: $0.stage, before: $0.before, after: $0.after)
        }
    }
}

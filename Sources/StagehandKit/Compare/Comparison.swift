/// Two results of one workload side by side, before and after a code change, with regressions and improvements
/// past a threshold flagged.
///
/// A change counts when it is past the threshold, past the metric's own floor, and past the run-to-run noise: with
/// two or more repetitions on both sides, every run after must lie beyond every run before, and the shift must be
/// larger than either side's own spread of runs. A stage that ran once on a side because its profile stopped it there
/// (its verdict did not rest on it, while another stage ran more) has no noise to check against: its changes are
/// within the noise, never a regression.
package struct Comparison: Sendable {
    /// How the comparison came out, as `stagehand compare` reports it in its exit status.
    package enum Outcome: String, Sendable, Equatable {
        /// Nothing changed beyond the thresholds (exit 0).
        case unchanged
        /// At least one metric got worse beyond its threshold, or a stage stopped running (exit 2).
        case regressed
        /// Only improvements beyond the thresholds (exit 4).
        case improved

        /// The exit status `stagehand compare` ends with: the one table of it, for the command and its JSON verdict.
        package var exitStatus: Int32 {
            switch self {
            case .unchanged: 0
            case .regressed: 2
            case .improved: 4
            }
        }
    }

    /// One metric of one stage, before and after.
    package struct Row: Sendable, Equatable {
        package var stage: Stage
        /// The metric's name in the comparison's table, with its unit.
        package var metric: String
        /// Where the metric is in `stages[i].metrics` of a result (`inputLatencyMs.p99`).
        package var metricKey: String
        package var before: Double
        package var after: Double
        package var change: Change
        /// The metric in each repetition, before and after.
        var beforeRuns: [Double] = []
        var afterRuns: [Double] = []

        /// The change relative to before, in percent (`nil` when before is 0).
        package var percent: Double? { before == 0 ? nil : (after - before) / abs(before) * 100 }

        /// ``percent`` as the comparison prints it: "+12.5%", "-3%", or "new" when before was 0.
        package var percentText: String {
            percent.map { ($0 >= 0 ? "+" : "") + $0.reportFormatted + "%" } ?? "new"
        }
    }

    package enum Change: String, Sendable {
        case regression, improvement, unchanged
        /// Past the threshold and floor, but the runs before and after overlap: not a change that can be told from
        /// noise.
        case withinNoise
    }

    package var before: ProfileResult
    package var after: ProfileResult
    /// A change counts past this many percent (and past the metric's floor).
    package var thresholdPercent: Double
    package private(set) var rows: [Row] = []
    /// Whether the two results counted allocations the same way; when not, allocation figures are left out.
    package var countsAllocationsAlike: Bool {
        before.environment.allocationCounting == after.environment.allocationCounting
    }
    /// Stages that ran before and did not finish after (hung, crashed), or the other way round.
    package private(set) var statusChanges: [(stage: Stage, before: StageStatus, after: StageStatus)] = []

    /// Compares `after` against `before`.
    ///
    /// - Throws: ``ResultFileError`` when the two are results of different workloads.
    package init(before: ProfileResult, after: ProfileResult, thresholdPercent: Double = 10) throws(ResultFileError) {
        guard before.workload == after.workload else {
            throw ResultFileError(
                file: "",
                problem: "compare needs two results of one workload; got '\(before.workload)' and '\(after.workload)'"
            )
        }
        self.before = before
        self.after = after
        self.thresholdPercent = thresholdPercent
        for stage in Stage.allCases {
            guard let old = before.stages.first(where: { $0.stage == stage }),
                let new = after.stages.first(where: { $0.stage == stage })
            else { continue }
            if old.status != new.status, old.status != .skipped, new.status != .skipped {
                statusChanges.append((stage, old.status, new.status))
            }
            guard let oldMetrics = old.metrics, let newMetrics = new.metrics else { continue }
            let stoppedEarly = Self.stoppedAfterOneRun(old, in: before) || Self.stoppedAfterOneRun(new, in: after)
            for metric in Metric.compared.map(Metric.of)
            where metric.isMeasured(in: oldMetrics) && metric.isMeasured(in: newMetrics)
                && (countsAllocationsAlike || !metric.isAllocationCount)
            {
                // As the stage figure reads them: each rare interaction at its declared rate.
                let beforeRuns = old.judgedRuns.map(metric.shown)
                let afterRuns = new.judgedRuns.map(metric.shown)
                var row = Row(
                    stage: stage,
                    metric: metric.comparedLabel,
                    metricKey: metric.key,
                    before: Self.figure(metric, oldMetrics, runs: beforeRuns),
                    after: Self.figure(metric, newMetrics, runs: afterRuns),
                    change: .unchanged,
                    beforeRuns: beforeRuns,
                    afterRuns: afterRuns
                )
                row.change = change(metric, row)
                if stoppedEarly, row.change == .regression || row.change == .improvement { row.change = .withinNoise }
                rows.append(row)
            }
        }
    }

    /// A stage's figure of `metric` for comparing: per run where the stage's figure is a total over its runs (hangs),
    /// so results with different numbers of repetitions compare fairly.
    private static func figure(_ metric: Metric, _ metrics: StageMetrics, runs: [Double]) -> Double {
        guard metric.aggregate == .total, !runs.isEmpty else { return metric.shown(metrics) }
        return runs.reduce(0, +) / Double(runs.count)
    }

    private func change(_ metric: Metric, _ row: Row) -> Change {
        let delta = row.after - row.before
        guard abs(delta) >= metric.floor, abs(delta) > abs(row.before) * thresholdPercent / 100 else {
            return .unchanged
        }
        if let before = ValueRange(row.beforeRuns), let after = ValueRange(row.afterRuns), row.beforeRuns.count > 1,
            row.afterRuns.count > 1
        {
            // Every run on its own side, and the shift wider than either side's own scatter: two profiles of the
            // same code pass both in about 4% of metrics at 3 repetitions each, separation alone in 10%.
            let separated = delta > 0 ? after.min > before.max : after.max < before.min
            let clear = abs(delta) > max(before.max - before.min, after.max - after.min)
            guard separated && clear else { return .withinNoise }
        }
        return (delta > 0) == (metric.better == .lower) ? .regression : .improvement
    }

    /// Whether `stage` ran once in `result` because the profile stopped it there while its verdict did not rest on
    /// it: fewer runs than another stage of it had (``RunEnvironment/repetitions`` is the most any had), and no node of
    /// the verdict's path read it. A stage the path read and stopped after one run failed beyond doubt there, and
    /// that one run is a change worth flagging; a profile of one repetition throughout is compared as it always was.
    /// A stage with a table run (shorter than the profile's runs: the verdict never reached it) is one too.
    static func stoppedAfterOneRun(_ stage: StageResult, in result: ProfileResult) -> Bool {
        if stage.tableRunSeconds(durationSeconds: result.environment.durationSeconds) != nil { return true }
        let read = result.recommendation.path.contains { $0.measuredStage == stage.stage || $0.tried == stage.stage }
        return stage.repetitions.count < 2 && stage.repetitions.count < result.environment.repetitions && !read
    }

    /// Whether a side has a single repetition of some stage, so its changes cannot be checked against noise.
    var noiseUnchecked: Bool {
        rows.contains { $0.beforeRuns.count < 2 || $0.afterRuns.count < 2 }
    }

    package var outcome: Outcome {
        let regressedStatus = statusChanges.contains { $0.before == .ok }
        if regressedStatus || rows.contains(where: { $0.change == .regression }) { return .regressed }
        if statusChanges.contains(where: { $0.after == .ok }) || rows.contains(where: { $0.change == .improvement }) {
            return .improved
        }
        return .unchanged
    }
}

extension Metric {
    /// Its name in `compare`'s table: one value, with its unit.
    var comparedLabel: String {
        if unit == .count { return aggregate == .total ? "\(name) per run" : name }
        return "\(name) (\(unit.symbol))"
    }
}

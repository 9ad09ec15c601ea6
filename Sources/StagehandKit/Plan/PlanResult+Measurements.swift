import Foundation

extension PlanResult.Candidate {
    /// The candidate with its workload's profile: measured, or not when the suite could not profile it, its
    /// workload crashed or hung in every stage, or its step threw at every arrival in every stage (no work was
    /// measured, only the failure).
    package func joined(with entry: SuiteEntry?, result: ProfileResult?) -> PlanResult.Candidate {
        var candidate = self
        guard notMeasured == nil, source != nil else { return candidate }
        guard let entry, entry.status == .profiled, let result, let reportFile = entry.report,
            let resultFile = entry.result
        else {
            candidate.notMeasured = PlanResult.NotMeasured(
                reason: "its workload could not be profiled: \(entry?.error ?? "the suite has no row for it")",
                fix: "fix what the error names in \(source ?? "its file"), then run `stagehand plan` again"
            )
            return candidate
        }
        // A trap or a hang in every stage run (the verdict's `failed`): what was measured is the failure, not the work.
        if result.recommendation.confidence == .failed {
            let run = result.stages.filter { $0.status != .skipped }
            let first = run.flatMap(\.repetitions).first { $0.status != .ok }
            let what =
                Set(run.map(\.status)) == [.hung]
                ? "hung" : run.contains { $0.status == .hung } ? "crashed or hung" : "crashed"
            candidate.notMeasured = PlanResult.NotMeasured(
                reason: "its workload \(what) in every stage"
                    + (first?.failure.map { ", first: \($0)" } ?? "") + ", so nothing but the failure was measured",
                fix: "read the failure in its report, or run the workload alone (`swift run -c release StagehandPlan "
                    + "profile \(workload) --stages main-only`), and fix the code or the values in \(source ?? "its file")"
            )
            return candidate
        }
        let timings = result.stages.map { $0.stepTimings.filter(\.ran) }
        let firstError = timings.joined().compactMap(\.firstError).first
        let threwEveryTime =
            !timings.joined().isEmpty
            && timings.joined().allSatisfy { ($0.failures ?? 0) >= $0.runs }
        if threwEveryTime {
            candidate.notMeasured = PlanResult.NotMeasured(
                reason: "its call threw at every arrival in every stage"
                    + (firstError.map { ", first: \"\($0)\"" } ?? "") + ", so nothing but the throw was measured",
                fix: "give it values it accepts in \(source ?? "its file") (an `io` call needs its server: a stub, or "
                    + "the server running)"
            )
            return candidate
        }
        candidate.measured = PlanResult.Measured(
            result: resultFile,
            report: reportFile,
            verdict: result.recommendation.stage,
            confidence: result.recommendation.confidence,
            summary: result.recommendation.summary,
            stages: result.stages.map { stage in
                let steps = stage.stepTimings.filter(\.ran)
                let runs = steps.reduce(0) { $0 + $1.runs }
                return PlanResult.StageCost(
                    stage: stage.stage,
                    status: stage.status,
                    hitchTimeRatioMsPerS: stage.metrics?.hitchTimeRatioMsPerS,
                    hangs: stage.metrics?.hangs,
                    stepMeanMs: runs == 0 ? nil : steps.reduce(0) { $0 + $1.meanMs * Double($1.runs) } / Double(runs)
                )
            },
            rateSensitivity: result.recommendation.rates.map(\.sentence)
        )
        return candidate
    }
}

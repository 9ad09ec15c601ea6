import Foundation

extension Profiler {
    /// Runs the rounds of the ``RoundSchedule``, one child process per stage run, adding each measured run to `trace`,
    /// and returns one result per stage (all four, in journey order; unselected ones skipped).
    ///
    /// - Parameter workloadFile: where ``workload`` is written for the children.
    /// - Throws: ``ProfileInterrupted`` when interrupted before a run; otherwise only when the tool itself fails.
    func runRounds(
        workloadFile: URL,
        trace: inout TraceCollection,
        interruption: Interruption,
        progress: @Sendable (Progress) -> Void
    ) async throws -> [StageResult] {
        // Whether an unsettled verdict calls for another round, tested at the level the final verdict uses.
        let tree = options.decisionTree
        var schedule = RoundSchedule(options: options, minimumRuns: tree.thresholds.minimumRuns)
        var results: [Stage: [RepetitionResult]] = [:]
        var round = 1
        while round <= schedule.planned {
            for stage in schedule.stages(inRound: round) {
                if let signal = interruption.received { throw ProfileInterrupted(signal: signal) }
                progress(
                    .started(stage, repetition: round, of: schedule.planned, durationSeconds: workload.durationSeconds)
                )
                let result = try await runOnce(
                    stage,
                    of: workload,
                    in: workloadFile,
                    interruption: interruption,
                    repetition: round,
                    seed: schedule.seed(ofRound: round),
                    traceFile: trace.recordingFile(of: stage, repetition: round)
                )
                if result.status != .ok { schedule.stageFailed(stage) }
                trace.add(result, of: stage, repetition: round, progress: progress)
                results[stage, default: []].append(result)
                progress(.finished(stage, repetition: round, of: schedule.planned, result))
            }
            let grows = schedule.extends(after: round) {
                tree.moreRunsMaySettle(workload, results: Self.stageResults(results))
            }
            if grows { progress(.moreRepetitions(completed: round, cap: schedule.cap)) }
            round += 1
        }
        return Self.stageResults(results)
    }

    /// One result per stage, all four in journey order, from the runs so far.
    private static func stageResults(_ runs: [Stage: [RepetitionResult]]) -> [StageResult] {
        Stage.allCases.map { stage in
            StageResult(stage: stage, repetitions: (runs[stage] ?? []).sorted { $0.repetition < $1.repetition })
        }
    }
}

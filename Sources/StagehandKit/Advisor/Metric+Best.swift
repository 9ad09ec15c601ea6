extension Metric {
    /// The stages with the best value of this metric, where it has a better direction: compared as printed (so a tie
    /// in print is a tie), none when all stages print the same. A stage where it was not measured, or did not take the
    /// figure at all (``isTaken(in:)``: no hop was timed, say), is never best.
    func bestStages(in stages: [StageResult]) -> Set<Stage> {
        guard let better else { return [] }
        let measured = stages.compactMap { stage in
            stage.metrics.flatMap { metrics in
                !isTaken(in: metrics) || !isMeasured(in: metrics)
                    ? nil
                    : (
                        stage: stage.stage, printed: shown(metrics).reportFormatted,
                        score: better == .lower ? value(metrics) : -value(metrics)
                    )
            }
        }
        guard Set(measured.map(\.printed)).count > 1, let best = measured.min(by: { $0.score < $1.score }) else {
            return []
        }
        return Set(measured.filter { $0.printed == best.printed }.map(\.stage))
    }
}

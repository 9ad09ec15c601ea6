@testable import StagehandKit

extension StageResult {
    /// A stage whose runs all finished and measured `runs`, numbered from 1, each with seed 1.
    static func measured(_ stage: Stage, _ runs: [StageMetrics]) -> StageResult {
        StageResult(
            stage: stage,
            repetitions: runs.enumerated().map { index, metrics in
                RepetitionResult(repetition: index + 1, status: .ok, seed: 1, metrics: metrics)
            }
        )
    }

    /// A stage whose one run ended `status`, with `failure` for its evidence.
    static func failed(_ stage: Stage, _ status: StageStatus, failure: String = "x") -> StageResult {
        StageResult(
            stage: stage,
            repetitions: [RepetitionResult(repetition: 1, status: status, seed: 1, failure: failure)]
        )
    }
}

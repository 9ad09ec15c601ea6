import Foundation
import Testing

@testable import StagehandKit

/// A stage's step timings are merged once, with its metrics, and stay out of the JSON, which holds each run's.
@Suite struct StageResultStepTimingsTests {
    @Test func aStageEncodesAndDecodesAsBeforeItsTimingsWereStored() throws {
        let result = try Fixtures.imagePipeline()
        let stage = try #require(result.stages.first { !$0.stepTimings.isEmpty })
        let json = try JSONEncoder().encode(stage)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(
            Set(object.keys).isSubset(
                of: ["stage", "status", "metrics", "spread", "repetitions", "exposureRuns", "interactions", "headroom"]
            )
        )
        let decoded = try JSONDecoder().decode(StageResult.self, from: json)
        #expect(decoded == stage)
        #expect(decoded.stepTimings == StageResult.stepTimings(mergedFrom: stage.repetitions))
    }

    @Test func theMergedTimingsFollowTheRunsAndHoldOnlyStepsThatRan() {
        let key = StepTiming.Key(interaction: 0, step: 0)
        let never = StepTiming.Key(interaction: 0, step: 1)
        let run = { (totalMs: Double) in
            RepetitionResult(
                repetition: 1,
                status: .ok,
                seed: 1,
                stepTimings: [StepTiming(key: key, runs: 2, totalMs: totalMs), StepTiming(key: never)]
            )
        }
        var stage = StageResult(stage: .mainOnly, repetitions: [run(4), run(8)])
        #expect(stage.stepTimings.map(\.key) == [key])
        #expect(stage.stepTimings.first?.meanMs == 3)
        stage.repetitions[1] = run(12)
        #expect(stage.stepTimings.first?.meanMs == 4)
    }

    @Test func theFirstStageThatMeasuredAStepHasTwoMeanings() {
        let (a, b) = (StepTiming.Key(interaction: 0, step: 0), StepTiming.Key(interaction: 0, step: 1))
        let stage = { (stage: Stage, timings: [StepTiming]) in
            StageResult(stage: stage, repetitions: [.init(repetition: 1, status: .ok, seed: 1, stepTimings: timings)])
        }
        let stages = [
            stage(.offloaded, [StepTiming(key: a, runs: 1, totalMs: 3), StepTiming(key: b, runs: 1, totalMs: 5)]),
            stage(.async, [StepTiming(key: a, runs: 1, totalMs: 2)]),
            stage(.mainOnly, []),
        ]
        #expect(stages.stepTimingsOfFirstTimedStage.map(\.key) == [a], "one stage's, async's: b never ran there")
        #expect(stages.firstRun(of: a)?.stage.stage == .async)
        #expect(stages.firstRun(of: b)?.stage.stage == .offloaded)
        #expect(stages.firstRun(of: StepTiming.Key(interaction: 1, step: 0)) == nil)
    }
}

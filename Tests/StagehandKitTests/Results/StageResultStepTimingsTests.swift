import Foundation
import Testing

@testable import StagehandKit

/// A stage's figures are derived once from its runs, and again only with other runs; its step timings stay out of the
/// JSON, which holds each run's.
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
        let stage = StageResult(stage: .mainOnly, repetitions: [run(4), run(8)])
        #expect(stage.stepTimings.map(\.key) == [key])
        #expect(stage.stepTimings.first?.meanMs == 3)
        #expect(stage.replacingRuns([run(4), run(12)]).stepTimings.first?.meanMs == 4)
    }

    /// A result made anew from other runs derives every figure from them: none is left from the runs before, and only
    /// the headroom, searched after the runs, is kept.
    @Test func aResultMadeFromOtherRunsKeepsNoFigureOfTheOldOnes() {
        var hitched = StageMetrics()
        hitched.arrivalSeconds = 3
        hitched.hitchTimeRatioMsPerS = 30
        var clean = hitched
        clean.hitchTimeRatioMsPerS = 0
        var result = StageResult.measured(.mainOnly, [hitched, hitched])
        result.headroom = Headroom(multiplier: 2, metAt: [2], missedAt: [2.2])
        let crashed = RepetitionResult(repetition: 3, status: .crashed, seed: 1, failure: "signal 11")
        let made = result.replacingRuns(StageResult.measured(.mainOnly, [clean, clean]).repetitions + [crashed])
        #expect(made.metrics?.hitchTimeRatioMsPerS == 0)
        #expect(made.spread[Metric.of(.hitchTimeRatio).key] == ValueRange(min: 0, max: 0))
        #expect(made.status == .crashed)
        #expect(made.headroom == result.headroom)
        #expect(made.editingRuns { $0.metrics?.hitchTimeRatioMsPerS = 12 }.metrics?.hitchTimeRatioMsPerS == 12)
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

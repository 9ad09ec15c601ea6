import Foundation
import Testing

@testable import StagehandKit

/// The rate a verdict rests on: where each stage's hitch-time ratio, read as a line in one interaction's rate, crosses
/// the limit, and a declared rate within 2× of that making the verdict borderline. On constructed runs of
/// ``ExposureTests``'s workload: `open`, rare at 0.1 a second, decodes on main; `tap` redraws 4 times a second.
@Suite struct RateSensitivityTests {
    /// Main-only with each `open` adding `mainOnlyHitchMs` of hitch time (its block on main 150 ms, so the tree asks
    /// for offloaded), offloaded with `offloadedHitchMs`, both with an exposure run of 3 arrivals.
    static func recommendation(mainOnlyHitchMs: Double, offloadedHitchMs: Double) -> Recommendation {
        let workload = ExposureTests.workload(openStep: Step(.compute, "decode", .milliseconds(150)))
        func stage(_ stage: Stage, hitchMs: Double, blockMs: Double) -> StageResult {
            ExposureTests.stage(
                stage,
                (1...3).map { ExposureTests.run($0, open: 1, hitchMs: hitchMs, blockMs: blockMs) },
                exposure: [ExposureTests.run(0, open: 3, hitchMs: hitchMs, blockMs: blockMs, seconds: 1.5)],
                workload: workload
            )
        }
        let stages = [
            stage(.mainOnly, hitchMs: mainOnlyHitchMs, blockMs: 150),
            StageResult(stage: .async, repetitions: []),
            stage(.offloaded, hitchMs: offloadedHitchMs, blockMs: 2),
            StageResult(stage: .actorExtracted, repetitions: []),
        ]
        return DecisionTree().recommend(for: workload, results: stages)
    }

    /// Main-only misses by 14 ms/s, all of it `open`'s 0.1 × 190 ms: below 0.1 × (1 − 14/19) ≈ 0.026 a second it
    /// would meet the budget, a quarter of the declared rate: the verdict does not rest on it.
    @Test func aRateFarFromAChangeIsReportedAndLeavesTheVerdictDecided() throws {
        let recommendation = Self.recommendation(mainOnlyHitchMs: 190, offloadedHitchMs: 0)
        #expect(recommendation.stage == Stage.offloaded.rawValue, "\(recommendation.summary)")
        let open = try #require(recommendation.rates.first { $0.interaction == "open" })
        #expect(open.stageBelow == .mainOnly)
        #expect(abs((open.meetsBelowPerS ?? 0) - 0.1 * (1 - 14.0 / 19)) < 1e-9)
        #expect(open.advisedMeetsUpToPerS == nil, "offloaded had no hitch time from `open`")
        #expect(!open.withinFactor)
        #expect(recommendation.confidence == .decided, "\(recommendation.summary) \(recommendation.settle ?? "")")
    }

    /// Main-only misses by 2 ms/s of `open`'s 7: below 0.1 × (1 − 2/7) ≈ 0.071 a second it meets the budget, within
    /// 2× of the declared 0.1: borderline, and the advice names the rate to check.
    @Test func aRateNearWhereAnEarlierStageWouldMeetMakesTheVerdictBorderline() throws {
        let recommendation = Self.recommendation(mainOnlyHitchMs: 70, offloadedHitchMs: 0)
        let open = try #require(recommendation.rates.first { $0.interaction == "open" })
        #expect(abs((open.meetsBelowPerS ?? 0) - 0.1 * (1 - 2.0 / 7)) < 1e-9)
        #expect(open.withinFactor)
        #expect(recommendation.stage == Stage.offloaded.rawValue, "\(recommendation.summary)")
        #expect(recommendation.confidence == .borderline)
        let settle = try #require(recommendation.settle)
        #expect(settle.contains("declared rate of `open`"), "\(settle)")
        #expect(settle.contains("main-only would meet the budget below 0.071 `open`/s"), "\(settle)")
        #expect(recommendation.summary.hasPrefix("Borderline: "))
    }

    /// Offloaded holds 0.1 × 30 ms = 3 ms/s of `open`: it meets the budget up to 0.1 × (1 + 2/3) ≈ 0.17 a second,
    /// within 2× of the declared rate; with 5 ms per arrival, up to 0.1 × (1 + 4.5/0.5) = 1 a second, far from it.
    @Test(arguments: [(30.0, true), (5.0, false)])
    func theAdvisedStageMeetsTheBudgetUpToARate(_ hitchMs: Double, _ within: Bool) throws {
        let recommendation = Self.recommendation(mainOnlyHitchMs: 400, offloadedHitchMs: hitchMs)
        #expect(recommendation.stage == Stage.offloaded.rawValue, "\(recommendation.summary)")
        let open = try #require(recommendation.rates.first { $0.interaction == "open" })
        let share = 0.1 * hitchMs
        #expect(abs((open.advisedMeetsUpToPerS ?? 0) - 0.1 * (1 + (5 - share) / share)) < 1e-9)
        #expect(open.advisedStage == .offloaded)
        #expect(open.withinFactor == within)
        #expect(open.sentence.hasPrefix("offloaded meets the budget up to "), "\(open.sentence)")
        #expect(recommendation.settle?.contains("`open`") ?? false == within)
    }

    /// A stage that misses the budget on a hang is not one a lower rate makes meet: no rate below is named.
    @Test func aStageWithAHangHasNoRateBelow() {
        let workload = ExposureTests.workload(openStep: Step(.compute, "decode", .milliseconds(300)))
        let mainOnly = ExposureTests.stage(
            .mainOnly,
            (1...3).map { ExposureTests.run($0, open: 1, hitchMs: 300, blockMs: 300, hangs: 1) },
            exposure: [ExposureTests.run(0, open: 3, hitchMs: 300, blockMs: 300, hangs: 3, seconds: 1.5)],
            workload: workload
        )
        let offloaded = ExposureTests.stage(
            .offloaded,
            (1...3).map { ExposureTests.run($0, open: 1, hitchMs: 0, blockMs: 2) },
            exposure: [ExposureTests.run(0, open: 3, hitchMs: 0, blockMs: 2, seconds: 1.5)],
            workload: workload
        )
        let recommendation = DecisionTree().recommend(for: workload, results: [mainOnly, offloaded])
        #expect(recommendation.rates.allSatisfy { $0.stageBelow == nil })
    }

    /// The rates are in the JSON, read back as written, and in the report's table of the advised stage's interactions,
    /// the one near a change marked (the stages are ``ExposureTests/profile()``'s: `open` never came in offloaded's
    /// ordinary runs, and its 3 arrivals rule out no slow path).
    @Test func theRatesAreInTheJSONAndTheReport() throws {
        var result = try ExposureTests.profile()
        result.recommendation = Self.recommendation(mainOnlyHitchMs: 70, offloadedHitchMs: 0)
        let decoded = try JSONDecoder().decode(ProfileResult.self, from: JSONEncoder().encode(result))
        #expect(decoded.recommendation.rates == result.recommendation.rates)
        let report = MarkdownReport(result: result).render()
        #expect(report.contains("## Each interaction in `offloaded`, arrival by arrival"), "\(report)")
        #expect(
            report.contains(
                "| `open` (rare) **within 2×** | 0.1 | 0 + 3 | 0 | – | 0.5 ms | – | any | – | `main-only`: 0.071/s |"
            ),
            "\(report)"
        )
    }
}

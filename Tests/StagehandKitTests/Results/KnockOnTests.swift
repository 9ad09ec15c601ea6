import Foundation
import Testing

@testable import StagehandKit

/// Knock-on hitches: what a rare interaction causes outside its own steps, from its exposure runs against the ordinary
/// runs. On constructed runs of ``ExposureTests``' workload (`open`, rare; `tap`, frequent).
@Suite struct KnockOnTests {
    /// `run` with `extraMs` more hitch time under `tap`'s redraw.
    static func adding(_ extraMs: Double, to run: RepetitionResult) -> RepetitionResult {
        var run = run
        let seconds = run.metrics?.arrivalSeconds ?? 1
        run.metrics?.hitchTimeRatioMsPerS += extraMs / seconds
        run.metrics?.hitchTimeByCause["ui: redraw", default: 0] += extraMs / seconds
        return run
    }

    /// ``ExposureTests/profile()`` with offloaded's knock-on measured at `perArrivalMs`: its ordinary runs, long enough
    /// to read their hitch time beyond the noise, have 0.5 ms/s of it under `tap`'s redraw, and its exposure run as
    /// much, and `perArrivalMs` more for each of its three arrivals of `open`.
    static func profile(knockOnMs perArrivalMs: Double) throws -> ProfileResult {
        var result = try ExposureTests.profile()
        let offloaded = try #require(result.stages.firstIndex { $0.stage == .offloaded })
        let stage = result.stages[offloaded]
        let exposure = try #require(stage.exposureRuns).map { adding(0.5 * 1.5 + 3 * perArrivalMs, to: $0) }
        let seconds = 120.0
        result.stages[offloaded] = stage.replacingRuns(
            (1...3).map { adding(0.5 * seconds, to: ExposureTests.run($0, open: 0, hitchMs: 0, seconds: seconds)) },
            exposureRuns: exposure,
            workload: ExposureTests.workload()
        )
        #expect(abs((result.stages[offloaded].interactions?[0].knockOnHitchMsPerArrival ?? 0) - perArrivalMs) < 1e-9)
        return result
    }

    /// Three exposed arrivals of `open` whose run had 30 ms of hitch time under `tap`'s redraw, where the ordinary
    /// runs had 0.5 ms/s of it: (30 − 0.5 × 1.5) / 3 = 9.75 ms an arrival, 0.975 ms/s at its rate of 0.1. Its own
    /// figure, 100 ms an arrival, is unchanged.
    @Test func hitchTimeElsewhereBeyondTheOrdinaryRunsIsTheExposedArrivalsKnockOn() throws {
        let ordinary = (1...3).map { Self.adding(1.5, to: ExposureTests.run($0, open: 0)) }
        let exposure = Self.adding(30, to: ExposureTests.run(0, open: 3, seconds: 1.5))
        let result = ExposureTests.stage(.mainOnly, ordinary, exposure: [exposure])
        let open = try #require(result.interactions?.first)
        #expect(abs((open.knockOnHitchMsPerArrival ?? -1) - 9.75) < 1e-9)
        #expect(abs((open.knockOnHitchMsPerS ?? -1) - 0.975) < 1e-9)
        #expect(open.hitchMsPerArrival == 100)
        #expect(result.interactions?[1].knockOnHitchMsPerArrival == nil)  // frequent: in its runs as measured
    }

    /// An exposure run no busier elsewhere than the ordinary runs shows no knock-on, not a negative one.
    @Test func aCalmExposureRunShowsNone() throws {
        let ordinary = (1...3).map { Self.adding(6, to: ExposureTests.run($0, open: 0)) }
        let exposure = ExposureTests.run(0, open: 3, seconds: 1.5)
        let result = ExposureTests.stage(.mainOnly, ordinary, exposure: [exposure])
        #expect(result.interactions?.first?.knockOnHitchMsPerArrival == 0)
    }

    /// Two exposed interactions share their run's knock-on by their time on main: the one that held main four times
    /// as long caused four fifths of it.
    @Test func exposedInteractionsShareItByTheirTimeOnMain() {
        func contribution(arrivals: Int, mainMs: Double, hitchMs: Double) -> StageResult.InteractionContribution {
            var one = StageResult.InteractionContribution()
            one.arrivals = arrivals
            one.mainMsByKind = ["compute": mainMs]
            one.hitchMsByCause = ["own": hitchMs]
            return one
        }
        let ordinary = StageResult.KnockOnRun(
            hitchMs: 0,
            arrivalSeconds: 9,
            contributions: [
                contribution(arrivals: 0, mainMs: 0, hitchMs: 0), contribution(arrivals: 0, mainMs: 0, hitchMs: 0),
            ],
            exposed: []
        )
        let exposure = StageResult.KnockOnRun(
            hitchMs: 100 + 50,  // 100 ms their own, 50 elsewhere
            arrivalSeconds: 1.5,
            contributions: [
                contribution(arrivals: 4, mainMs: 400, hitchMs: 80),
                contribution(arrivals: 2, mainMs: 100, hitchMs: 20),
            ],
            exposed: [0, 1]
        )
        let perArrival = StageResult.knockOnPerArrival(ordinary: [ordinary], exposure: [exposure], count: 2)
        #expect(perArrival[0] == 40.0 / 4)
        #expect(perArrival[1] == 10.0 / 2)
    }

    /// The report says what the advised stage's rare interactions cause elsewhere, and, where counting it would take
    /// the stage past the limit, says so in bold; the JSON keeps it (``profile(knockOnMs:)``: offloaded advised, at
    /// 0.5 ms/s, `open` at 0.1 a second: 60 ms an arrival takes it to 6.5 ms/s).
    @Test(arguments: [(60.0, true), (2.0, false)])
    func theReportSaysWhatTheKnockOnCouldChange(_ perArrivalMs: Double, _ tips: Bool) throws {
        let result = try Self.profile(knockOnMs: perArrivalMs)
        let offloaded = try #require(result.stages.firstIndex { $0.stage == .offloaded })
        let report = MarkdownReport(result: result).render()
        #expect(
            report.contains(
                "Its exposure runs, against the ordinary runs, put that at: `open` \(perArrivalMs.reportFormatted) ms "
                    + "an arrival (\((perArrivalMs * 0.1).reportFormatted) ms/s at its rate)."
            ),
            "\(report)"
        )
        #expect(
            report.contains("**Counted, they would take `offloaded` to 6.5 ms/s, at or past the 5 ms/s limit,**")
                == tips
        )
        let decoded = try JSONDecoder().decode(ProfileResult.self, from: JSONEncoder().encode(result))
        #expect(
            decoded.stages[offloaded].interactions?[0].knockOnHitchMsPerArrival
                == result.stages[offloaded].interactions?[0].knockOnHitchMsPerArrival
        )
    }

    /// A stage that meets the budget on its own steps' hitch time, but not with the knock-on its rare interaction
    /// causes (60 ms an arrival at 0.1 a second: 6 ms/s), is borderline, named after it; one with little knock-on
    /// meets, and more runs are not asked for, since they would show the same knock-on.
    @Test(arguments: [(60.0, StageJudgment.Judgment.borderline), (2.0, .meets)])
    func aStageThatMeetsOnlyWithoutItsKnockOnIsBorderline(
        _ perArrivalMs: Double,
        _ judged: StageJudgment.Judgment
    )
        throws
    {
        let result = try Self.profile(knockOnMs: perArrivalMs)
        let offloaded = try #require(result.stages.firstIndex { $0.stage == .offloaded })
        let judgment = try #require(
            DecisionTree().judgment(of: result.stages[offloaded], workload: ExposureTests.workload())
        )
        #expect(judgment.judgment == judged, "\(judgment.reason)")
        if judged == .borderline {
            #expect(judgment.reason.hasPrefix("counting the hitches `open` causes elsewhere"), "\(judgment.reason)")
            #expect(!DecisionTree().moreRunsMaySettle(ExposureTests.workload(), results: result.stages))
        }
    }
}

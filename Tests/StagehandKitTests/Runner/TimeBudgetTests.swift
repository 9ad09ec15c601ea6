import Foundation
import Testing

@testable import StagehandKit

/// The wall-time budget (`--max-time`): which runs fit, and what the verdict says of the runs it cut.
@Suite struct TimeBudgetTests {
    /// The instant `seconds` ago.
    static func before(seconds: Double) -> Instant {
        Instant(nanoseconds: Instant.now.nanoseconds - UInt64(seconds * 1e9))
    }

    /// Before any run, a run is expected to take its window; after runs, what they took per second of window.
    @Test func aRunFitsWhenTheTimeSpentAndItsExpectedTimeStayWithinTheBudget() {
        let started = Self.before(seconds: 4)  // 4 s spent
        var budget = TimeBudget(seconds: 10, started: started)
        #expect(budget.expectedSeconds(ofWindows: 3) == 3)
        #expect(budget.fits(window: 3))
        #expect(!budget.fits(window: 7))
        // One run of a 3 s window that took 4.5 s: runs take 1.5 s per second of window.
        budget.ran(window: 3, since: Self.before(seconds: 4.5))
        #expect(abs(budget.expectedSeconds(ofWindows: 2) - 3) < 0.01)
        #expect(budget.fits(window: 2))
        #expect(!budget.fits(window: 4.5))
    }

    static let shortfall = TimeShortfall(
        budgetSeconds: 10,
        elapsedSeconds: 14.3,
        moreRuns: [.offloaded: 2, .async: 1],
        exposureSkipped: false,
        moreSeconds: 10.2
    )

    /// A verdict the budget left tentative says what it cut and the budget that would likely finish it, instead of
    /// the advice to drop `--repetitions`, which was not what kept it short.
    @Test func aVerdictCutShortSaysWhatIsLeftAndHowLongItWouldTake() throws {
        let results = [
            EarlyStopTests.stage(.mainOnly, [600]), EarlyStopTests.stage(.async, [600]),
            EarlyStopTests.stage(.offloaded, [0]),
        ]
        let recommendation = DecisionTree().recommend(
            for: EarlyStopTests.workload,
            results: results,
            outOfTime: Self.shortfall
        )
        #expect(recommendation.confidence == .tentative)
        let settle = try #require(recommendation.settle)
        #expect(settle.contains("Out of time: the `--max-time 10` budget ended the runs after 14 s"))
        #expect(settle.contains("every stage runs once whatever the budget"))
        #expect(settle.contains("runs still needed (`async` 1, `offloaded` 2: about 11 s more)"))
        #expect(!settle.contains("  "))
        #expect(settle.contains("`--max-time 25`"), "14.3 + 10.2 s, up to whole 5 s")
        #expect(!settle.contains("--repetitions"))
        #expect(!settle.contains("--max-repetitions 2"), "one run is settled by the runs it lacks, not by a cap")
    }

    /// A verdict decided on the runs made stays decided (the budget cut none it needed), unless a stage's exposure
    /// run was left out: then what a rare interaction does rests on its ordinary arrivals, and it is tentative.
    @Test func aDecidedVerdictStaysDecidedUnlessAnExposureRunWasLeftOut() {
        let results = [
            EarlyStopTests.stage(.mainOnly, [600]), EarlyStopTests.stage(.async, [600]),
            EarlyStopTests.stage(.offloaded, [0, 0, 0]),
        ]
        let tree = DecisionTree()
        var shortfall = Self.shortfall
        shortfall.moreRuns = [:]
        let decided = tree.recommend(for: EarlyStopTests.workload, results: results, outOfTime: shortfall)
        #expect(decided.confidence == .decided)
        #expect(decided.settle == nil)
        shortfall.exposureSkipped = true
        let skipped = tree.recommend(for: EarlyStopTests.workload, results: results, outOfTime: shortfall)
        #expect(skipped.confidence == .tentative)
        #expect(skipped.settle?.contains("the exposure runs") == true)
    }

    /// The JSON names the runs left by stage.
    @Test func theShortfallEncodesItsRunsByStageName() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Self.shortfall), as: UTF8.self)
        #expect(json.contains(#""moreRuns":{"async":1,"offloaded":2}"#))
        #expect(try JSONDecoder().decode(TimeShortfall.self, from: Data(json.utf8)) == Self.shortfall)
    }
}

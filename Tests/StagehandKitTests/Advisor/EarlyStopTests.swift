import Foundation
import Testing

@testable import StagehandKit

/// Which stages a profile that stops each stage when decided runs next
/// (``DecisionTree/stagesNeedingRuns(_:results:unmeasured:)``), and when a verdict may rest on fewer than 3 runs of a
/// stage: only of one that fails beyond doubt, whose questions were answered beyond doubt too.
@Suite struct EarlyStopTests {
    static let workload = NoiseTests.workload

    /// A run of `hitch` ms/s whose main-thread time is `busy` (by kind, ms/s).
    static func run(_ repetition: Int, hitch: Double, busy: [String: Double] = ["compute": 100]) -> RepetitionResult {
        var run = NoiseTests.run(hitch: hitch)
        run.repetition = repetition
        run.metrics?.mainThreadBusyMsPerS = busy
        return run
    }

    static func stage(_ stage: Stage, _ hitches: [Double], busy: [String: Double] = ["compute": 100]) -> StageResult {
        StageResult(
            stage: stage,
            repetitions: hitches.enumerated().map { run($0.offset + 1, hitch: $0.element, busy: busy) }
        )
    }

    /// After one run of each stage: main-only far past its limit (600 ms/s) and its compute time far past the
    /// question's thresholds is passed by on its one run; offloaded, which the verdict rests on, runs until it has 3;
    /// async and actor-extracted, which the path does not read, run no more.
    @Test func aStageFarPastItsLimitStopsAfterOneRunAndTheStageAdoptedRunsOn() {
        let tree = DecisionTree()
        let afterOne = [
            Self.stage(.mainOnly, [600]), Self.stage(.async, [600]), Self.stage(.offloaded, [0]),
            Self.stage(.actorExtracted, [0]),
        ]
        #expect(tree.stagesNeedingRuns(Self.workload, results: afterOne) == [.offloaded])
        let tentative = tree.recommend(for: Self.workload, results: afterOne)
        #expect(tentative.stage == "offloaded")
        #expect(tentative.confidence == .tentative, "offloaded meets on one run: too few to claim it")

        var afterThree = afterOne
        afterThree[2] = Self.stage(.offloaded, [0, 0, 0])
        #expect(tree.stagesNeedingRuns(Self.workload, results: afterThree).isEmpty)
        let decided = tree.recommend(for: Self.workload, results: afterThree)
        #expect(decided.stage == "offloaded")
        #expect(decided.confidence == .decided)
        let mainOnly = decided.judgments.first { $0.stage == .mainOnly }
        #expect(mainOnly?.judgment == .fails)
        #expect(mainOnly?.runs == 1)
    }

    /// One run above the limit but not beyond an early look's margin (5 + 3.29 × 2 × 4.19 = 32.6 ms/s in a 3 s run)
    /// is no ground to pass main-only by: it runs again, and at 3 runs the ordinary test decides.
    @Test func oneRunAboveTheLimitButWithinTheEarlyMarginRunsAgain() throws {
        let tree = DecisionTree()
        let offloaded = Self.stage(.offloaded, [0, 0, 0])
        for (hitch, early) in [(20.0, false), (32.0, false), (34.0, true), (120.0, true)] {
            let mainOnly = Self.stage(.mainOnly, [hitch])
            let judgment = try #require(tree.judgment(of: mainOnly, workload: Self.workload))
            #expect((judgment.judgment == .fails) == early, "\(hitch) ms/s: \(judgment.reason)")
            #expect(
                tree.stagesNeedingRuns(Self.workload, results: [mainOnly, offloaded]).contains(.mainOnly) == !early
            )
        }
        let three = Self.stage(.mainOnly, [20, 20, 20])
        #expect(tree.judgment(of: three, workload: Self.workload)?.judgment == .fails, "20 − 2.59 × 4.2/√3 > 5")
    }

    /// The early looks spend a tenth of a later look's level each, against twice the model's spread, and the later
    /// looks share what is left of the 5%: the whole still adds up to 5%.
    @Test func theEarlyLooksSpendLittleAndTheWholeStaysAtFivePercent() {
        let thresholds = Thresholds()
        #expect(thresholds.earlyLooks == 2)
        #expect(abs(thresholds.earlyLookLevel - 0.0005) < 1e-12)
        #expect(thresholds.level(runs: 1) == thresholds.earlyLookLevel)
        #expect(thresholds.level(runs: 3) == thresholds.perTestLevel)
        #expect(thresholds.spreadFactor(runs: 2) == 2)
        #expect(thresholds.spreadFactor(runs: 3) == 1)
        let spent =
            Double(NoiseModel.metrics.count)
            * (Double(thresholds.earlyLooks) * thresholds.earlyLookLevel
                + Double(thresholds.looks) * thresholds.perTestLevel)
        #expect(abs(spent - thresholds.falseAdoptionRate) < 1e-12)
    }

    /// The questions the walk answers from main-only's one run must be answered beyond doubt too, where the verdict
    /// turns on them: compute at 25% of main's work is a yes (offloaded, which meets), but within 1.5× of the 20%
    /// threshold, and a no would try actor-extracted for main-only's state time, which meets too: main-only runs
    /// again though it fails.
    @Test func aQuestionNearItsThresholdOnOneRunKeepsTheStageItReadsRunning() {
        let tree = DecisionTree()
        let offloaded = Self.stage(.offloaded, [0, 0, 0])
        let actor = Self.stage(.actorExtracted, [0, 0, 0])
        let near = Self.stage(.mainOnly, [600], busy: ["compute": 100, "state": 200, "ui": 100])
        #expect(tree.stagesNeedingRuns(Self.workload, results: [near, offloaded, actor]) == [.mainOnly])
        #expect(tree.recommend(for: Self.workload, results: [near, offloaded, actor]).confidence == .tentative)
        let clear = Self.stage(.mainOnly, [600], busy: ["compute": 200, "state": 100, "ui": 50])  // 57%
        #expect(tree.stagesNeedingRuns(Self.workload, results: [clear, offloaded, actor]).isEmpty)
        #expect(tree.recommend(for: Self.workload, results: [clear, offloaded, actor]).confidence == .decided)
        // A clear no: 5% of main's work, a third of the threshold; it too passes main-only by on one run.
        let no = Self.stage(.mainOnly, [600], busy: ["compute": 5, "state": 200, "ui": 95])
        #expect(!tree.stagesNeedingRuns(Self.workload, results: [no, offloaded, actor]).contains(.mainOnly))
    }

    /// A question near its threshold that the verdict does not turn on asks for no more runs: as the network
    /// manager's async, whose compute is 22% of main's work. A yes tries offloaded, which fails (its state time stays
    /// on main), and then actor-extracted; a no goes straight to actor-extracted for async's state time. Either way
    /// the verdict is actor-extracted, so async stops after its one run. Had offloaded met, the answer would decide
    /// between offloaded and actor-extracted, and async would run on.
    @Test func aQuestionTheVerdictDoesNotTurnOnAsksForNoMoreRuns() {
        let tree = DecisionTree()
        let busy = ["compute": 110.0, "state": 380, "ui": 10]
        let mainOnly = Self.stage(.mainOnly, [1100], busy: ["io": 880, "compute": 110, "state": 380, "ui": 10])
        let async = Self.stage(.async, [150], busy: busy)
        let offloaded = Self.stage(.offloaded, [120, 120, 120], busy: ["state": 380, "ui": 10])
        let actor = Self.stage(.actorExtracted, [0, 0, 0], busy: ["ui": 10])
        let results = [mainOnly, async, offloaded, actor]
        #expect(tree.stagesNeedingRuns(Self.workload, results: results).isEmpty)
        let decided = tree.recommend(for: Self.workload, results: results)
        #expect(decided.stage == "actor-extracted")
        #expect(decided.confidence == .decided)

        let offloadedMeets = Self.stage(.offloaded, [0, 0, 0], busy: ["state": 380, "ui": 10])
        let turning = [mainOnly, async, offloadedMeets, actor]
        #expect(tree.stagesNeedingRuns(Self.workload, results: turning) == [.async])
        #expect(tree.recommend(for: Self.workload, results: turning).confidence == .tentative)
    }

    /// A question read from a stage that crashed is answered from the step durations another stage measured: a
    /// doubt about the answer keeps that stage running. Here `async` crashed, and node 3 reads its placement through
    /// main-only's step times: `compute` 25% of the work it keeps on main, near the 20% threshold. A yes tries
    /// offloaded (which meets), a no tries actor-extracted for the state time (which meets too): the verdict turns on
    /// it, and main-only, with one run, runs again.
    @Test func aQuestionReadThroughAnotherStagesStepTimesKeepsThatStageRunning() {
        let workload = Workload(
            name: "app",
            subsystems: ["store"],
            interactions: [
                Interaction(
                    name: "tap",
                    ratePerSecond: 1,
                    steps: [
                        Step(.io, "fetch", .milliseconds(100)), Step(.compute, "work", .milliseconds(25)),
                        Step(.state, "store", .milliseconds(75)),
                    ]
                )
            ]
        )
        var run = Self.run(1, hitch: 600, busy: ["io": 100, "compute": 25, "state": 75])
        run.stepTimings = [100.0, 25, 75].enumerated().map { step, ms in
            StepTiming(key: StepTiming.Key(interaction: 0, step: step), runs: 3, totalMs: 3 * ms, runsOnMain: 3)
        }
        let mainOnly = StageResult(stage: .mainOnly, repetitions: [run])
        let results = [
            mainOnly, StageResult.failed(.async, .crashed), Self.stage(.offloaded, [0, 0, 0], busy: ["ui": 10]),
            Self.stage(.actorExtracted, [0, 0, 0], busy: ["ui": 10]),
        ]
        let tree = DecisionTree()
        #expect(tree.recommend(for: workload, results: results).stage == "offloaded")
        #expect(tree.stagesNeedingRuns(workload, results: results) == [.mainOnly])
        #expect(tree.recommend(for: workload, results: results).confidence == .tentative)
    }

    /// When no stage the path tried meets, node 5 asks every stage whether it meets: a stage off the path with one
    /// run above the limit but within an early look's margin (20 ms/s) runs on, since more runs might find it meets.
    @Test func whenNoTriedStageMeetsEveryStageIsRead() {
        let tree = DecisionTree()
        let results = [
            Self.stage(.mainOnly, [600]), Self.stage(.async, [600]), Self.stage(.offloaded, [600], busy: ["ui": 100]),
            Self.stage(.actorExtracted, [20], busy: ["ui": 100]),
        ]
        let recommendation = tree.recommend(for: Self.workload, results: results)
        #expect(recommendation.path.last?.node == 5)
        #expect(tree.stagesNeedingRuns(Self.workload, results: results) == [.actorExtracted])
    }

    /// The stages not yet run, as the profile asks before each round: each stage the walk reaches is run first, one
    /// at a time from main-only, so the stages it does not reach wait for their table runs.
    @Test func aStageNotYetRunIsNeededWhereTheWalkReachesIt() {
        let tree = DecisionTree()
        let all = Set(Stage.allCases)
        func unrun(_ stage: Stage) -> StageResult { StageResult(stage: stage, repetitions: []) }
        // Before any run: main-only, where every walk starts.
        #expect(
            tree.stagesNeedingRuns(Self.workload, results: Stage.allCases.map(unrun), unmeasured: all) == [.mainOnly]
        )
        // Main-only far past its limit with compute on main: question 3 tries offloaded; async (question 2 says no)
        // and actor-extracted (after offloaded) are not reached.
        let failing = Self.stage(.mainOnly, [600])
        let afterMainOnly = [failing, unrun(.async), unrun(.offloaded), unrun(.actorExtracted)]
        let rest: Set<Stage> = [.async, .offloaded, .actorExtracted]
        #expect(tree.stagesNeedingRuns(Self.workload, results: afterMainOnly, unmeasured: rest) == [.offloaded])
        // Offloaded meets on one run: it runs on; the others still wait.
        let afterOffloaded = [failing, unrun(.async), Self.stage(.offloaded, [0]), unrun(.actorExtracted)]
        let waiting: Set<Stage> = [.async, .actorExtracted]
        #expect(tree.stagesNeedingRuns(Self.workload, results: afterOffloaded, unmeasured: waiting) == [.offloaded])
        // Main-only meets on one run: it alone runs on.
        let meeting = [Self.stage(.mainOnly, [0]), unrun(.async), unrun(.offloaded), unrun(.actorExtracted)]
        #expect(tree.stagesNeedingRuns(Self.workload, results: meeting, unmeasured: rest) == [.mainOnly])
        // Unless told they can run, stages without runs are not asked for (left out of --stages).
        #expect(tree.stagesNeedingRuns(Self.workload, results: afterMainOnly).isEmpty)
    }

    /// When every stage the walk tried misses, node 5 reads every stage: those not yet run are needed.
    @Test func whenNoTriedStageMeetsEveryStageNotYetRunIsNeeded() {
        let tree = DecisionTree()
        let results = [
            Self.stage(.mainOnly, [600]), StageResult(stage: .async, repetitions: []),
            Self.stage(.offloaded, [600], busy: ["ui": 100]), Self.stage(.actorExtracted, [600], busy: ["ui": 100]),
        ]
        #expect(tree.stagesNeedingRuns(Self.workload, results: results, unmeasured: [.async]) == [.async])
    }

    /// A hang is an event: one run with a hang fails the stage beyond doubt, whatever its hitch time.
    @Test func aHangFailsAStageOnItsOneRun() {
        var hung = Self.run(1, hitch: 0)
        hung.metrics?.hangs = 1
        hung.metrics?.longestHangMs = 300
        let mainOnly = StageResult(stage: .mainOnly, repetitions: [hung])
        let results = [mainOnly, Self.stage(.offloaded, [0, 0, 0])]
        #expect(DecisionTree().stagesNeedingRuns(Self.workload, results: results).isEmpty)
        #expect(DecisionTree().recommend(for: Self.workload, results: results).confidence == .decided)
    }

    /// A stage that meets on one run is not decided: the claim that it meets rests on its runs' spread, or on their
    /// hitch-free seconds, and needs 3.
    @Test func aStageThatMeetsOnOneRunRunsOn() {
        let tree = DecisionTree()
        let mainOnly = Self.stage(.mainOnly, [0])
        let judgment = tree.judgment(of: mainOnly, workload: Self.workload)
        #expect(judgment?.judgment == .borderline)
        #expect(judgment?.overall == .meets)
        #expect(judgment?.reason == "met the budget in its one run, too few to claim it meets (at least 3)")
        #expect(tree.stagesNeedingRuns(Self.workload, results: [mainOnly, Self.stage(.offloaded, [0])]) == [.mainOnly])
    }

    /// The simulation's workload whose hitch time is all a rare interaction's (0.1 a second).
    static let rareWorkload = VerdictSimulationTests.workload(for: .zeroInflated, seconds: 3)

    /// main-only with one 3 s run of ``rareWorkload`` at 50 ms/s, the rare interaction arriving `arrivals` times,
    /// the run changed by `edit`.
    static func rareRun(arrivals: Int, _ edit: (inout RepetitionResult) -> Void = { _ in }) -> StageResult {
        var generator = SeededGenerator(seed: 3)
        var run = VerdictSimulationTests.run(
            1,
            hitch: 50,
            inputP99: 1,
            seconds: 3,
            spread: .zeroInflated,
            rareArrivals: [arrivals],
            using: &generator
        )
        edit(&run)
        return StageResult(stage: .mainOnly, repetitions: [run], workload: rareWorkload)
    }

    /// A stage whose figure rests on a rare interaction's estimate from an arrival or two, before its exposure run,
    /// is not passed by on it, however far past the limit one arrival reads: only a hang would do.
    @Test func aRareInteractionsEstimateDoesNotPassAStageByEarly() throws {
        let tree = DecisionTree()
        // One run with one arrival of the rare interaction, each adding 500 ms of hitch time: 50 ms/s at its rate.
        let mainOnly = Self.rareRun(arrivals: 1)
        let workload = Self.rareWorkload
        let judgment = try #require(tree.judgment(of: mainOnly, workload: workload))
        #expect(mainOnly.interactions?.contains(where: \.estimated) == true)
        #expect(judgment.judgment == .fails, "far past the limit on its one arrival: \(judgment.reason)")
        #expect(tree.stagesNeedingRuns(workload, results: [mainOnly]).contains(.mainOnly))
    }

    /// A stage that hung on its one run fails beyond doubt, but the questions read from it leave out an interaction
    /// that has not arrived in it (a rare parse before its exposure run): it runs on to its exposure, as `late-sync` at
    /// 120 Hz needed, where a first arrival's hang and no `sync` in the one run sent the walk past `offloaded`.
    @Test func questionsReadFromAStageThatHasNotSeenEveryInteractionWaitForItsExposure() throws {
        let workload = Self.rareWorkload
        let mainOnly = Self.rareRun(arrivals: 0) { run in
            run.metrics?.hangs = 1
            run.metrics?.longestHangMs = 300
        }
        let tree = DecisionTree()
        #expect(tree.judgment(of: mainOnly, workload: workload)?.judgment == .fails)
        #expect(mainOnly.interactions?.contains { $0.allArrivals == 0 } == true)
        #expect(tree.stagesNeedingRuns(workload, results: [mainOnly]).contains(.mainOnly))
    }
}

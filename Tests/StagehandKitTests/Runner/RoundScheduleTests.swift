import Testing

@testable import StagehandKit

/// The order of a profile's stage runs and when each stage stops, without running a process.
@Suite struct RoundScheduleTests {
    static func schedule(
        stages: [Stage] = Stage.allCases,
        repetitions: Int = 3,
        maxRepetitions: Int = 7,
        stopsWhenDecided: Bool = true,
        seed: UInt64 = 7
    ) -> RoundSchedule {
        RoundSchedule(
            stages: stages,
            repetitions: repetitions,
            maxRepetitions: maxRepetitions,
            minimumRuns: 3,
            stopsWhenDecided: stopsWhenDecided,
            seed: seed
        )
    }

    /// Every round `schedule` plans, each stage run as it comes, while `needing` (given the rounds so far) names the
    /// stages the verdict still needs; at most 20 rounds.
    static func rounds(
        of schedule: inout RoundSchedule,
        needing: (Int) -> Set<Stage> = { _ in Set(Stage.allCases) }
    ) -> [[Stage]] {
        var rounds: [[Stage]] = []
        while rounds.count < 20 {
            let round = schedule.nextRound { _ in needing(rounds.count) }
            guard !round.isEmpty else { break }
            for stage in round { _ = schedule.ran(stage) }
            rounds.append(round)
        }
        return rounds
    }

    @Test func eachRoundStartsOneStageFurtherAlong() {
        var schedule = Self.schedule(stopsWhenDecided: false)
        let rounds = Self.rounds(of: &schedule)
        #expect(rounds[0] == [.mainOnly, .async, .offloaded, .actorExtracted])
        #expect(rounds[1] == [.async, .offloaded, .actorExtracted, .mainOnly])
        #expect(rounds[3] == [.actorExtracted, .mainOnly, .async, .offloaded])
        #expect(rounds[4] == rounds[0])
    }

    @Test func theRotationIsOverTheSelectedStagesOnly() {
        var schedule = Self.schedule(stages: [.mainOnly, .offloaded])
        let rounds = Self.rounds(of: &schedule)
        #expect(rounds[0] == [.mainOnly, .offloaded])
        #expect(rounds[1] == [.offloaded, .mainOnly])
        #expect(rounds[2] == [.mainOnly, .offloaded])
    }

    @Test func aFailedStageIsLeftOutOfLaterRoundsAndTheOthersKeepTheirPlaces() {
        var schedule = Self.schedule(stopsWhenDecided: false)
        _ = schedule.nextRound { _ in [] }
        for stage in Stage.allCases { _ = schedule.ran(stage) }
        schedule.stageFailed(.async)
        #expect(schedule.nextRound { _ in [] } == [.offloaded, .actorExtracted, .mainOnly])
    }

    @Test func aStagesKthRunComesFromTheSeedPlusKMinusOneWhicheverRoundItFallsIn() {
        #expect(Self.schedule(seed: 7).seed(ofRepetition: 1) == 7)
        #expect(Self.schedule(seed: 7).seed(ofRepetition: 3) == 9)
        #expect(Self.schedule(seed: .max).seed(ofRepetition: 2) == 0)  // wraps rather than traps
        var schedule = Self.schedule()
        _ = schedule.nextRound { _ in [] }
        #expect(schedule.ran(.offloaded) == 1)
        // Offloaded alone runs again in round 2: its second run.
        #expect(schedule.nextRound { _ in [.offloaded] } == [.offloaded])
        #expect(schedule.ran(.offloaded) == 2)
    }

    @Test func noRepetitionsAskedForStillRunsOneRound() {
        var schedule = Self.schedule(repetitions: 0, stopsWhenDecided: false)
        #expect(Self.rounds(of: &schedule, needing: { _ in [] }).count == 1)
    }

    // MARK: - Stopping when decided

    @Test func theStagesTheWalkReachesRunFirstThenEachStageItDidNotReadHasOneTableRun() {
        var schedule = Self.schedule()
        // What the walk asks for after each round, and the stages not yet run it is told of each time.
        let asks: [Set<Stage>] = [[.mainOnly], [.offloaded], [.mainOnly, .offloaded], [.offloaded], [], []]
        var told: [Set<Stage>] = []
        var rounds: [[Stage]] = []
        var table: [Bool] = []
        while rounds.count < 10 {
            let round = schedule.nextRound { unmeasured in
                told.append(unmeasured)
                return asks[told.count - 1]
            }
            guard !round.isEmpty else { break }
            for stage in round { _ = schedule.ran(stage) }
            rounds.append(round)
            table.append(schedule.isTableRound)
        }
        #expect(
            rounds == [[.mainOnly], [.offloaded], [.mainOnly, .offloaded], [.offloaded], [.async, .actorExtracted]]
        )
        #expect(table == [false, false, false, false, true], "the last round alone is of table runs")
        #expect(told[0] == Set(Stage.allCases))
        #expect(told[1] == [.async, .offloaded, .actorExtracted])
        #expect(told[2] == [.async, .actorExtracted])
        #expect(told.count == 6, "asked again after the table runs: nothing more is needed, nothing is left to run")
        #expect(schedule.runs == [.mainOnly: 2, .async: 1, .offloaded: 3, .actorExtracted: 1])
        #expect(schedule.exposureDue(in: [.async, .actorExtracted]).isEmpty)
        #expect(!schedule.grew)
    }

    @Test func aStageTheVerdictReadsAfterItsTableRunRunsInFull() {
        var schedule = Self.schedule(stages: [.mainOnly, .async])
        #expect(schedule.nextRound { _ in [.mainOnly] } == [.mainOnly])
        _ = schedule.ran(.mainOnly)
        #expect(schedule.nextRound { _ in [] } == [.async])
        #expect(schedule.isTableRound)
        _ = schedule.ran(.async)
        #expect(schedule.nextRound { _ in [.async] } == [.async])
        #expect(!schedule.isTableRound)
    }

    /// Once a budget ends the runs, a stage the walk reaches still has its first run in full, and the others their
    /// table runs.
    @Test func theStagesABudgetLeftUnrunHaveTheirFirstRunsWhereTheWalkReachesThemElseTableRuns() {
        var schedule = Self.schedule()
        #expect(schedule.nextRound { _ in [.mainOnly] } == [.mainOnly])
        _ = schedule.ran(.mainOnly)
        schedule.stageFailed(.actorExtracted)
        var told: Set<Stage> = []
        #expect(
            schedule.firstRound {
                told = $0
                return [.mainOnly, .offloaded]
            } == [.offloaded]
        )
        #expect(told == [.async, .offloaded], "the stages not yet run that can run")
        #expect(!schedule.isTableRound)
        _ = schedule.ran(.offloaded)
        #expect(schedule.firstRound { _ in [.mainOnly] } == [])
        #expect(schedule.tableRound() == [.async])
        #expect(schedule.isTableRound)
        #expect(schedule.tableRunStages == [.async])
    }

    @Test func aFixedDesignsFirstRoundRunsEveryStageWithoutAsking() {
        var schedule = Self.schedule(stopsWhenDecided: false)
        var asked = 0
        #expect(
            schedule.nextRound { _ in
                asked += 1
                return []
            } == Stage.allCases
        )
        #expect(asked == 0)
        #expect(!schedule.isTableRound)
    }

    @Test func aStageTheVerdictStillNeedsRunsUpToTheCapAndNoFurther() {
        var schedule = Self.schedule(maxRepetitions: 5)
        let rounds = Self.rounds(of: &schedule) { _ in [.async] }
        #expect(rounds.count == 6)
        #expect(rounds.prefix(5).allSatisfy { $0 == [.async] })
        #expect(schedule.runs[.async] == 5)
        #expect(Set(rounds[5]) == [.mainOnly, .offloaded, .actorExtracted], "then the others' table runs")
        #expect(schedule.grew, "runs past --repetitions")
    }

    @Test func aStagesExposureIsDueAfterItsThirdRunUnlessItFailed() {
        var schedule = Self.schedule()
        for _ in 1...2 {
            _ = schedule.nextRound { _ in [.mainOnly, .async] }
            for stage in Stage.allCases where schedule.runs[stage, default: 0] < 2 { _ = schedule.ran(stage) }
        }
        #expect(schedule.exposureDue(in: [.mainOnly, .async]).isEmpty, "two runs each")
        _ = schedule.ran(.mainOnly)
        _ = schedule.ran(.async)
        schedule.stageFailed(.async)
        #expect(schedule.exposureDue(in: [.mainOnly, .async]) == [.mainOnly])
    }

    @Test func aStageThatFailedIsNotRunAgainWhateverTheVerdictNeeds() {
        var schedule = Self.schedule()
        _ = schedule.nextRound { _ in [] }
        for stage in Stage.allCases { _ = schedule.ran(stage) }
        schedule.stageFailed(.mainOnly)
        #expect(schedule.nextRound { _ in [.mainOnly, .async] } == [.async])
        _ = schedule.ran(.async)
        #expect(schedule.nextRound { _ in [.mainOnly] } == [])
    }

    // MARK: - A fixed design

    @Test func aFixedDesignRunsItsRoundsWithoutAskingThenGrowsByWholeRounds() {
        var schedule = Self.schedule(stopsWhenDecided: false)
        var asked: [Int] = []
        let rounds = Self.rounds(of: &schedule) { completed in
            asked.append(completed)
            return completed < 5 ? [.async] : []
        }
        #expect(rounds.count == 5)
        #expect(rounds.allSatisfy { Set($0) == Set(Stage.allCases) }, "every stage in every round")
        #expect(asked == [3, 4, 5], "asked only from the last round asked for on")
        #expect(schedule.grew)
    }

    @Test func aFixedDesignGrowsNoFurtherThanTheCap() {
        var schedule = Self.schedule(repetitions: 3, maxRepetitions: 5, stopsWhenDecided: false)
        #expect(Self.rounds(of: &schedule).count == 5)
        var atTheCap = Self.schedule(repetitions: 3, maxRepetitions: 3, stopsWhenDecided: false)
        var asked = false
        #expect(
            Self.rounds(of: &atTheCap) { _ in
                asked = true
                return Set(Stage.allCases)
            }.count == 3
        )
        #expect(!asked, "a stage at the cap leaves nothing to ask about")
    }

    @Test func aFixedDesignAskedForFewerRunsThanAVerdictReadsIsNotGrown() {
        var schedule = Self.schedule(repetitions: 2, stopsWhenDecided: false)
        var asked = false
        let rounds = Self.rounds(of: &schedule) { _ in
            asked = true
            return Set(Stage.allCases)
        }
        #expect(rounds.count == 2)
        #expect(!asked)
    }

    @Test func theScheduleTakesItsFiguresFromTheOptions() {
        let options = ProfileOptions(stages: [.offloaded, .mainOnly], repetitions: 4, maxRepetitions: 6, seed: 11)
        let schedule = RoundSchedule(options: options, minimumRuns: 3)
        #expect(schedule.stages == [.mainOnly, .offloaded])
        #expect(schedule.repetitions == 4)
        #expect(schedule.cap == 6)
        #expect(schedule.stopsWhenDecided)
        #expect(schedule.seed(ofRepetition: 2) == 12)
        let fixed = ProfileOptions(repetitions: 4, stopsWhenDecided: false)
        #expect(!RoundSchedule(options: fixed, minimumRuns: 3).stopsWhenDecided)
    }
}

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
            let round = schedule.nextRound { needing(rounds.count) }
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
        _ = schedule.nextRound { [] }
        for stage in Stage.allCases { _ = schedule.ran(stage) }
        schedule.stageFailed(.async)
        #expect(schedule.nextRound { [] } == [.offloaded, .actorExtracted, .mainOnly])
    }

    @Test func aStagesKthRunComesFromTheSeedPlusKMinusOneWhicheverRoundItFallsIn() {
        #expect(Self.schedule(seed: 7).seed(ofRepetition: 1) == 7)
        #expect(Self.schedule(seed: 7).seed(ofRepetition: 3) == 9)
        #expect(Self.schedule(seed: .max).seed(ofRepetition: 2) == 0)  // wraps rather than traps
        var schedule = Self.schedule()
        _ = schedule.nextRound { [] }
        #expect(schedule.ran(.offloaded) == 1)
        // Offloaded alone runs again in round 2: its second run.
        #expect(schedule.nextRound { [.offloaded] } == [.offloaded])
        #expect(schedule.ran(.offloaded) == 2)
    }

    @Test func noRepetitionsAskedForStillRunsOneRound() {
        var schedule = Self.schedule(repetitions: 0, stopsWhenDecided: false)
        #expect(Self.rounds(of: &schedule, needing: { _ in [] }).count == 1)
    }

    // MARK: - Stopping when decided

    @Test func theFirstRoundRunsEveryStageThenOnlyTheStagesTheVerdictNeeds() {
        var schedule = Self.schedule()
        var asked = 0
        let rounds = Self.rounds(of: &schedule) { completed in
            asked += 1
            return completed < 3 ? [.offloaded, .mainOnly] : []
        }
        #expect(rounds.count == 3)
        #expect(rounds[0] == Stage.allCases)
        #expect(rounds[1] == [.offloaded, .mainOnly])  // round 2 starts one stage along: offloaded before main-only
        #expect(rounds[2] == [.mainOnly, .offloaded])
        #expect(asked == 3, "asked after each round but the first")
        #expect(schedule.runs == [.mainOnly: 3, .async: 1, .offloaded: 3, .actorExtracted: 1])
        #expect(!schedule.grew)
    }

    @Test func aStageTheVerdictStillNeedsRunsUpToTheCapAndNoFurther() {
        var schedule = Self.schedule(maxRepetitions: 5)
        let rounds = Self.rounds(of: &schedule) { _ in [.async] }
        #expect(rounds.count == 5)
        #expect(schedule.runs[.async] == 5)
        #expect(schedule.grew, "runs past --repetitions")
    }

    @Test func aStagesExposureIsDueAfterItsThirdRunUnlessItFailed() {
        var schedule = Self.schedule()
        for _ in 1...2 {
            _ = schedule.nextRound { [.mainOnly, .async] }
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
        _ = schedule.nextRound { [] }
        for stage in Stage.allCases { _ = schedule.ran(stage) }
        schedule.stageFailed(.mainOnly)
        #expect(schedule.nextRound { [.mainOnly, .async] } == [.async])
        _ = schedule.ran(.async)
        #expect(schedule.nextRound { [.mainOnly] } == [])
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

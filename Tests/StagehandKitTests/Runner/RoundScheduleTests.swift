import Testing

@testable import StagehandKit

/// The order of a profile's stage runs and when it grows, without running a process.
@Suite struct RoundScheduleTests {
    static func schedule(
        stages: [Stage] = Stage.allCases,
        repetitions: Int = 3,
        maxRepetitions: Int = 7,
        seed: UInt64 = 7
    ) -> RoundSchedule {
        RoundSchedule(
            stages: stages,
            repetitions: repetitions,
            maxRepetitions: maxRepetitions,
            minimumRuns: 3,
            seed: seed
        )
    }

    @Test func eachRoundStartsOneStageFurtherAlong() {
        let schedule = Self.schedule()
        #expect(schedule.stages(inRound: 1) == [.mainOnly, .async, .offloaded, .actorExtracted])
        #expect(schedule.stages(inRound: 2) == [.async, .offloaded, .actorExtracted, .mainOnly])
        #expect(schedule.stages(inRound: 4) == [.actorExtracted, .mainOnly, .async, .offloaded])
        #expect(schedule.stages(inRound: 5) == schedule.stages(inRound: 1))
    }

    @Test func theRotationIsOverTheSelectedStagesOnly() {
        let schedule = Self.schedule(stages: [.mainOnly, .offloaded])
        #expect(schedule.stages(inRound: 1) == [.mainOnly, .offloaded])
        #expect(schedule.stages(inRound: 2) == [.offloaded, .mainOnly])
        #expect(schedule.stages(inRound: 3) == [.mainOnly, .offloaded])
    }

    @Test func aFailedStageIsLeftOutOfLaterRoundsAndTheOthersKeepTheirPlaces() {
        var schedule = Self.schedule()
        schedule.stageFailed(.async)
        #expect(schedule.stages(inRound: 2) == [.offloaded, .actorExtracted, .mainOnly])
        #expect(schedule.stages(inRound: 3) == [.offloaded, .actorExtracted, .mainOnly])
    }

    @Test func roundRRunsFromTheSeedPlusRMinusOne() {
        #expect(Self.schedule(seed: 7).seed(ofRound: 1) == 7)
        #expect(Self.schedule(seed: 7).seed(ofRound: 3) == 9)
        #expect(Self.schedule(seed: .max).seed(ofRound: 2) == 0)  // wraps rather than traps
    }

    @Test func noRepetitionsAskedForStillPlansOneRound() {
        #expect(Self.schedule(repetitions: 0).planned == 1)
    }

    @Test func anUnsettledVerdictAfterTheLastPlannedRoundAddsOneRound() {
        var schedule = Self.schedule()
        let afterThird = schedule.extends(after: 3) { true }
        #expect(afterThird)
        #expect(schedule.planned == 4)
        let afterFourth = schedule.extends(after: 4) { true }
        #expect(afterFourth)
        #expect(schedule.planned == 5)
    }

    @Test func aSettledVerdictStopsTheProfile() {
        var schedule = Self.schedule()
        let grows = schedule.extends(after: 3) { false }
        #expect(!grows)
        #expect(schedule.planned == 3)
    }

    @Test func theProfileGrowsNoFurtherThanTheCap() {
        var schedule = Self.schedule(repetitions: 3, maxRepetitions: 5)
        var round = 1
        var extensions = 0
        while round <= schedule.planned {
            if schedule.extends(after: round, mayStillSettle: { true }) { extensions += 1 }
            round += 1
        }
        #expect(schedule.planned == 5)
        #expect(extensions == 2, "one round more after the 3rd and after the 4th, none after the cap")
    }

    @Test func rulesThatAlreadySayNoDoNotWalkTheDecisionTree() {
        var asked = 0
        func unsettled() -> Bool {
            asked += 1
            return true
        }
        var schedule = Self.schedule(repetitions: 3, maxRepetitions: 3)
        let beforeTheLastPlannedRound = schedule.extends(after: 1, mayStillSettle: unsettled)
        let atTheCap = schedule.extends(after: 3, mayStillSettle: unsettled)
        #expect(!beforeTheLastPlannedRound && !atTheCap)
        #expect(asked == 0)
        #expect(schedule.planned == 3)
    }

    @Test func aProfileAskedForFewerRunsThanAVerdictReadsIsNotGrown() {
        var asked = false
        func unsettled() -> Bool {
            asked = true
            return true
        }
        var schedule = Self.schedule(repetitions: 2)
        let grows = schedule.extends(after: 2, mayStillSettle: unsettled)
        #expect(!grows)
        #expect(!asked)
        #expect(schedule.planned == 2)
    }

    @Test func theScheduleTakesItsFiguresFromTheOptions() {
        let options = ProfileOptions(stages: [.offloaded, .mainOnly], repetitions: 4, maxRepetitions: 6, seed: 11)
        let schedule = RoundSchedule(options: options, minimumRuns: 3)
        #expect(schedule.stages == [.mainOnly, .offloaded])
        #expect(schedule.planned == 4)
        #expect(schedule.cap == 6)
        #expect(schedule.seed(ofRound: 2) == 12)
    }
}

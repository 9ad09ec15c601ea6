import Testing

@testable import StagehandKit

/// When the profile measures more arrivals of an interaction: when its holds on main vary, or come near a hitch, in a
/// stage that a slower arrival could still turn; up to the stated cap, within the stated time. On constructed stages
/// of ``ExposureTests``' workload (`open`, rare, decodes on main; `tap`, frequent).
@Suite struct ArrivalTopUpTests {
    /// A stage whose exposure run brought `open` with `holds` (one per arrival) and `hitchMs` of hitch time each, its
    /// three ordinary runs without it; `tap` held main 0.6 ms each time.
    static func stage(holds: [Double], hitchMs: Double = 0, hangs: Int = 0, unfinished: Int = 0) -> StageResult {
        var exposure = ExposureTests.run(
            0,
            open: holds.count,
            hitchMs: hitchMs,
            blockMs: holds.max() ?? 0,
            hangs: hangs,
            seconds: 1.5
        )
        exposure.interactions?[0].holdsMs = Array(holds.dropLast(unfinished))
        exposure.interactions?[0].unfinished = unfinished
        exposure.interactions?[1].holdsMs = Array(repeating: 0.6, count: 12)
        var runs = (1...3).map { ExposureTests.run($0, open: 0) }
        for index in runs.indices { runs[index].interactions?[1].holdsMs = Array(repeating: 0.6, count: 12) }
        return ExposureTests.stage(.mainOnly, runs, exposure: [exposure])
    }

    static func plan(_ stage: StageResult) -> ArrivalTopUp? {
        ArrivalTopUp(stage, workload: ExposureTests.workload(), tree: DecisionTree())
    }

    /// Three arrivals, one of them ten times the others' hold: `open` alone is exposed again, up to the cap of 30
    /// finished arrivals (27 more), within the time a top-up may take.
    @Test func anInteractionWhoseHoldsVaryIsExposedUpToTheCap() throws {
        let plan = try #require(Self.plan(Self.stage(holds: [12, 12, 120])))
        #expect(plan.exposing == [0])
        #expect(plan.rounds == ArrivalTopUp.cap - 3)
    }

    /// Holds that all come near a hitch (12 ms and the frame's 2 ms, against 11.1 ms) are exposed again too: a slower
    /// arrival would hitch longer.
    @Test func holdsNearAHitchAreExposedAgain() throws {
        let plan = try #require(Self.plan(Self.stage(holds: [12, 12.5, 12])))
        #expect(plan.exposing == [0])
    }

    /// Holds far from a hitch that agree, or differ by less than a frame can show, ask for nothing; ones that differ
    /// by more do, as a slow path of their own.
    @Test func holdsFarFromAHitchAskForMoreOnlyWhenTheyVary() {
        #expect(Self.plan(Self.stage(holds: [3, 3.2, 2.9])) == nil)  // they agree
        #expect(Self.plan(Self.stage(holds: [1, 1, 6])) == nil)  // 6×, but 5 ms apart: less than half a frame
        #expect(Self.plan(Self.stage(holds: [3, 3, 10])) == nil)  // one preempted arrival near a hitch: not the median
        #expect(Self.plan(Self.stage(holds: [0.5, 0.5, 8.9]))?.exposing == [0])  // 18×, 8.4 ms apart
    }

    /// A stage already judged to fail (100 ms of hitch time an arrival at 0.1 a second: 10 ms/s) cannot be turned by
    /// a slower arrival: nothing more is measured, though its holds come near a hitch.
    @Test func aStageThatFailsAsksForNoMore() {
        #expect(Self.plan(Self.stage(holds: [100, 104, 98], hitchMs: 100)) == nil)
        #expect(Self.plan(Self.stage(holds: [100, 104, 98], hitchMs: 0)) != nil)
    }

    /// A hang fails the stage (its judgment), whatever more arrivals show; an unfinished arrival leaves it unable to
    /// meet; an interaction at the cap has been seen enough.
    @Test func aHangAnUnfinishedArrivalOrTheCapAskForNoMore() {
        #expect(Self.plan(Self.stage(holds: [12, 12, 300], hangs: 1)) == nil)
        #expect(Self.plan(Self.stage(holds: [12, 12, 120, 12], unfinished: 1)) == nil)
        let seen = [Double](repeating: 12, count: ArrivalTopUp.cap - 1) + [120]
        #expect(Self.plan(Self.stage(holds: seen)) == nil)
    }

    /// Arrivals that each take long (their steps' mean durations: a 2 s wait, here) get as many as fit in the time a
    /// top-up may take, at least one.
    @Test func slowArrivalsGetAsManyAsFitInItsTime() throws {
        let stage = Self.stage(holds: [12, 12, 120])
        let exposure = try #require(stage.exposureRuns).map { run in
            var run = run
            run.stepTimings[0].totalMs = 3 * 2000
            return run
        }
        let result = stage.replacingRuns(exposureRuns: exposure, workload: ExposureTests.workload())
        let plan = try #require(Self.plan(result))
        // 2 s and the settling (3 refresh intervals) per arrival: 5 in 12 s.
        #expect(plan.rounds == 5)
    }
}

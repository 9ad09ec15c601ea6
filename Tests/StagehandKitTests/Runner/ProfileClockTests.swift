import Testing

@testable import StagehandKit

/// The profile's clock puts each stage run under the purpose its events give it, and sums the runs' child phases;
/// what it times is each run's wall time, which no unit test reads.
@Suite struct ProfileClockTests {
    static func run(_ repetition: Int, measuredSeconds: Double) -> RepetitionResult {
        var result = RepetitionResult(repetition: repetition, status: .ok, seed: 1)
        var phases = ChildPhases()
        phases.measured = measuredSeconds
        phases.warmUp = 0.5
        result.phases = phases
        return result
    }

    @Test func eachRunCountsUnderItsPurpose() {
        let clock = ProfileClock(repetitions: 3)
        func runs(_ stage: Stage, _ repetition: Int, of rounds: Int) {
            clock.observe(.started(stage, repetition: repetition, of: rounds, durationSeconds: 3))
            clock.observe(
                .finished(stage, repetition: repetition, of: rounds, Self.run(repetition, measuredSeconds: 4))
            )
        }
        runs(.mainOnly, 1, of: 3)
        runs(.async, 1, of: 3)
        // The second run of async hung from the wait for a core: measured again.
        runs(.async, 2, of: 3)
        clock.observe(.remeasuring(.async, HangCount(hangs: 1, fromCoreWait: 1, longestHangMs: 260, coreWaitMs: 40)))
        runs(.async, 2, of: 3)
        clock.observe(.exposing(["open"], stages: 2))
        runs(.mainOnly, 0, of: 0)
        runs(.async, 0, of: 0)
        clock.observe(.toppingUp(.async, ["open"], arrivals: 3))
        runs(.async, 0, of: 0)
        clock.observe(.moreRuns([.mainOnly], round: 4, cap: 8))
        runs(.mainOnly, 4, of: 4)
        clock.observe(.headroomProbe(.mainOnly, multiplier: 2, met: false, durationSeconds: 2))

        let times = clock.times
        let counts = times.runs.mapValues(\.count)
        #expect(
            counts == [
                "ordinary": 3, "remeasure": 1, "exposure": 2, "top-up": 1, "extra-round": 1, "headroom": 1,
            ]
        )
        // Every announced run's child phases, summed (a headroom probe's are not announced).
        #expect(times.inChildren.measured == 8 * 4)
        #expect(times.inChildren.warmUp == 8 * 0.5)
        #expect(times.runs.values.allSatisfy { $0.seconds >= 0 })
    }
}

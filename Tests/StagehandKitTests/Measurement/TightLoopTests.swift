import Testing

@testable import StagehandKit

/// The tight loop times a code `compute` step's function with the input the warm-up kept, and never runs past the
/// stage run's watchdog: a step whose calls do not fit before the deadline has no figure.
@Suite struct TightLoopTests {
    /// One interaction of one code `compute` step that counts its calls, with its input kept.
    static func step() -> (WorkloadCode, TightLoop.Inputs, StepTiming.Key) {
        let code = WorkloadCode(bodies: [[.compute { ($0 as! Int) * 2 }]], stateMakers: [:])
        let inputs = TightLoop.Inputs()
        let key = StepTiming.Key(interaction: 0, step: 0)
        inputs.keep(21, for: key)
        return (code, inputs, key)
    }

    @Test func aStepWithTimeLeftIsTimedByItsMeanAndMedian() throws {
        let (code, inputs, key) = Self.step()
        let timings = TightLoop.measure(
            code,
            inputs: inputs,
            runMeans: [key: 0.001],
            stoppingBy: Instant.now.adding(milliseconds: 60_000)
        )
        let timing = try #require(timings.first)
        #expect(timings.count == 1)
        #expect(timing.key == key)
        #expect(timing.calls >= TightLoop.minimumCalls)
        #expect(timing.calls <= TightLoop.maximumCalls)
        #expect((timing.meanMs ?? -1) >= 0)
    }

    @Test func aStepWhoseCallsWouldPassTheDeadlineHasNoFigure() {
        let (code, inputs, key) = Self.step()
        // Its run's mean (10 s) would carry its first call past a deadline 1 s away.
        let late = TightLoop.measure(
            code,
            inputs: inputs,
            runMeans: [key: 10_000],
            stoppingBy: Instant.now.adding(milliseconds: 1_000)
        )
        #expect(late.isEmpty)
        let past = TightLoop.measure(code, inputs: inputs, runMeans: [key: 0.001], stoppingBy: Instant.now)
        #expect(past.isEmpty)
        // A step the run has no mean for (it never ran there) is not timed.
        let unknown = TightLoop.measure(
            code,
            inputs: inputs,
            runMeans: [:],
            stoppingBy: Instant.now.adding(milliseconds: 60_000)
        )
        #expect(unknown.isEmpty)
    }
}

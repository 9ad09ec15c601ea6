import Foundation
import Testing

@testable import StagehandKit

/// The tight loop times a code `compute` step's function with the input the warm-up kept, and never runs past the
/// stage run's watchdog: a step whose calls do not fit before the deadline has no figure.
@Suite struct TightLoopTests {
    static let key = StepTiming.Key(interaction: 0, step: 0)

    /// Times one interaction of one code `compute` step running `body`, its input kept, with `runMeans` as the run's
    /// means and the deadline `deadlineMs` from now.
    static func measure(
        _ body: @escaping @Sendable (any Sendable) throws -> any Sendable = { ($0 as! Int) * 2 },
        runMeans: [StepTiming.Key: Double] = [key: 0.001],
        deadlineMs: Double = 60_000
    ) -> [TightLoopTiming] {
        let inputs = TightLoop.Inputs()
        inputs.keep(21, for: key)
        return TightLoop.measure(
            WorkloadCode(bodies: [[.compute(body)]], stateMakers: [:]),
            inputs: inputs,
            runMeans: runMeans,
            stoppingBy: Instant.now.adding(milliseconds: deadlineMs)
        )
    }

    @Test func aStepWithTimeLeftIsTimedByItsMeanAndMedian() throws {
        // A call that sleeps 2 ms takes at least 2 ms: a known lower bound for both figures.
        let timings = Self.measure({ input in
            usleep(2_000)
            return input
        })
        let timing = try #require(timings.first)
        #expect(timings.count == 1)
        #expect(timing.key == Self.key)
        #expect(timing.calls >= TightLoop.minimumCalls)
        #expect(timing.calls <= TightLoop.maximumCalls)
        #expect((timing.meanMs ?? -1) >= 0)
        #expect((timing.meanMs ?? 0) >= 2 && timing.medianMs >= 2, "\(timing)")
    }

    @Test func aStepWhoseCallsWouldPassTheDeadlineHasNoFigure() {
        // Its run's mean (10 s) would carry its first call past a deadline 1 s away.
        #expect(Self.measure(runMeans: [Self.key: 10_000], deadlineMs: 1_000).isEmpty)
        #expect(Self.measure(deadlineMs: 0).isEmpty)
        // A step the run has no mean for (it never ran there) is not timed.
        #expect(Self.measure(runMeans: [:]).isEmpty)
    }
}

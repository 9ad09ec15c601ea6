import Foundation
import Testing

@testable import StagehandKit

/// The backlog through the arrival window (docs/METRICS.md): interactions in flight, and those of them queued for a
/// thread, on average over each quarter, tallied from constructed timelines.
@Suite struct BacklogTests {
    static func close(_ actual: [Double], _ expected: [Double], within tolerance: Double = 1e-9) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func aStretchCountsForTheShareOfEachQuarterItCovers() {
        var tally = QuarterTally(window: .at(0), end: .at(400))
        tally.add(from: .at(100), to: .at(200))  // all of the second quarter
        tally.add(from: .at(0), to: .at(50))  // half of the first
        tally.add(from: .at(350), to: .at(900))  // the last half of the last, and the drain, which is not counted
        #expect(Self.close(tally.means, [0.5, 1, 0, 0.5]))
        var merged = QuarterTally()
        merged.add(tally)
        merged.add(tally)
        #expect(Self.close(merged.means, [1, 2, 0, 1]), "tallies from two threads add up")
        #expect(QuarterTally().means.isEmpty, "no window, nothing measured")
    }

    /// Each interaction is in flight from its arrival to its end; it is queued while it waits for its handler or for
    /// a hop to start, and not while it runs or awaits I/O.
    @Test func anInteractionIsInFlightUntilItEndsAndQueuedOnlyWhileItWaitsForAThread() {
        let recorder = ConstructedRuns.Window(seconds: 0.4, ratePerS: 10).prepared()
        recorder.handlerStarted(0, interaction: 0, arrival: .at(0), at: .at(100))  // waited a quarter for main
        recorder.hopAsked(0, to: .pool, at: .at(100))
        recorder.poolHop(0, requested: .at(100), started: .at(150))  // and half a quarter for the pool
        recorder.interactionFinished(0, arrival: .at(0), at: .at(300), mainActorEntries: 1)
        recorder.handlerStarted(1, interaction: 0, arrival: .at(200), at: .at(200))
        recorder.hopAsked(1, to: .subsystem(0), at: .at(300))  // never started: queued to the end
        recorder.undelivered([.at(350)], at: .at(400))  // queued and in flight to the end
        let metrics = recorder.measurements(
            arrivalSeconds: 0.4,
            runSeconds: 1,
            end: .at(1000),
            allocationsStart: nil,
            allocationsEnd: nil
        ).metrics
        #expect(Self.close(metrics.backlogByQuarter, [1, 1, 2, 1.5]))
        #expect(Self.close(metrics.queuedByQuarter, [1, 0.5, 0, 1.5]))
    }

    /// The backlog of a stage that keeps up with long interactions builds to arrival rate × latency (8 here) and
    /// stays there, and none of it waits for a thread: it waits for the outside world.
    @Test(arguments: [1.0, 2, 3])
    func aStageKeepingUpWithLongInteractionsHasABacklogButNoQueue(seconds: Double) {
        let metrics = ConstructedRuns.steadyIO(.init(seconds: seconds, ratePerS: 4), ioMs: 2000)
        #expect(metrics.queuedByQuarter.count == 4)
        #expect(metrics.queuedByQuarter.allSatisfy { $0 < 0.01 })
        #expect(metrics.backlogByQuarter.last ?? 0 > seconds, "each arrival is still in flight a while")
        #expect(metrics.backlogByQuarter.allSatisfy { $0 <= 8.01 })
        #expect(metrics.interactionsUnfinished > 0, "unfinished when the run ends, all the same")
    }

    /// A stage that completes 70% of what arrives queues the rest: 30% of the arrivals pile up, a queue growing at
    /// 0.3 × 60 = 18 interactions a second.
    @Test(arguments: [1.0, 2, 3])
    func anOverloadedStagesQueueGrowsThroughTheWindow(seconds: Double) {
        let metrics = ConstructedRuns.overloadedMain(.init(seconds: seconds, ratePerS: 60), serviceMs: 1000 / 42)
        let queued = metrics.queuedByQuarter
        #expect(queued.count == 4)
        let growth = (queued.last ?? 0) - (queued.first ?? 0)
        let expected = 18 * seconds * 0.75  // from the first quarter's middle to the last's
        #expect(abs(growth - expected) < 1.5)
        #expect(metrics.backlogByQuarter.last ?? 0 >= queued.last ?? 0, "the queue is part of the backlog")
    }

    /// A stage's figure is each quarter's median over its runs; results written before the backlog was measured
    /// still read, with none.
    @Test func aStagesBacklogIsEachQuartersMedianAndOlderResultsHaveNone() throws {
        let runs = [[0, 1, 2, 9], [1, 1, 5, 3], [2, 4, 4, 4.0]].map { quarters in
            var metrics = StageMetrics()
            metrics.queuedByQuarter = quarters
            return metrics
        }
        #expect(StageMetrics(medianOf: runs).queuedByQuarter == [1, 1, 4, 4])
        #expect(StageMetrics(medianOf: runs + [StageMetrics()]).queuedByQuarter.isEmpty, "a run without it: none")
        let older = try JSONDecoder().decode(StageMetrics.self, from: Data(#"{"hitches": 2}"#.utf8))
        #expect(older.hitches == 2)
        #expect(older.backlogByQuarter.isEmpty && older.queuedByQuarter.isEmpty)
    }
}

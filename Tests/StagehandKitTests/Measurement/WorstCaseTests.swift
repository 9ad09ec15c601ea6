import Testing

@testable import StagehandKit

/// What is still waiting when a run ends enters the figures with its wait so far, a lower bound (docs/METRICS.md):
/// leaving it out would flatter exactly the stages that fall furthest behind. Checked on constructed timelines.
@Suite struct WorstCaseTests {
    /// A recorder for a 1 s arrival window, with room for a few deliveries and one subsystem.
    static func prepared() -> RunRecorder {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.prepare(
            stepKeys: [],
            subsystems: ["store"],
            deliveries: 8,
            arrivalsStart: .at(0),
            arrivalsEnd: .at(1000)
        )
        return recorder
    }

    static func metrics(of recorder: RunRecorder, endingAt end: Double) -> (StageMetrics, RunDistributions) {
        let measured = recorder.measurements(
            arrivalSeconds: 1,
            runSeconds: end / 1000,
            end: .at(end),
            allocationsStart: nil,
            allocationsEnd: nil
        )
        let (metrics, distributions) = (measured.metrics, measured.distributions)
        return (metrics, distributions)
    }

    /// The defect this guards against: an arrival main never took entered input latency only, so a stage whose main
    /// was too busy to take events showed no interaction latency for them.
    @Test func anArrivalNeverDeliveredEntersInteractionLatencyUntilTheRunEnds() {
        let recorder = Self.prepared()
        recorder.undelivered([.at(200)], at: .at(1000))
        let (metrics, distributions) = Self.metrics(of: recorder, endingAt: 1000)
        #expect(metrics.interactionLatencyMs.count == 1)
        #expect(metrics.interactionLatencyMs.max >= 800)
        #expect(distributions.interactionLatency.count == 1, "the distribution a stage's percentiles merge")
        #expect(metrics.interactionsUnfinished == 1)
    }

    /// Input latency is its wait until arrivals stopped; interaction latency its wait until the run ended.
    @Test func anUndeliveredArrivalWaitsForItsHandlerUntilArrivalsStopAndForItsEndUntilTheRunEnds() {
        let recorder = Self.prepared()
        recorder.undelivered([.at(200)], at: .at(1000))
        let (metrics, _) = Self.metrics(of: recorder, endingAt: 2100)
        #expect(abs(metrics.inputLatencyMs.max - 800) < 1)
        #expect(abs(metrics.interactionLatencyMs.max - 1900) < 2)
    }

    /// The defect this guards against: a hop asked and never started was in no hop-wait distribution, so a stage
    /// whose actor or pool never got to the work looked uncontended to question 4 and the contention lint.
    @Test func aHopNeverStartedEntersItsHopWaitUntilTheRunEnds() {
        let recorder = Self.prepared()
        for id in 0..<4 { recorder.handlerStarted(id, interaction: 0, arrival: .at(100), at: .at(100)) }
        recorder.hopAsked(0, to: .mainActor, at: .at(900))
        recorder.hopAsked(1, to: .pool, at: .at(850))
        recorder.hopAsked(2, to: .subsystem(0), at: .at(950))
        // One that did start counts once, with its own wait.
        recorder.hopAsked(3, to: .mainActor, at: .at(500))
        recorder.mainActorHop(3, requested: .at(500), started: .at(510))
        let (metrics, distributions) = Self.metrics(of: recorder, endingAt: 1000)
        #expect(metrics.hopWaitMs.count == 2)
        #expect(metrics.hopWaitMs.max >= 100)
        #expect(distributions.hopWait.count == 2)
        #expect(metrics.poolHopWaitMs.max >= 150)
        #expect(distributions.poolHopWait.count == 1)
        #expect((metrics.subsystemHopWaitMs["store"]?.max ?? 0) >= 50)
        let (again, _) = Self.metrics(of: recorder, endingAt: 1000)
        #expect(again.hopWaitMs.count == 2, "reading the metrics again counts nothing twice")
    }

    /// A hop is pending from when it is asked until it starts, or its interaction ends; an io answer due after the
    /// run ended was never asked.
    @Test func onlyHopsAskedBeforeTheEndAndNotStartedArePending() {
        let recorder = Self.prepared()
        for id in 0..<3 { recorder.handlerStarted(id, interaction: 0, arrival: .at(0), at: .at(0)) }
        recorder.hopAsked(0, to: .pool, at: .at(100))
        recorder.poolHop(0, requested: .at(100), started: .at(101))
        recorder.hopAsked(1, to: .mainActor, at: .at(200))
        recorder.interactionFailed(1, arrival: .at(0), at: .at(300))  // its io threw; the catch ran on main
        recorder.hopAsked(2, to: .mainActor, at: .at(1500))  // the answer of an io step due after the end
        let (metrics, _) = Self.metrics(of: recorder, endingAt: 1000)
        #expect(metrics.poolHopWaitMs.count == 1)
        #expect(metrics.poolHopWaitMs.max < 2)
        #expect(metrics.hopWaitMs.count == 0)
    }

    /// A bare run (the probes' own cost measured) tracks no hops.
    @Test func aRecorderWithoutProbesTracksNoHops() {
        let recorder = RunRecorder(refreshHz: 60, probes: false)
        recorder.prepare(stepKeys: [], subsystems: [], deliveries: 2, arrivalsStart: .at(0), arrivalsEnd: .at(1000))
        recorder.handlerStarted(0, interaction: 0, arrival: .at(0), at: .at(0))
        recorder.hopAsked(0, to: .mainActor, at: .at(900))
        let (metrics, _) = Self.metrics(of: recorder, endingAt: 1000)
        #expect(metrics.hopWaitMs.count == 0)
    }

    /// The defect this guards against: a frame whose vsync fired but whose job never started counted as a hitch and
    /// a hang, but not in main-loop latency, the distribution the frame chart reads.
    @Test func aFrameStillPendingAtTheEndEntersMainLoopLatency() {
        let recorder = Self.prepared()
        recorder.frame(vsync: .at(0), started: .at(1), ended: .at(3), coalesced: 0)
        recorder.pendingFrame(vsync: .at(950), at: .at(1000))
        let (metrics, distributions) = Self.metrics(of: recorder, endingAt: 1000)
        #expect(metrics.mainLoopLatencyMs.count == 2)
        #expect(metrics.mainLoopLatencyMs.max >= 50)
        #expect(distributions.mainLoopLatency.count == 2)
        #expect(metrics.frames == 1, "a frame job that never ran is not a frame")
    }
}

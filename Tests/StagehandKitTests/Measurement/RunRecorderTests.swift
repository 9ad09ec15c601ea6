import Foundation
import Synchronization
import Testing

@testable import StagehandKit

/// The metric definitions of DESIGN.md, checked on constructed frames and interactions (no clocks involved).
@Suite struct RunRecorderTests {
    @Test func aFrameEndingInsideItsBudgetIsNoHitch() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.frame(vsync: .at(1000), started: .at(1000.2), ended: .at(1003), coalesced: 0)
        let metrics = recorder.measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.frames == 1)
        #expect(metrics.hitches == 0)
        #expect(metrics.hitchTimeRatioMsPerS == 0)
        #expect(abs(metrics.mainLoopLatencyMs.p50 - 0.2) < 0.01)
    }

    @Test func hitchTimeIsTheOverrunRoundedUpToWholeRefreshIntervals() {
        let recorder = RunRecorder(refreshHz: 60)  // P = 16.667 ms
        // Ends 1 ms past its deadline: one whole interval of hitch time.
        recorder.frame(vsync: .at(1000), started: .at(1015), ended: .at(1017.667), coalesced: 0)
        // Blocked 50 ms: ends 36 ms past its deadline, three intervals; two vsyncs coalesced meanwhile.
        recorder.frame(vsync: .at(1016.667), started: .at(1066.667), ended: .at(1069.667), coalesced: 2)
        let metrics = recorder.measurements(runSeconds: 2, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.hitches == 2)
        #expect(metrics.droppedFrames == 2)
        let expected = 4 * (1000.0 / 60) / 2  // four intervals over two seconds
        #expect(abs(metrics.hitchTimeRatioMsPerS - expected) < 0.01)
        #expect(metrics.hangs == 0)
    }

    @Test func aFrameLeftWaiting250MsIsAHang() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.frame(vsync: .at(1000), started: .at(1249), ended: .at(1250), coalesced: 14)
        recorder.frame(vsync: .at(2000), started: .at(2300), ended: .at(2301), coalesced: 17)
        recorder.pendingFrame(vsync: .at(3000), at: .at(3600))
        let metrics = recorder.measurements(runSeconds: 3, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.hangs == 2)
        // The pending frame is also a hitch: 583 ms past its deadline, 35 whole intervals.
        #expect(metrics.hitches == 3)
        #expect(abs(metrics.longestHangMs - 600) < 0.001)
    }

    /// The defect this guards against: a 256 ms block that starts just before a vsync left that frame waiting only
    /// ~245 ms, so a hang measured from the vsync was missed.
    @Test func aHangIsMeasuredFromWhenMainStoppedAnsweringNotFromTheNextVsync() {
        let recorder = RunRecorder(refreshHz: 60)
        // A handler blocks main from 1000 to 1256; the vsync at 1010 waits until 1256.3 (246 ms).
        recorder.mainActorJob(RunRecorder.Span(start: .at(1000), end: .at(1256)), stepNanoseconds: 0, of: 0)
        recorder.frame(vsync: .at(1010), started: .at(1256.3), ended: .at(1258), coalesced: 14)
        let metrics = recorder.measurements(runSeconds: 2, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.hangs == 1)
        #expect(abs(metrics.longestHangMs - 256) < 0.001, "the job's length, from when main stopped answering")
    }

    @Test func anEventLeftWaiting250MsIsAHang() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.handlerStarted(0, interaction: 0, arrival: .at(0), at: .at(260))
        recorder.handlerStarted(1, interaction: 0, arrival: .at(1000), at: .at(1240))
        recorder.undelivered([.at(2000)], at: .at(2300))
        let metrics = recorder.measurements(runSeconds: 3, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.hangs == 2)
    }

    @Test func overlappingStretchesAreOneHangAndSeparateOnesAreNot() {
        let ms = { (start: Double, end: Double) in RunRecorder.Span(start: .at(start), end: .at(end)) }
        // A job, the frame waiting behind it and an event queued behind both: one hang, from 0 to 320.
        // Then main answers, and another job blocks it: a second hang.
        let hangs = RunRecorder.Span.hangs([ms(10, 300), ms(0, 290), ms(100, 320), ms(400, 700)])
        #expect(hangs == [ms(0, 320), ms(400, 700)])
        #expect(RunRecorder.Span.hangs([ms(0, 300), ms(300, 600)]).count == 2, "touching is not overlapping")
    }

    @Test func theHitchTimeRatioIsOverTheArrivalWindowNotTheDrain() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.prepare(stepKeys: [], subsystems: [], deliveries: 0, arrivalsStart: .at(0), arrivalsEnd: .at(1000))
        // Each frame ends 1 ms past its deadline: one interval of hitch time. The second's vsync is in the drain.
        recorder.frame(vsync: .at(500), started: .at(500), ended: .at(517.667), coalesced: 0)
        recorder.frame(vsync: .at(1500), started: .at(1500), ended: .at(1517.667), coalesced: 0)
        let metrics = recorder.metrics(arrivalSeconds: 1, runSeconds: 2)
        #expect(metrics.hitches == 2, "a drain frame still counts as a hitch")
        #expect(abs(metrics.hitchTimeRatioMsPerS - 1000.0 / 60) < 0.01, "one interval over one second of arrivals")
        #expect(metrics.arrivalSeconds == 1)
    }

    @Test func unfinishedInteractionsEnterInteractionLatencyAsALowerBound() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.handlerStarted(0, interaction: 0, arrival: .at(100), at: .at(100))
        recorder.handlerStarted(1, interaction: 0, arrival: .at(200), at: .at(200))
        recorder.interactionFinished(0, arrival: .at(100), at: .at(150), mainActorEntries: 1)
        let metrics = recorder.measurements(
            runSeconds: 5,
            end: .at(5200),
            allocationsStart: nil,
            allocationsEnd: nil
        ).metrics
        #expect(metrics.interactionsUnfinished == 1)
        #expect(metrics.interactionLatencyMs.count == 2)
        #expect(abs(metrics.interactionLatencyMs.max - 5000) < 5, "the unfinished one waited 5 s so far")
        let again = recorder.measurements(
            runSeconds: 5,
            end: .at(5200),
            allocationsStart: nil,
            allocationsEnd: nil
        ).metrics
        #expect(again.interactionLatencyMs.count == 2, "reading the metrics again counts nothing twice")
    }

    @Test func interactionsAreCountedNeverDropped() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.handlerStarted(0, interaction: 0, arrival: .at(100), at: .at(140))
        recorder.handlerStarted(1, interaction: 0, arrival: .at(200), at: .at(245))
        recorder.handlerStarted(2, interaction: 0, arrival: .at(300), at: .at(360))
        recorder.undelivered([.at(1900), .at(1950)], at: .at(2000))
        recorder.interactionFinished(0, arrival: .at(100), at: .at(400), mainActorEntries: 3)
        recorder.interactionFinished(1, arrival: .at(200), at: .at(300), mainActorEntries: 1)
        #expect(recorder.inFlight == 1, "undelivered arrivals never finish, so they are not waited for")
        let metrics = recorder.measurements(runSeconds: 2, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.interactionsArrived == 5)
        #expect(metrics.interactionsCompleted == 2)
        #expect(metrics.interactionsUnfinished == 3)
        #expect(metrics.throughputPerS == 1)
        let overArrivals = recorder.metrics(arrivalSeconds: 1, runSeconds: 2)
        #expect(overArrivals.throughputPerS == 2, "throughput is over the arrival window, not the drain")
        #expect(metrics.mainActorHopsPerInteraction == 2)
        #expect(abs(metrics.inputLatencyMs.p50 - 50) < 0.1)  // 40, 45, 60 handled; 50 and 100 never delivered
        #expect(abs(metrics.inputLatencyMs.max - 100) < 0.1)
        #expect(abs(metrics.interactionLatencyMs.max - 300) < 0.5)
    }

    @Test func mainThreadUtilisationIsSplitByWhatKeptItBusy() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.frame(vsync: .at(0), started: .at(0), ended: .at(100), coalesced: 0)
        let key = StepTiming.Key(interaction: 0, step: 0)
        recorder.stepRan(key, kind: .compute, from: .at(0), to: .at(300), onMain: true)
        recorder.stepRan(key, kind: .compute, from: .at(0), to: .at(500), onMain: false)
        let measured = recorder.measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil)
        let (metrics, timings) = (measured.metrics, measured.stepTimings)
        #expect(abs(metrics.mainThreadUtilization - 0.4) < 1e-9)
        #expect(metrics.mainThreadBusyMsPerS["compute"] == 300)
        #expect(metrics.mainThreadBusyMsPerS["frame"] == 100)
        #expect(timings == [StepTiming(key: key, runs: 2, totalMs: 800, runsOnMain: 1)])
    }

    /// A step holds its pool thread for as long as it runs, preempted or not: utilisation is that wall time over the
    /// pool's capacity. An awaited io step holds no thread and does not count.
    @Test func poolUtilisationIsTheShareOfThePoolsThreadTimeSpentInSteps() {
        let recorder = RunRecorder(refreshHz: 60)
        let key = StepTiming.Key(interaction: 0, step: 0)
        recorder.stepRan(key, kind: .compute, from: .at(0), to: .at(600), onMain: false)
        recorder.stepRan(key, kind: .state, from: .at(0), to: .at(200), onMain: false)
        recorder.stepRan(key, kind: .io, from: .at(0), to: .at(900), onMain: false)
        recorder.stepRan(key, kind: .compute, from: .at(0), to: .at(300), onMain: true)
        let metrics = recorder.measurements(runSeconds: 2, allocationsStart: nil, allocationsEnd: nil).metrics
        let expected = 0.8 / 2 / Double(RunRecorder.poolWidth)
        #expect(abs(metrics.poolUtilization - expected) < 1e-9)
    }

    /// Interactions handed over on main and finished on other threads: each thread keeps its own record, and the
    /// metrics merge them, so an interaction finished anywhere is finished, and one finished nowhere is not.
    @Test func interactionsFinishedOnOtherThreadsAreMergedWithTheirArrivals() async {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.prepare(
            stepKeys: [],
            subsystems: [],
            deliveries: 100,
            arrivalsStart: .at(0),
            arrivalsEnd: .at(1000)
        )
        for id in 0..<100 { recorder.handlerStarted(id, interaction: 0, arrival: .at(Double(id)), at: .at(Double(id))) }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for id in stride(from: worker, to: 99, by: 4) {  // all but the last
                        recorder.interactionFinished(
                            id,
                            arrival: .at(Double(id)),
                            at: .at(Double(id) + 10),
                            mainActorEntries: 2
                        )
                    }
                }
            }
        }
        #expect(recorder.inFlight == 1)
        let metrics = recorder.measurements(
            runSeconds: 2,
            end: .at(2099),
            allocationsStart: nil,
            allocationsEnd: nil
        ).metrics
        #expect(metrics.interactionsCompleted == 99)
        #expect(metrics.interactionsUnfinished == 1)
        #expect(metrics.mainActorHopsPerInteraction == 2)
        #expect(abs(metrics.interactionLatencyMs.max - 2000) < 2, "the last one, unfinished, waited from 99 to 2099")
        #expect(abs(metrics.interactionLatencyMs.p50 - 10) < 0.1)
    }

    @Test func allocationsPerInteractionComeFromTheTwoSamplesLessTheHarness() {
        let recorder = RunRecorder(refreshHz: 60)
        for id in 0..<4 { recorder.handlerStarted(id, interaction: 0, arrival: .at(0), at: .at(0)) }
        recorder.undelivered([.at(0)], at: .at(1))  // never ran stage code: not a divisor
        let start = AllocationCounter.Sample(allocations: 1000, requestedBytes: 10_000, residentBytes: 0)
        let end = AllocationCounter.Sample(allocations: 1112, requestedBytes: 14_192, residentBytes: 4096)
        let metrics = recorder.measurements(
            runSeconds: 1,
            allocationsStart: start,
            allocationsEnd: end,
            deliveryOverhead: DeliveryOverhead.Count(allocations: 12, bytes: 96)
        ).metrics
        #expect(metrics.allocationsPerInteraction == 25)
        #expect(metrics.allocatedBytesPerInteraction == 1024)
        #expect(metrics.residentBytes == 4096)
    }

    /// The counter counts every allocation on the thread that makes it, one for one, on this thread and on another
    /// (whose counts stay in the process's total after it exits), and names glibc's library as the one serving them.
    @Test func theCounterCountsEachAllocationOnItsThread() throws {
        let counter = try #require(AllocationCounter(), "this test process links the counting hooks")
        let before = AllocationCounter.thisThread
        let made = TestKernel.alloc.run(size: 1000)
        let after = AllocationCounter.thisThread
        withExtendedLifetime(made) {}
        #expect(after.allocations - before.allocations == 1000)
        #expect(after.bytes - before.bytes == 1000 * 64, "64 bytes each")

        let other = Mutex<UInt64>(0)
        let processBefore = counter.sample()
        let thread = Thread {
            let before = AllocationCounter.thisThread.allocations
            _ = TestKernel.alloc.run(size: 500)
            other.withLock { $0 = AllocationCounter.thisThread.allocations - before }
        }
        thread.start()
        while !thread.isFinished { usleep(1000) }
        usleep(10000)  // the thread's exit, which folds its counts into the total
        #expect(other.withLock { $0 } == 500)
        // Other tests allocate meanwhile, so the process's total can only be at least this.
        #expect(counter.sample().allocations - processBefore.allocations >= 500)
        #expect(AllocationCounter.servingLibrary.map(Platform.isSystemAllocator) == true)
    }
}

extension RunRecorderTests {
    /// A recorder prepared for two interactions of one step each, arriving for 3 s.
    static func twoInteractions() -> RunRecorder {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.prepare(
            stepKeys: [StepTiming.Key(interaction: 0, step: 0), StepTiming.Key(interaction: 1, step: 0)],
            subsystems: [],
            deliveries: 8,
            arrivalsStart: .at(0),
            arrivalsEnd: .at(3000)
        )
        return recorder
    }

    /// What each interaction did to main, on a constructed timeline: interaction 1's 256 ms job is its longest hold
    /// and one hang; interaction 0's two short jobs are neither; the arrivals are the ones the main loop counted.
    @Test func eachInteractionsLongestHoldAndHangsAreItsOwn() {
        let recorder = Self.twoInteractions()
        recorder.mainActorJob(RunRecorder.Span(start: .at(100), end: .at(104)), stepNanoseconds: 0, of: 0, delivery: 0)
        recorder.mainActorJob(RunRecorder.Span(start: .at(500), end: .at(502)), stepNanoseconds: 0, of: 0, delivery: 1)
        recorder.mainActorJob(
            RunRecorder.Span(start: .at(1000), end: .at(1256)),
            stepNanoseconds: 0,
            of: 1,
            delivery: 2
        )
        // Two arrivals of interaction 0 and one of 1, delivered: the arrivals the main loop counted.
        recorder.handlerStarted(0, interaction: 0, arrival: .at(90), at: .at(100))
        recorder.handlerStarted(1, interaction: 0, arrival: .at(490), at: .at(500))
        recorder.handlerStarted(2, interaction: 1, arrival: .at(990), at: .at(1000))
        // Finished out of order: each interaction's holds are in delivery order.
        for id in [2, 1, 0] { recorder.interactionFinished(id, arrival: .at(0), at: .at(1300), mainActorEntries: 1) }
        let samples = recorder.interactionSamples(undelivered: [0, 0])
        #expect(
            samples == [
                InteractionSample(arrivals: 2, longestBlockMs: 4, hangs: 0, holdsMs: [4, 2]),
                InteractionSample(arrivals: 1, longestBlockMs: 256, hangs: 1, holdsMs: [256]),
            ]
        )
    }

    /// The synchronous part of an `io` body of the user's code that ran on main (as called from the main actor) is
    /// one of its arrival's jobs on main: 40 ms of body is that arrival's hold, longer than its 5 ms handler.
    @Test func anIOBodyOnMainIsPartOfItsArrivalsHold() {
        let recorder = Self.twoInteractions()
        recorder.handlerStarted(0, interaction: 0, arrival: .at(90), at: .at(100))
        recorder.mainActorJob(RunRecorder.Span(start: .at(100), end: .at(105)), stepNanoseconds: 0, of: 0, delivery: 0)
        recorder.ioBodyRanOnMain(StepTiming.Key(interaction: 0, step: 0), delivery: 0, from: .at(200), to: .at(240))
        recorder.interactionFinished(0, arrival: .at(90), at: .at(300), mainActorEntries: 2)
        let samples = recorder.interactionSamples(undelivered: [0, 0])
        #expect(samples.first?.holdsMs == [40])
        #expect(samples.first?.longestBlockMs == 40)
    }

    /// Unfinished arrivals are each interaction's own: the delivered ones not finished when the samples are read, and
    /// those never delivered.
    @Test func eachInteractionsUnfinishedArrivalsAreItsOwn() {
        let recorder = Self.twoInteractions()
        recorder.handlerStarted(0, interaction: 0, arrival: .at(100), at: .at(100))
        recorder.handlerStarted(1, interaction: 1, arrival: .at(200), at: .at(200))
        recorder.handlerStarted(2, interaction: 1, arrival: .at(300), at: .at(300))
        recorder.interactionFinished(0, arrival: .at(100), at: .at(150), mainActorEntries: 1)
        recorder.interactionFailed(1, arrival: .at(200), at: .at(250))  // failed is finished: it ended
        let samples = recorder.interactionSamples(undelivered: [0, 2])
        #expect(samples.map(\.arrivals) == [1, 4])
        #expect(samples.map(\.unfinished) == [0, 3])
        #expect(samples.map(\.finished) == [1, 1])
    }
}

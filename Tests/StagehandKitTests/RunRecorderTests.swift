import Testing

@testable import StagehandKit

/// The metric definitions of DESIGN.md, checked on constructed frames and interactions (no clocks involved).
@Suite struct RunRecorderTests {
    static let ms: UInt64 = 1_000_000

    static func at(_ milliseconds: Double) -> Instant { Instant(nanoseconds: UInt64(milliseconds * 1e6)) }

    @Test func aFrameEndingInsideItsBudgetIsNoHitch() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.frame(vsync: Self.at(1000), started: Self.at(1000.2), ended: Self.at(1003), coalesced: 0)
        let (metrics, _, _) = recorder.metrics(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil)
        #expect(metrics.frames == 1)
        #expect(metrics.hitches == 0)
        #expect(metrics.hitchTimeRatioMsPerS == 0)
        #expect(abs(metrics.mainLoopLatencyMs.p50 - 0.2) < 0.01)
    }

    @Test func hitchTimeIsTheOverrunRoundedUpToWholeRefreshIntervals() {
        let recorder = RunRecorder(refreshHz: 60)  // P = 16.667 ms
        // Ends 1 ms past its deadline: one whole interval of hitch time.
        recorder.frame(vsync: Self.at(1000), started: Self.at(1015), ended: Self.at(1017.667), coalesced: 0)
        // Blocked 50 ms: ends 36 ms past its deadline, three intervals; two vsyncs coalesced meanwhile.
        recorder.frame(vsync: Self.at(1016.667), started: Self.at(1066.667), ended: Self.at(1069.667), coalesced: 2)
        let (metrics, _, _) = recorder.metrics(runSeconds: 2, allocationsStart: nil, allocationsEnd: nil)
        #expect(metrics.hitches == 2)
        #expect(metrics.droppedFrames == 2)
        let expected = 4 * (1000.0 / 60) / 2  // four intervals over two seconds
        #expect(abs(metrics.hitchTimeRatioMsPerS - expected) < 0.01)
        #expect(metrics.hangs == 0)
    }

    @Test func aMainThreadBlockedFor250MsIsAHang() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.frame(vsync: Self.at(1000), started: Self.at(1249), ended: Self.at(1250), coalesced: 14)
        recorder.frame(vsync: Self.at(2000), started: Self.at(2300), ended: Self.at(2301), coalesced: 17)
        recorder.pendingFrame(vsync: Self.at(3000), at: Self.at(3600))
        let (metrics, _, _) = recorder.metrics(runSeconds: 3, allocationsStart: nil, allocationsEnd: nil)
        #expect(metrics.hangs == 2)
        // The pending frame is also a hitch: 583 ms past its deadline, 35 whole intervals.
        #expect(metrics.hitches == 3)
        #expect(abs(metrics.longestHangMs - 600) < 0.001)
    }

    @Test func interactionsAreCountedNeverDropped() {
        let recorder = RunRecorder(refreshHz: 60)
        for _ in 0..<3 { recorder.interactionArrived() }
        recorder.undelivered([Self.at(1900), Self.at(1950)], at: Self.at(2000))
        recorder.handlerStarted(arrival: Self.at(100), at: Self.at(140))
        recorder.interactionFinished(arrival: Self.at(100), at: Self.at(400), mainActorEntries: 3)
        recorder.interactionFinished(arrival: Self.at(200), at: Self.at(300), mainActorEntries: 1)
        #expect(recorder.inFlight == 1, "undelivered arrivals never finish, so they are not waited for")
        let (metrics, _, _) = recorder.metrics(runSeconds: 2, allocationsStart: nil, allocationsEnd: nil)
        #expect(metrics.interactionsArrived == 5)
        #expect(metrics.interactionsCompleted == 2)
        #expect(metrics.interactionsUnfinished == 3)
        #expect(metrics.throughputPerS == 1)
        let (overArrivals, _, _) = recorder.metrics(
            arrivalSeconds: 1,
            runSeconds: 2,
            allocationsStart: nil,
            allocationsEnd: nil
        )
        #expect(overArrivals.throughputPerS == 2, "throughput is over the arrival window, not the drain")
        #expect(metrics.mainActorHopsPerInteraction == 2)
        #expect(abs(metrics.inputLatencyMs.p50 - 50) < 0.1)  // 40 handled, 50 and 100 never delivered
        #expect(abs(metrics.inputLatencyMs.max - 100) < 0.1)
        #expect(abs(metrics.interactionLatencyMs.max - 300) < 0.5)
    }

    @Test func mainThreadUtilisationIsSplitByWhatKeptItBusy() {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.frame(vsync: Self.at(0), started: Self.at(0), ended: Self.at(100), coalesced: 0)
        let key = StepTiming.Key(interaction: 0, step: 0)
        recorder.stepRan(key, kind: .compute, nanoseconds: 300 * Self.ms, onMain: true)
        recorder.stepRan(key, kind: .compute, nanoseconds: 500 * Self.ms, onMain: false)
        let (metrics, timings, _) = recorder.metrics(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil)
        #expect(abs(metrics.mainThreadUtilization - 0.4) < 1e-9)
        #expect(metrics.mainThreadBusyMsPerS["compute"] == 300)
        #expect(metrics.mainThreadBusyMsPerS["frame"] == 100)
        #expect(timings == [StepTiming(key: key, runs: 2, totalMs: 800, runsOnMain: 1)])
    }

    @Test func allocationsPerInteractionComeFromTheTwoSamples() {
        let recorder = RunRecorder(refreshHz: 60)
        for _ in 0..<4 { recorder.interactionArrived() }
        let start = JemallocProbe.Sample(allocations: 1000, totalAllocatedBytes: 10_000, residentBytes: 0)
        let end = JemallocProbe.Sample(allocations: 1100, totalAllocatedBytes: 14_096, residentBytes: 4096)
        let (metrics, _, _) = recorder.metrics(runSeconds: 1, allocationsStart: start, allocationsEnd: end)
        #expect(metrics.allocationsPerInteraction == 25)
        #expect(metrics.allocatedBytesPerInteraction == 1024)
        #expect(metrics.residentBytes == 4096)
    }

    @Test func jemallocIsTheAllocatorAndCountsAllocations() throws {
        let probe = try #require(JemallocProbe())
        let before = probe.sample()
        var boxes: [[Int]] = []
        for index in 0..<1000 { boxes.append([index]) }
        let after = probe.sample()
        // Thread caches may hide some allocations in this process (stage runs switch them off), but not all.
        #expect(after.allocations > before.allocations)
        #expect(after.totalAllocatedBytes > before.totalAllocatedBytes)
        #expect(boxes.count == 1000)
        #expect(JemallocProbe.version?.hasPrefix("5.") == true)
    }
}

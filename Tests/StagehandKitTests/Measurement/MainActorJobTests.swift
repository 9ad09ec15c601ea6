import Foundation
import Synchronization
import Testing

@testable import StagehandKit

#if canImport(Glibc)
import Glibc
#endif

/// Main-thread accounting on constructed jobs: lengths, blocking time, and what of a job was not step work.
@Suite struct MainActorJobTests {

    /// Jobs of `lengths` milliseconds, one after another with a gap of 1 s between them.
    static func jobs(_ lengths: [Double], on recorder: RunRecorder) {
        var start = 0.0
        for ms in lengths {
            recorder.mainActorJob(
                RunRecorder.Span(start: .at(start), end: .at(start + ms)),
                stepNanoseconds: UInt64(ms * 1e6),
                of: 0
            )
            start += ms + 1000
        }
    }

    static func counts(_ jobs: JobDurations) -> [Int] {
        [jobs.count, jobs.overFrame, jobs.over50ms, jobs.over100ms, jobs.hangLength, jobs.over500ms]
    }

    @Test func jobsAreCountedByLengthAndBlockPastTheBudget() {
        let recorder = RunRecorder(refreshHz: 60)
        Self.jobs([5.0, 20, 60, 120, 300, 600], on: recorder)
        let metrics = recorder.measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(Self.counts(metrics.mainActorJobs) == [6, 5, 4, 3, 2, 1])
        // Σ (length − 16.667 ms) over the five longer than the budget.
        #expect(abs(metrics.mainActorBlockingMsPerS - (1100 - 5 * 1000.0 / 60)) < 0.01)
    }

    @Test func theFirstJobBandIsOneFrameAtTheRunsRefreshRate() {
        let at60 = RunRecorder(refreshHz: 60)
        let at120 = RunRecorder(refreshHz: 120)  // P = 8.33 ms
        Self.jobs([5, 10, 15], on: at60)
        Self.jobs([5, 10, 15], on: at120)
        let slow = at60.measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil).metrics
        let fast = at120.measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(slow.mainActorJobs.overFrame == 0)
        #expect(fast.mainActorJobs.overFrame == 2)
    }

    @Test func theHangBandIncludesExactly250Ms() {
        let recorder = RunRecorder(refreshHz: 60)
        Self.jobs([249.9, 250, 250.1], on: recorder)
        let metrics = recorder.measurements(runSeconds: 10, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.mainActorJobs.hangLength == 2)
        #expect(metrics.hangs == 2, "a job of a hang's length is a hang: one threshold, one ≥")
    }

    @Test func jobBandsWrittenBeforeTheRenameStillDecode() throws {
        let json = #"{"count": 4, "over16ms": 3, "over50ms": 2, "over100ms": 1, "over250ms": 1, "over500ms": 0}"#
        let jobs = try JSONDecoder().decode(JobDurations.self, from: Data(json.utf8))
        #expect(Self.counts(jobs) == [4, 3, 2, 1, 1, 0])
        let again = try JSONDecoder().decode(JobDurations.self, from: JSONEncoder().encode(jobs))
        #expect(again == jobs)
    }

    @Test func aStretchOnMainIsOneJobAndItsNonStepTimeIsOverhead() {
        let recorder = RunRecorder(refreshHz: 60)
        let segment = MainSegment(recorder: recorder, interaction: 0, delivery: 0)
        segment.open(at: .at(100))
        segment.stepOnMain(from: .at(101), to: .at(111))
        segment.stepOnMain(from: .at(111), to: .at(131))
        segment.close(at: nil)  // left main after its last step: a 31 ms job, 1 ms of it not in steps
        segment.open(at: .at(200))
        segment.close(at: .at(202))  // suspended 2 ms in, no step
        let metrics = recorder.measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.mainActorJobs.count == 2)
        #expect(metrics.mainActorJobs.overFrame == 1)
        #expect(abs((metrics.mainThreadBusyMsPerS["overhead"] ?? 0) - 3) < 1e-6)
    }

    /// One arrival's hold is its longest main-actor job, not the sum of them: 31 ms, then 2 ms, holds 31 ms. Its
    /// handler's own job counts even when it ends after the arrival finished on another thread (a task done on the
    /// pool before the handler returned): the holds are read when the run's samples are.
    @Test(arguments: [false, true])
    func anArrivalsHoldIsItsLongestJob(handlerEndsLast: Bool) {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.handlerStarted(0, interaction: 0, arrival: .at(90), at: .at(100))
        let segment = MainSegment(recorder: recorder, interaction: 0, delivery: 0)
        segment.open(at: .at(100), handler: true)
        segment.stepOnMain(from: .at(101), to: .at(131))
        if !handlerEndsLast { segment.close(at: .at(131)) }
        recorder.interactionFinished(0, arrival: .at(90), at: .at(131), mainActorEntries: 1)
        if handlerEndsLast { segment.close(at: .at(131)) }
        let other = MainSegment(recorder: recorder, interaction: 0, delivery: 1)  // another arrival's job is not its
        other.open(at: .at(200))
        other.close(at: .at(250))
        #expect(recorder.interactionSamples(undelivered: [0]).first?.holdsMs == [31])
    }

    @Test func aHandlerJobIsEndedOnlyFromMain() {
        let recorder = RunRecorder(refreshHz: 60)
        let segment = MainSegment(recorder: recorder, interaction: 0, delivery: 0)
        segment.open(at: .at(0), handler: true)
        segment.close(at: nil)  // a task already on the pool must not end the handler's job…
        segment.close(at: .at(4))  // …the handler returning does
        let metrics = recorder.measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil).metrics
        #expect(metrics.mainActorJobs.count == 1)
        #expect(abs((metrics.mainThreadBusyMsPerS["overhead"] ?? 0) - 4) < 1e-6)
    }

    @Test func resultsWrittenBeforeAFieldExistedStillDecode() throws {
        let metrics = try JSONDecoder().decode(StageMetrics.self, from: Data(#"{"hitchTimeRatioMsPerS": 3}"#.utf8))
        #expect(metrics.hitchTimeRatioMsPerS == 3)
        #expect(metrics.mainActorJobs == JobDurations())
    }

    #if os(Linux)
    static var niceBelowBackground: Bool {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) < BackgroundPriority.backgroundNice
    }

    @Test(.enabled(if: niceBelowBackground, "the test runner is already at background priority"))
    func mainFirstLowersOnlyTheThreadStartingBackgroundWork() async {
        BackgroundPriority.mainFirst.apply()
        defer { BackgroundPriority.same.apply() }
        /// A new thread's nice value, lowered first or not. On Linux a thread starts at its creator's nice, so every
        /// probe is made by one thread of its own: a pool thread that another suite lowered meanwhile would
        /// otherwise hand its nice 10 to the next probe.
        @Sendable func niceOnANewThread(lowering: Bool) -> Int32 {
            let done = DispatchSemaphore(value: 0)
            let nice = Mutex<Int32>(0)
            Thread {
                if lowering { BackgroundPriority.enteringBackgroundWork() }
                nice.withLock { $0 = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
                done.signal()
            }.start()
            done.wait()
            return nice.withLock { $0 }
        }
        let (base, lowered, after) = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(
                    returning: (
                        niceOnANewThread(lowering: false), niceOnANewThread(lowering: true),
                        niceOnANewThread(lowering: false)
                    )
                )
            }.start()
        }
        #expect(lowered == max(base, BackgroundPriority.backgroundNice))
        #expect(after == base, "other threads keep their priority")
    }
    #endif
}

import Foundation
import Testing

@testable import StagehandKit

#if canImport(Glibc)
import Glibc
#endif

/// Main-thread accounting on constructed jobs: lengths, blocking time, and what of a job was not step work.
@Suite struct MainActorJobTests {
    static func at(_ milliseconds: Double) -> Instant { Instant(nanoseconds: UInt64(milliseconds * 1e6)) }

    @Test func jobsAreCountedByLengthAndBlockPastTheBudget() {
        let recorder = RunRecorder(refreshHz: 60)
        for ms in [5.0, 20, 60, 120, 300, 600] {
            recorder.mainActorJob(nanoseconds: UInt64(ms * 1e6), stepNanoseconds: UInt64(ms * 1e6))
        }
        let (metrics, _, _) = recorder.metrics(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil)
        let jobs = metrics.mainActorJobs
        let counts: [Int] = [jobs.count, jobs.over16ms, jobs.over50ms, jobs.over100ms, jobs.over250ms, jobs.over500ms]
        #expect(counts == [6, 5, 4, 3, 2, 1])
        // Σ (length − 16.667 ms) over the five longer than the budget.
        #expect(abs(metrics.mainActorBlockingMsPerS - (1100 - 5 * 1000.0 / 60)) < 0.01)
    }

    @Test func aStretchOnMainIsOneJobAndItsNonStepTimeIsOverhead() {
        let recorder = RunRecorder(refreshHz: 60)
        let segment = MainSegment(recorder: recorder)
        segment.open(at: Self.at(100))
        segment.stepOnMain(from: Self.at(101), to: Self.at(111))
        segment.stepOnMain(from: Self.at(111), to: Self.at(131))
        segment.close(at: nil)  // left main after its last step: a 31 ms job, 1 ms of it not in steps
        segment.open(at: Self.at(200))
        segment.close(at: Self.at(202))  // suspended 2 ms in, no step
        let (metrics, _, _) = recorder.metrics(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil)
        #expect(metrics.mainActorJobs.count == 2)
        #expect(metrics.mainActorJobs.over16ms == 1)
        #expect(abs((metrics.mainThreadBusyMsPerS["overhead"] ?? 0) - 3) < 1e-6)
    }

    @Test func aHandlerJobIsEndedOnlyFromMain() {
        let recorder = RunRecorder(refreshHz: 60)
        let segment = MainSegment(recorder: recorder)
        segment.open(at: Self.at(0), handler: true)
        segment.close(at: nil)  // a task already on the pool must not end the handler's job…
        segment.close(at: Self.at(4))  // …the handler returning does
        let (metrics, _, _) = recorder.metrics(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil)
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
        func niceOnANewThread(lowering: Bool) async -> Int32 {
            await withCheckedContinuation { continuation in
                Thread {
                    if lowering { BackgroundPriority.enteringBackgroundWork() }
                    continuation.resume(returning: getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
                }.start()
            }
        }
        let base = await niceOnANewThread(lowering: false)
        let lowered = await niceOnANewThread(lowering: true)
        let after = await niceOnANewThread(lowering: false)
        #expect(lowered == max(base, BackgroundPriority.backgroundNice))
        #expect(after == base, "other threads keep their priority")
    }
    #endif
}

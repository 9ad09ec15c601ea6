import Dispatch

/// Calls an `io` body of the user's code as `nonisolated(nonsending)` code is called from the main actor, its
/// synchronous parts on the main thread, and times each part there: each is a job of this actor's executor, which
/// runs it on the main queue and records it (``RunRecorder/ioBodyRanOnMain(_:delivery:from:to:)``).
///
/// In the app such a body runs on the main actor's own executor, inline; here it runs on an executor of its own that
/// runs its jobs on the main queue, in the main queue's order, so that main's time inside the body can be measured
/// and named. The differences: one hop in and one out (a main-queue job each), and code in the body that checks for
/// the main actor's executor (`MainActor.assumeIsolated`) may not find it. What this type allocates (itself, each
/// job's dispatch) is counted as the harness's and left out of the workload's counts.
actor MainThreadIOCaller {
    private let executor: Executor

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// For step `key` of the arrival whose delivery number is `delivery`.
    init(recorder: RunRecorder, key: StepTiming.Key, delivery: Int) {
        executor = Executor(recorder: recorder, key: key, delivery: delivery)
    }

    /// Calls `code` with `input` here, on the main thread, and returns its outcome and when it completed.
    func call(
        _ code: IOBody,
        with input: any Sendable
    ) async -> (Result<any Sendable, any Error>, Instant) {
        StepRun.establishExecutor()  // or the body runs on the caller's executor, not this one (see there)
        let outcome: Result<any Sendable, any Error>
        do {
            outcome = .success(try await code(input))
        } catch {
            outcome = .failure(error)
        }
        return (outcome, .now)
    }

    /// Runs each job on the main queue, timed.
    final class Executor: SerialExecutor {
        private let recorder: RunRecorder
        private let key: StepTiming.Key
        private let delivery: Int

        init(recorder: RunRecorder, key: StepTiming.Key, delivery: Int) {
            self.recorder = recorder
            self.key = key
            self.delivery = delivery
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedSerialExecutor()
            let recorder = self.recorder
            let key = self.key
            let delivery = self.delivery
            AllocationExclusion.keptOut {
                DispatchQueue.main.async {
                    let start = Instant.now
                    job.runSynchronously(on: executor)
                    recorder.ioBodyRanOnMain(key, delivery: delivery, from: start, to: .now)
                }
            }
        }
    }
}

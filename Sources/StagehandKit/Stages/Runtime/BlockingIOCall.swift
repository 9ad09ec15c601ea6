import Dispatch
import Synchronization

/// Calls an `io` body of the user's code while the calling thread blocks until it completes, as a synchronous call
/// blocks its caller: `main-only`'s `io` steps. Where the body's synchronous parts run is the semantics' choice:
///
/// - `nonsending`: on the blocked thread itself. The body's task prefers this executor (SE-0417), so each of its jobs
///   (its start, and every resumption after a wait: a sleep, a socket, a file) is enqueued here, and the calling
///   thread runs it; between jobs it blocks, as a synchronous wait does. A body that does not wait runs start to end
///   with no hand-off between threads. (A pool task and a semaphore took two hand-offs per step, which doubled a
///   0.7 ms read.) The preference reaches further than `nonsending` does: the body's `@concurrent` functions and its
///   child tasks (`async let`, a task group's) run here too, one after another, where the app would run them on the
///   pool. Main is blocked for the whole body either way; what a body doing work in parallel loses is the parallelism.
/// - `concurrent`: on the cooperative pool, in a detached task, while the calling thread waits for its end.
///
/// A job that needs another executor (a `@MainActor` call) goes there instead: on main, which is blocked here, it never
/// runs, and the run hangs, as a synchronous call that needs main would; ``BlockedMainWatch`` reports it.
final class BlockingIOCall: TaskExecutor {
    /// The jobs enqueued and not yet run. The draining thread swaps in an empty array of its own and runs what it
    /// took, so that neither side allocates once both have their capacity.
    private let jobs = Mutex<[UnownedJob]>([])
    /// Signalled once per job enqueued, and once when the body has completed.
    private let ready = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<any Sendable, any Error>?>(nil)

    private init() {
        jobs.withLock { $0.reserveCapacity(Self.capacity) }
    }

    /// Jobs one body has waiting at once, as far as no allocation is needed: its task's, and its child tasks'.
    private static let capacity = 8

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { jobs in
            // Past the capacity, the queue's growth is the harness's (on whichever thread enqueues).
            if jobs.count < jobs.capacity {
                jobs.append(job)
            } else {
                AllocationExclusion.keptOut { jobs.append(job) }
            }
            // Inside the lock: once main can take this job, it may run the body to its end and free this executor,
            // so nothing here may touch it after the lock is left.
            ready.signal()
        }
    }

    /// Calls `code` with `input` as `semantics` says, and returns when it has completed. With `watched` (main waiting
    /// for the `io` step `label` of `interaction`), a wait past ``BlockedMainWatch/reportAfterSeconds`` is reported on
    /// standard error, and its end too. Its own allocations (this object, the task) are kept out of the counts.
    static func run(
        _ code: @escaping IOBody,
        input: any Sendable,
        semantics: IOSemantics,
        watched: (label: String, interaction: String)?
    ) -> Result<any Sendable, any Error> {
        let made = AllocationExclusion.mark()
        let call = BlockingIOCall()
        var batch: [UnownedJob] = []
        batch.reserveCapacity(capacity)
        let body: @Sendable () async -> Void = {
            let result: Result<any Sendable, any Error>
            do {
                result = .success(try await code(input))
            } catch {
                result = .failure(error)
            }
            call.finish(result)
        }
        switch semantics {
        case .nonsending: Task(executorPreference: call, operation: body)
        case .concurrent: Task.detached(operation: body)
        }
        AllocationExclusion.keepOut(since: made)
        // From the start, however often the body wakes main before then.
        let reportAt = DispatchTime.now() + BlockedMainWatch.reportAfterSeconds
        var reported = false
        while true {
            call.runEnqueuedJobs(using: &batch)
            if let result = call.outcome.withLock({ $0 }) {
                if reported, let watched {
                    AllocationExclusion.keptOut {
                        BlockedMainWatch.ended(for: "io: \(watched.label)", of: watched.interaction)
                    }
                }
                return result
            }
            if let watched, !reported {
                guard call.ready.wait(timeout: reportAt) == .timedOut else {
                    continue
                }
                reported = true
                AllocationExclusion.keptOut {
                    BlockedMainWatch.waiting(for: "io: \(watched.label)", of: watched.interaction)
                }
            }
            call.ready.wait()
        }
    }

    /// Sets the body's outcome, and wakes the waiting thread. Inside the lock, as ``enqueue(_:)`` signals.
    private func finish(_ result: Result<any Sendable, any Error>) {
        AllocationExclusion.keptOut {
            outcome.withLock {
                $0 = result
                ready.signal()
            }
        }
    }

    /// Runs every job enqueued so far, in order, on this thread, taking one signal of ``ready`` for each (a signal
    /// not yet sent when its job was taken only wakes the caller once more, to find nothing).
    private func runEnqueuedJobs(using batch: inout [UnownedJob]) {
        while true {
            jobs.withLock { swap(&$0, &batch) }
            if batch.isEmpty { return }
            // By index: a debug build's iterator over `batch` allocated once per drain (measured), counted as the
            // workload's.
            for index in batch.indices {
                batch[index].runSynchronously(on: asUnownedTaskExecutor())
                _ = ready.wait(timeout: .now())
            }
            batch.removeAll(keepingCapacity: true)
        }
    }
}

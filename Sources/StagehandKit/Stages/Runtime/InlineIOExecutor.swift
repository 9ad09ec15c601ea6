import Dispatch
import Synchronization

/// Runs an `io` body of the user's code to completion on the thread that calls ``run(_:input:watched:)``, as a
/// synchronous call runs on its caller: `main-only` under `--io nonsending`, where the body's synchronous parts are the
/// main thread's and its waits block it.
///
/// The body's task prefers this executor (SE-0417), so each of its jobs (its start, and every resumption after a wait:
/// a sleep, a socket, a file) is enqueued here, and the calling thread runs it; between jobs the thread blocks, as a
/// synchronous wait blocks it. A body that does not wait runs start to end with no hand-off between threads. (Before,
/// main blocked on a semaphore while a pool task ran the body: two hand-offs per step, which doubled a 0.7 ms read.)
///
/// A job that needs another executor (a `@MainActor` call) goes there instead: on main, which is blocked here, it never
/// runs, and the run hangs, as a synchronous call that needs main would; ``BlockedMainWatch`` reports it.
///
/// The preference reaches further than `nonsending` does (SE-0417): the body's `@concurrent` functions and its child
/// tasks (`async let`, a task group's) run here too, one after another, where the app would run them on the pool. Main
/// is blocked for the whole body either way; what a body doing work in parallel loses is the parallelism, so its step
/// can take longer here than in the app. `--io concurrent` keeps the pool.
final class InlineIOExecutor: TaskExecutor {
    /// The jobs enqueued and not yet run. The draining thread swaps in an empty array of its own and runs what it
    /// took, so that neither side allocates once both have their capacity.
    private let jobs = Mutex<[UnownedJob]>([])
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
                HarnessAllocation.keptOut { jobs.append(job) }
            }
            // Inside the lock: once main can take this job, it may run the body to its end and free this executor,
            // so nothing here may touch it after the lock is left.
            ready.signal()
        }
    }

    /// Calls `code` with `input` on this thread, and returns when it has completed. With `watched` (main waiting for
    /// the `io` step `label` of `interaction`), a wait past ``BlockedMainWatch/reportAfterSeconds`` is reported on
    /// standard error, and its end too. Its own allocations (this executor, the task) are kept out of the counts.
    static func run(
        _ code: @escaping IOBody,
        input: any Sendable,
        watched: (label: String, interaction: String)?
    ) -> Result<any Sendable, any Error> {
        let made = HarnessAllocation.mark()
        let executor = InlineIOExecutor()
        var batch: [UnownedJob] = []
        batch.reserveCapacity(capacity)
        Task(executorPreference: executor) {
            let result: Result<any Sendable, any Error>
            do {
                result = .success(try await code(input))
            } catch {
                result = .failure(error)
            }
            executor.outcome.withLock { $0 = result }
        }
        HarnessAllocation.keepOut(since: made)
        // From the start, however often the body wakes main before then.
        let reportAt = DispatchTime.now() + BlockedMainWatch.reportAfterSeconds
        var reported = false
        while true {
            executor.runEnqueuedJobs(using: &batch)
            if let result = executor.outcome.withLock({ $0 }) {
                if reported, let watched {
                    HarnessAllocation.keptOut {
                        BlockedMainWatch.ended(for: "io: \(watched.label)", of: watched.interaction)
                    }
                }
                return result
            }
            if let watched, !reported {
                guard executor.ready.wait(timeout: reportAt) == .timedOut else {
                    continue
                }
                reported = true
                HarnessAllocation.keptOut {
                    BlockedMainWatch.waiting(for: "io: \(watched.label)", of: watched.interaction)
                }
            }
            executor.ready.wait()
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

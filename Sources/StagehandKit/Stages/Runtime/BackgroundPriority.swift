import Synchronization

/// Whether threads that run offloaded work yield to the main thread, as they do on Apple platforms.
///
/// An app's main thread runs at QoS user-interactive, above the cooperative pool's work, which runs at the QoS its task
/// inherited. Linux schedules them alike, so on a machine with few cores offloaded work competes with main for the
/// CPU. With `main-first`:
/// - Linux: each thread lowers its own priority (nice 10) as it starts offloaded work: the pool threads, the actors'
///   threads. Lowering is always allowed; nothing here needs privileges.
/// - macOS: the stage child's main thread raises itself to user-interactive, as an app's runs
///   (``Platform/raiseThisThreadToInteractive()``). A process started by `Process` is not an app: its main thread has
///   no QoS of its own, and offloaded work would run level with it.
///
/// Either way each run records the priorities it observed (``ThreadPriorities``): the main thread's, and the first
/// offloaded work's, and the environment block says them beside the policy, rather than what the policy assumes.
package enum BackgroundPriority: String, Sendable, Codable, CaseIterable {
    /// Offloaded work runs at the main thread's priority (Linux's default).
    case same
    /// Offloaded work runs below the main thread (nice 10), as on Apple platforms.
    case mainFirst = "main-first"

    /// What a profile uses unless told otherwise.
    package static let defaultPolicy = BackgroundPriority.mainFirst

    /// The policy in words, for the report's environment block, with the priorities the runs observed, when they
    /// recorded them.
    package func environmentDescription(observed: ThreadPriorities?) -> String {
        let policy = environmentDescription(lowering: Platform.lowersThreadPriority)
        return observed.map { "\(policy); observed: \($0.description)" } ?? policy
    }

    /// The policy in words where threads lower their own priority (`lowering`, Linux) or the main thread raises its
    /// own (macOS).
    func environmentDescription(lowering: Bool) -> String {
        switch (self, lowering) {
        case (.same, true):
            "same: offloaded work runs at the main thread's priority, as Linux schedules it by default "
                + "(Apple platforms run main above background work)"
        case (.mainFirst, true):
            "main-first: threads running offloaded work lower their own priority (nice \(Self.backgroundNice)), "
                + "as Apple platforms run main above background work"
        case (.same, false):
            "same: the main thread keeps a command-line process's QoS, level with offloaded work "
                + "(an app's main thread runs above it)"
        case (.mainFirst, false):
            "main-first: the main thread raises itself to QoS user-interactive, as an app's runs, above offloaded "
                + "work at the QoS its task inherits"
        }
    }

    /// The nice value offloaded threads take under `main-first`.
    static let backgroundNice: Int32 = 10

    private static let lowering = Atomic<Bool>(false)

    /// Applies this policy to the stage runs in this process; called once, on the main thread, before a run.
    func apply() {
        Self.lowering.store(self == .mainFirst, ordering: .relaxed)
        if self == .mainFirst { Platform.raiseThisThreadToInteractive() }
    }

    /// Called by stage code as it starts work off the main thread: under `main-first`, lowers this thread, once,
    /// where threads lower themselves; the first call in the process records the priority it then runs at.
    static func enteringBackgroundWork() {
        // A system call costs about 0.4 µs here, on every hop onto the pool: remember the threads already lowered.
        if Platform.lowersThreadPriority, lowering.load(ordering: .relaxed), lowered.value == 0 {
            Platform.lowerThisThreadPriority(toNice: backgroundNice)
            lowered.value = 1
        }
        if observed.load(ordering: .relaxed) == unobserved {
            observed.store(Int64(Platform.threadPriority), ordering: .relaxed)
        }
    }

    /// The priority the first offloaded work in this process ran at (``Platform/threadPriority``), or `nil` when no
    /// work has left the main thread.
    static var observedOffloaded: Int32? {
        let priority = observed.load(ordering: .relaxed)
        return priority == unobserved ? nil : Int32(truncatingIfNeeded: priority)
    }

    /// What this process's runs observed: the calling thread's priority as main's, the first offloaded work's beside it.
    /// Call it on the main thread.
    static func observedHere() -> ThreadPriorities {
        ThreadPriorities(
            main: Platform.describePriority(Platform.threadPriority),
            offloaded: observedOffloaded.map(Platform.describePriority)
        )
    }

    /// 1 on a thread once it has lowered its own priority; nothing ever raises it again.
    private static let lowered = ThreadSpecificValue()

    /// ``observedOffloaded``, as a number that fits an atomic without allocating: `unobserved` until set. Set on the
    /// measured path, so it stores a number, never a string.
    private static let observed = Atomic<Int64>(unobserved)
    private static let unobserved = Int64.min
}

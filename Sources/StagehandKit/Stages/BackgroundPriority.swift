import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Whether threads that run offloaded work yield to the main thread, as they do on Apple platforms.
///
/// Apple platforms run the main thread at user-interactive priority, above the cooperative pool's background work.
/// Linux schedules them alike, so on a machine with few cores offloaded work competes with main for the CPU. With
/// `main-first`, each thread lowers its own priority (nice 10) as it starts offloaded work: the pool threads, the
/// actors' threads. Lowering is always allowed; nothing here needs privileges.
public enum BackgroundPriority: String, Sendable, Codable, CaseIterable {
    /// Offloaded work runs at the main thread's priority (Linux's default).
    case same
    /// Offloaded work runs below the main thread (nice 10), as on Apple platforms.
    case mainFirst = "main-first"

    /// What a profile uses unless told otherwise.
    public static let defaultPolicy = BackgroundPriority.mainFirst

    /// The policy in words, for the report's environment block.
    public var environmentDescription: String {
        switch self {
        case .same:
            "same: offloaded work runs at the main thread's priority, as Linux schedules it by default "
                + "(Apple platforms run main above background work)"
        case .mainFirst:
            "main-first: threads running offloaded work lower their own priority (nice \(Self.backgroundNice)), "
                + "as Apple platforms run main above background work"
        }
    }

    /// The nice value offloaded threads take under `main-first`.
    static let backgroundNice: Int32 = 10

    private static let lowering = Atomic<Bool>(false)

    /// Applies this policy to the stage runs in this process; called once before a run.
    func apply() {
        Self.lowering.store(self == .mainFirst, ordering: .relaxed)
    }

    /// Called by stage code as it starts work off the main thread; under `main-first`, lowers this thread, once.
    static func enteringBackgroundWork() {
        guard lowering.load(ordering: .relaxed) else { return }
        #if os(Linux)
        // A system call costs about 0.4 µs here, on every hop onto the pool: remember the threads already lowered.
        guard lowered.value == 0 else { return }
        // On Linux a nice value belongs to a thread, and `who` 0 is the calling thread, not the whole process.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, backgroundNice)
        lowered.value = 1
        #endif
    }

    /// 1 on a thread once it has lowered its own priority; nothing ever raises it again.
    private static let lowered = ThreadSpecificValue()
}

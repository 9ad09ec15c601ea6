import Synchronization

/// Whether threads that run offloaded work yield to the main thread, as they do on Apple platforms.
///
/// Apple platforms run the main thread at user-interactive priority, above the cooperative pool's background work.
/// Linux schedules them alike, so on a machine with few cores offloaded work competes with main for the CPU. With
/// `main-first`, each thread lowers its own priority (nice 10) as it starts offloaded work: the pool threads, the
/// actors' threads. Lowering is always allowed; nothing here needs privileges.
///
/// On Darwin neither policy changes anything (``Platform/lowersThreadPriority``): the system's QoS already runs main
/// first, as in an app, and the environment block says so.
package enum BackgroundPriority: String, Sendable, Codable, CaseIterable {
    /// Offloaded work runs at the main thread's priority (Linux's default).
    case same
    /// Offloaded work runs below the main thread (nice 10), as on Apple platforms.
    case mainFirst = "main-first"

    /// What a profile uses unless told otherwise.
    package static let defaultPolicy = BackgroundPriority.mainFirst

    /// The policy in words, for the report's environment block: what was done on this platform.
    var environmentDescription: String {
        environmentDescription(lowering: Platform.lowersThreadPriority)
    }

    /// The policy in words where threads can (`lowering`) or cannot lower their own priority.
    func environmentDescription(lowering: Bool) -> String {
        guard lowering else {
            return "\(rawValue) asked, nothing changed: on macOS the system's QoS already runs the main thread "
                + "(user-interactive) above offloaded work (the user-initiated QoS it inherits), as in an app"
        }
        return switch self {
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
        guard Platform.lowersThreadPriority, lowering.load(ordering: .relaxed) else { return }
        // A system call costs about 0.4 µs here, on every hop onto the pool: remember the threads already lowered.
        guard lowered.value == 0 else { return }
        Platform.lowerThisThreadPriority(toNice: backgroundNice)
        lowered.value = 1
    }

    /// 1 on a thread once it has lowered its own priority; nothing ever raises it again.
    private static let lowered = ThreadSpecificValue()
}

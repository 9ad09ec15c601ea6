/// The priorities a stage run's threads were observed to run at, as the scheduler saw them: a nice value on Linux
/// ("nice 10"), a QoS class on macOS ("QoS user-interactive").
///
/// Recorded so that the environment block states what ran, not what the priority policy assumes
/// (`BackgroundPriority`): on macOS a QoS is inherited and overridden in ways a policy can only intend.
public struct ThreadPriorities: Codable, Sendable, Equatable {
    /// The main thread's, read on main at the end of the measured run.
    public var main: String
    /// The first offloaded work's, read on its thread as it started (after lowering itself, where the policy lowers
    /// it); `nil` when no work left the main thread.
    public var offloaded: String?

    public init(main: String, offloaded: String?) {
        self.main = main
        self.offloaded = offloaded
    }

    /// "main thread at nice 0, offloaded work at nice 10".
    var description: String {
        let main = "main thread at \(main)"
        guard let offloaded else { return "\(main); no work left the main thread" }
        return "\(main), offloaded work at \(offloaded)"
    }
}

extension Sequence<StageResult> {
    /// The priorities the runs observed: the first run's that had offloaded work, else the first run's that recorded
    /// any; `nil` in results written before they were recorded.
    package var observedPriorities: ThreadPriorities? {
        let recorded = flatMap(\.repetitions).compactMap(\.threadPriorities)
        return recorded.first { $0.offloaded != nil } ?? recorded.first
    }
}

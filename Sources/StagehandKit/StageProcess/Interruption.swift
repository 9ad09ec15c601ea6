import Foundation
import Synchronization

/// Stops a profile from outside: the running stage child is killed at once, and the profiler runs no more.
///
/// The CLI triggers it on SIGINT or SIGTERM, so Ctrl-C (or a CI job being cancelled) never leaves a child behind,
/// and no report is written for a profile that did not finish. Where the child cannot be signalled (the macOS plugin
/// sandbox), the profiler stops waiting for it all the same and exits; the child sees its parent gone and ends
/// itself (``ChildLifetime``).
package final class Interruption: Sendable {
    /// The running child: its process, and how to stop waiting for it.
    struct Child: Sendable {
        var pid: pid_t
        var stopWaiting: @Sendable () -> Void
    }

    private let signal = Atomic<Int32>(0)
    private let child = Mutex<Child?>(nil)

    package init() {}

    /// The signal that interrupted the profile, or `nil` while it runs on.
    package var received: Int32? {
        let value = signal.load(ordering: .sequentiallyConsistent)
        return value == 0 ? nil : value
    }

    /// Interrupts the profile: kills the running child, if any, and stops waiting for it.
    package func interrupt(by signal: Int32) {
        self.signal.store(signal, ordering: .sequentiallyConsistent)
        if let running = child.withLock({ $0 }) { Self.stop(running) }
    }

    /// Notes the running child (or that none is running), so an interruption can stop it; a child noted after the
    /// profile was interrupted is stopped at once.
    func running(_ running: Child?) {
        let interrupted = child.withLock { current in
            current = running
            return received != nil
        }
        if interrupted, let running { Self.stop(running) }
    }

    /// Kills `child` and stops waiting for it.
    private static func stop(_ child: Child) {
        ChildSignal.send(SIGKILL, to: child.pid)
        child.stopWaiting()
    }
}

/// A profile stopped by a signal before it finished.
package struct ProfileInterrupted: Error, CustomStringConvertible {
    package var signal: Int32

    package var description: String { "interrupted by signal \(signal); no report written" }
}

import Foundation
import Synchronization

/// Stops a profile from outside: the running stage child is killed at once, and the profiler runs no more.
///
/// The CLI triggers it on SIGINT or SIGTERM, so Ctrl-C (or a CI job being cancelled) never leaves a child behind,
/// and no report is written for a profile that did not finish.
package final class Interruption: Sendable {
    private let signal = Atomic<Int32>(0)
    private let child = Mutex<pid_t?>(nil)

    package init() {}

    /// The signal that interrupted the profile, or `nil` while it runs on.
    var received: Int32? {
        let value = signal.load(ordering: .sequentiallyConsistent)
        return value == 0 ? nil : value
    }

    /// Interrupts the profile: kills the running child, if any.
    package func interrupt(by signal: Int32) {
        self.signal.store(signal, ordering: .sequentiallyConsistent)
        child.withLock { pid in
            if let pid { kill(pid, SIGKILL) }
        }
    }

    /// Notes the running child (or that none is running), so an interruption can kill it.
    ///
    /// - Returns: `false` when the profile was already interrupted, and the child must be killed by the caller.
    func running(_ pid: pid_t?) -> Bool {
        child.withLock { current in
            current = pid
            return received == nil
        }
    }
}

/// A profile stopped by a signal before it finished.
package struct ProfileInterrupted: Error, CustomStringConvertible {
    package var signal: Int32

    package var description: String { "interrupted by signal \(signal); no report written" }
}

import Foundation

/// Signals sent to a child process, with the answer checked: under SwiftPM's macOS plugin sandbox `kill` fails with
/// `EPERM`, and a caller that assumed it worked would wait forever for the child to end.
enum ChildSignal {
    /// Whether every send is refused, as in the plugin sandbox: set `STAGEHAND_SIGNALS_REFUSED=1` to see what the
    /// profiler does then on a system that would allow them (the tests do).
    static let refused = ProcessInfo.processInfo.environment["STAGEHAND_SIGNALS_REFUSED"] != nil

    /// Sends `signal` to `pid`.
    ///
    /// - Returns: `nil` when it was sent or the process was already gone (`ESRCH`: nothing left to stop), or why
    ///   it could not be sent (`strerror`).
    @discardableResult
    static func send(_ signal: Int32, to pid: pid_t) -> String? {
        if refused { return String(cString: strerror(EPERM)) }
        guard kill(pid, signal) != 0, errno != ESRCH else { return nil }
        return String(cString: strerror(errno))
    }
}

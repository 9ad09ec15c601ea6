import Dispatch
import Foundation  // getppid and _exit: POSIX, the same on Linux and Darwin

/// Ties a stage child's life to its parent's: if the profiler dies (Ctrl-C, a crash, a killed CI job), the child
/// exits within half a second, so a stage blocked for minutes is never left behind as an orphan.
///
/// A timer on a background queue checks the parent process id, so it fires even while the main thread is blocked.
/// (`prctl(PR_SET_PDEATHSIG)` would be immediate, but it is variadic C, which Swift cannot call.)
enum ParentWatch {
    private static let queue = DispatchQueue(label: "stagehand.parent-watch", qos: .utility)

    /// Starts watching; keep the returned timer alive for as long as the watch should last.
    static func endWithParent() -> any DispatchSourceTimer {
        let parent = getppid()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        timer.setEventHandler {
            if getppid() != parent { _exit(1) }
        }
        timer.resume()
        return timer
    }
}

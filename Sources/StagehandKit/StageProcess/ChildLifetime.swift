import Dispatch
import Foundation  // getppid and _exit: POSIX, the same on Linux and Darwin
import Synchronization

/// Ends a stage child by itself, with no signal from its parent: when the parent is gone, and when the watchdog's
/// deadline has passed.
///
/// The parent's `kill` is not always allowed: SwiftPM runs a command plugin, and every process it starts, in a macOS
/// sandbox without the `signal` permission, where `kill` fails with `EPERM`. So the child keeps its own watchdog:
/// if the profiler dies (Ctrl-C, a crash, a killed CI job), the child exits within half a second, so a stage blocked
/// for minutes is never left behind as an orphan; and at the deadline it exits with ``hungExitStatus``, which the
/// parent reads as hung. A timer on a background queue checks both, so it fires even while the main thread is
/// blocked. (`prctl(PR_SET_PDEATHSIG)` would see the parent go at once, but it is variadic C, which Swift cannot call,
/// and Linux-only.)
package enum ChildLifetime {
    /// The status a child exits with when its deadline passes: 124, as `timeout(1)` uses.
    static let hungExitStatus: Int32 = 124

    /// At the highest QoS: on macOS a stage that keeps its threads busy must not starve the one timer that ends it.
    private static let queue = DispatchQueue(label: "stagehand.child-lifetime", qos: .userInteractive)

    /// Starts watching; keep the returned timer alive for as long as the watch should last.
    ///
    /// - Parameter deadline: when the child ends itself as hung; `nil` for no deadline.
    static func start(deadline: DispatchTime?) -> any DispatchSourceTimer {
        every500ms { parentGone in
            if parentGone { _exit(1) }
            if let deadline, DispatchTime.now() >= deadline { _exit(hungExitStatus) }
        }
    }

    /// Calls `action` once this process's parent is gone (checked every half second): for the profile itself when
    /// the command plugin started it, since under the sandbox the plugin cannot pass Ctrl-C on, and SwiftPM ends the
    /// plugin, not its child.
    package static func whenParentExits(_ action: @escaping @Sendable () -> Void) -> any DispatchSourceTimer {
        let fired = Atomic(false)
        return every500ms { parentGone in
            guard parentGone, !fired.exchange(true, ordering: .relaxed) else { return }
            action()
        }
    }

    /// A running timer on ``queue`` that calls `tick` every half second with whether this process's parent (the one
    /// it had when the timer started) is gone.
    private static func every500ms(_ tick: @escaping @Sendable (_ parentGone: Bool) -> Void) -> any DispatchSourceTimer
    {
        let parent = getppid()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        timer.setEventHandler { tick(getppid() != parent) }
        timer.resume()
        return timer
    }

    /// The environment variable the command plugin sets for the process it starts, so that process ends with it.
    package static let endWithParentVariable = "STAGEHAND_END_WITH_PARENT"
}

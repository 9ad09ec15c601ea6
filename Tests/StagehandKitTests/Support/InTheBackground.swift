import Foundation

@testable import StagehandKit

/// Runs `body` on a thread of its own, below the other threads' priority (nice 19, the lowest), and waits for it there,
/// not on one of the cooperative pool's threads.
///
/// The pool is as wide as the machine has cores: two here. A test that computes for seconds on it holds a thread that
/// every other test's `await` needs to resume on, so a test waiting for a stage child to end would wait for the
/// computation instead. And at an equal priority the computation would take its core's share from the stage children
/// of the command-line tests, whose figures are measured: below them, it takes what they leave. (At nice 10 the
/// simulation's 1000 profiles a scenario still took enough to end the whole run at 90.8 s and 93.8 s; at 19, 85.3 s.)
func inTheBackground<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread {
            Platform.lowerThisThreadPriority(toNice: 19)
            continuation.resume(returning: body())
        }.start()
    }
}

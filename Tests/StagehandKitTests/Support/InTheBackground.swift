import Foundation

@testable import StagehandKit

/// Runs `body` on a thread of its own, below the other threads' priority (nice 10), and waits for it there, not on one
/// of the cooperative pool's threads.
///
/// The pool is as wide as the machine has cores: two here. A test that computes for seconds on it holds a thread that
/// every other test's `await` needs to resume on, so a test waiting for a stage child to end would wait for the
/// computation instead. And at an equal priority the computation would take its core's share from the stage children
/// of the command-line tests, whose figures are measured: below them, it takes what they leave.
func inTheBackground<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread {
            Platform.lowerThisThreadPriority(toNice: 10)
            continuation.resume(returning: body())
        }.start()
    }
}

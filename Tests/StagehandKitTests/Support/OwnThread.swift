import Foundation

/// Runs `body` on a thread of its own and waits for it there, not on one of the cooperative pool's threads.
///
/// The pool is as wide as the machine has cores: two here. A test that computes for seconds on it holds a thread that
/// every other test's `await` needs to resume on, so a test waiting for a stage child to end would wait for the
/// computation instead.
func onThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

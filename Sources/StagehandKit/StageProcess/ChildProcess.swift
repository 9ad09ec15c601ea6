import Foundation
import Synchronization

/// Runs one child process under a watchdog, keeping only the tail of its output.
///
/// Output is drained as it comes (a child writing more than a pipe holds would otherwise block forever) and only the
/// last few kilobytes are kept, so a child that floods its output costs no memory.
///
/// The watchdog has two halves. The child ends itself at ``timeoutSeconds`` (``ChildLifetime``), exiting with
/// ``ChildLifetime/hungExitStatus``; ``graceSeconds`` later the parent kills it, where it may. Where it may not (the
/// macOS plugin sandbox refuses `kill`), the parent stops waiting another grace period later, and the child, which
/// watches its parent, ends when the profiler does. So a hung stage is reported hung whether or not signals work.
struct ChildProcess {
    /// How the child ended.
    enum Ending: Equatable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// A signal ended it (a crash: SIGSEGV, SIGILL for a Swift trap, SIGABRT, …).
        case signalled(Int32)
        /// It passed the watchdog's limit after this many seconds: it ended itself there, or the parent killed it,
        /// or (`killRefused`) the parent could not and stopped waiting for it.
        case timedOut(seconds: Double, killRefused: String?)
        /// The profile was interrupted while it ran.
        case interrupted
    }

    struct Result {
        var ending: Ending
        var seconds: Double
        /// The last lines the child wrote to stdout and stderr.
        var outputTail: String
    }

    /// How long past the limit the parent waits before killing the child itself, and again before giving up on it.
    static let graceSeconds = 2.0

    var executable: URL
    var arguments: [String]
    var environment: [String: String]
    /// The watchdog's limit, in seconds: the child ends itself here (it must be told the same limit).
    var timeoutSeconds: Double
    /// Told the child's pid while it runs, so an interruption can kill it.
    var interruption: Interruption? = nil

    /// Starts the child and waits for it to end, for the watchdog, or for an interruption.
    ///
    /// - Throws: when the executable cannot be started.
    func run() async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let tail = OutputTail()
        let drained = DispatchSemaphore(value: 0)
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { drained.signal() } else { tail.append(data) }  // empty: every writer has closed it
        }
        let started = Instant.now
        let wait = ChildWait()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            wait.set(continuation)
            process.terminationHandler = { _ in wait.end(.exited) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                wait.fail(error)
                return
            }
            let pid = process.processIdentifier
            interruption?.running(Interruption.Child(pid: pid, stopWaiting: { wait.end(.interrupted) }))
            // Only the pid and the wait cross into the timers: a `Process` is not `Sendable` on every SDK.
            let grace = Self.graceSeconds
            DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds + grace) {
                guard !wait.isOver else { return }
                wait.noteWatchdogSignalled()
                if let refused = ChildSignal.send(SIGKILL, to: pid) { wait.noteKillRefused(refused) }
                // Killed or not, the wait ends a grace period later: a process the kernel cannot reap at once, or
                // one refused the signal, is not waited for past the limit.
                DispatchQueue.global().asyncAfter(deadline: .now() + grace) { wait.end(.watchdog) }
            }
        }
        interruption?.running(nil)
        if wait.reason == .interrupted {
            // Killed: wait until it is gone (reaped), so that a profile that ends on the interruption leaves no stage
            // child behind, even for the moment a busy machine takes to end it. Not past a grace period: where the
            // kill was refused (the macOS plugin sandbox), the child ends itself at its deadline.
            let deadline = Instant.now.adding(milliseconds: Self.graceSeconds * 1000)
            while process.isRunning, Instant.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        }
        if wait.reason == .exited {
            // The last output is the evidence of a crash: read it to the end, but not past a second, since a process
            // the user's code started may hold the pipe open after the child itself is gone.
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    _ = drained.wait(timeout: .now() + 1)
                    continuation.resume()
                }
            }
        }
        output.fileHandleForReading.readabilityHandler = nil
        let seconds = Instant.now.milliseconds(since: started) / 1000
        let ending: Ending
        switch wait.reason {
        case .interrupted:
            ending = .interrupted
        case .watchdog:
            // The child may still be running: its output is not waited for, nor its status read.
            ending = .timedOut(seconds: seconds, killRefused: wait.killRefused ?? "it did not end after SIGKILL")
        case .exited, nil:
            let killedByWatchdog =
                wait.watchdogSignalled && process.terminationReason == .uncaughtSignal
                && process.terminationStatus == SIGKILL
            ending =
                if killedByWatchdog {
                    .timedOut(seconds: seconds, killRefused: nil)
                } else if process.terminationReason == .uncaughtSignal {
                    .signalled(process.terminationStatus)
                } else if process.terminationStatus == ChildLifetime.hungExitStatus {
                    .timedOut(seconds: seconds, killRefused: wait.killRefused)
                } else {
                    .exited(process.terminationStatus)
                }
        }
        return Result(ending: ending, seconds: seconds, outputTail: tail.text)
    }
}

/// The parent's wait for one child: ended once, by whichever comes first.
private final class ChildWait: Sendable {
    enum Reason: Sendable { case exited, interrupted, watchdog }

    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var reason: Reason?
        var watchdogSignalled = false
        var killRefused: String?
    }

    private let state = Mutex(State())

    func set(_ continuation: CheckedContinuation<Void, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Ends the wait for `reason`, unless it has ended already.
    func end(_ reason: Reason) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.reason == nil else { return nil }
            state.reason = reason
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }

    func fail(_ error: any Error) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: error)
    }

    func noteWatchdogSignalled() { state.withLock { $0.watchdogSignalled = true } }
    func noteKillRefused(_ why: String) { state.withLock { $0.killRefused = why } }

    var isOver: Bool { state.withLock { $0.reason != nil } }
    var reason: Reason? { state.withLock { $0.reason } }
    var watchdogSignalled: Bool { state.withLock { $0.watchdogSignalled } }
    var killRefused: String? { state.withLock { $0.killRefused } }
}

/// The last few kilobytes a child wrote.
private final class OutputTail: Sendable {
    private static let limit = 8 * 1024
    private let bytes = Mutex<[UInt8]>([])

    func append(_ data: Data) {
        guard !data.isEmpty else { return }
        bytes.withLock { bytes in
            bytes.append(contentsOf: data.suffix(Self.limit))
            if bytes.count > Self.limit { bytes.removeFirst(bytes.count - Self.limit) }
        }
    }

    /// The runtime's own message when the child died of a trap (it comes before the stack it prints), then the last
    /// few lines.
    var text: String {
        let lines = String(decoding: bytes.withLock { $0 }, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: true)
        let last = lines.suffix(6)
        guard
            let fatal = lines.last(where: {
                $0.contains("Fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed")
            }), !last.contains(fatal)
        else { return last.joined(separator: "\n") }
        return ([fatal, "…"] + last).joined(separator: "\n")
    }
}

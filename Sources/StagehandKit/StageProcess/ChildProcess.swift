import Foundation
import Synchronization

/// Runs one child process under a watchdog, keeping only the tail of its output.
///
/// Output is drained as it comes (a child writing more than a pipe holds would otherwise block forever) and only the
/// last few kilobytes are kept, so a child that floods its output costs no memory.
struct ChildProcess {
    /// How the child ended.
    enum Ending: Equatable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// A signal ended it (a crash: SIGSEGV, SIGILL for a Swift trap, SIGABRT, …).
        case signalled(Int32)
        /// The watchdog stopped it after this many seconds.
        case timedOut(seconds: Double)
    }

    struct Result {
        var ending: Ending
        var seconds: Double
        /// The last lines the child wrote to stdout and stderr.
        var outputTail: String
    }

    var executable: URL
    var arguments: [String]
    var environment: [String: String]
    /// The watchdog's limit, in seconds.
    var timeoutSeconds: Double
    /// Told the child's pid while it runs, so an interruption can kill it.
    var interruption: Interruption? = nil

    /// Starts the child and waits for it to end or for the watchdog to stop it.
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
        output.fileHandleForReading.readabilityHandler = { handle in
            tail.append(handle.availableData)
        }
        let started = Instant.now
        let timedOut = Atomic<Bool>(false)
        let ended: Void = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            let pid = process.processIdentifier
            if interruption?.running(pid) == false { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds) {
                guard process.isRunning else { return }
                timedOut.store(true, ordering: .sequentiallyConsistent)
                kill(pid, SIGKILL)
            }
        }
        _ = ended
        _ = interruption?.running(nil)
        output.fileHandleForReading.readabilityHandler = nil
        tail.append(output.fileHandleForReading.readDataToEndOfFile())
        let seconds = Instant.now.milliseconds(since: started) / 1000
        let ending: Ending =
            if timedOut.load(ordering: .sequentiallyConsistent) {
                .timedOut(seconds: seconds)
            } else if process.terminationReason == .uncaughtSignal {
                .signalled(process.terminationStatus)
            } else {
                .exited(process.terminationStatus)
            }
        return Result(ending: ending, seconds: seconds, outputTail: tail.text)
    }
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

import Dispatch
import Foundation
import Synchronization

/// Says on standard error when `main-only`'s main thread has waited long for the user's `io` body: the evidence the
/// watchdog's report gives when that wait never ends.
///
/// `main-only` blocks main until an `io` body completes, as a synchronous call would. A body that needs the main
/// actor (a `@MainActor` method, `MainActor.run`) then waits for main while main waits for it: a deadlock, which the
/// watchdog ends as a hang. The last thing the stage child wrote is this line, so the report says why.
enum BlockedMainWatch {
    /// How long main waits for one `io` body before the line is written (it only reaches the report if the run then
    /// hangs; a slow body that completes leaves it unread).
    static let reportAfterSeconds = 1.0

    /// The first words of the line, which the profiler looks for in a hung child's output.
    static let marker = "stagehand: main has waited"

    private struct Wait {
        var step: String
        var interaction: String
        var since: Instant
        var reported = false
    }

    private static let current = Mutex<Wait?>(nil)
    private static let queue = DispatchQueue(label: "stagehand.blocked-main-watch", qos: .utility)
    private static let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    /// Main starts waiting for `step` (`io: fetch`) of `interaction`.
    static func waiting(for step: String, of interaction: String, since: Instant) {
        current.withLock { $0 = Wait(step: step, interaction: interaction, since: since) }
        startTimer()
    }

    /// Main's wait is over.
    static func done() {
        current.withLock { $0 = nil }
    }

    /// The explanation for a hang whose child wrote the watch's line last, or `nil` when it did not.
    static func explanation(inOutput output: String) -> String? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix(marker) }) else { return nil }
        return String(line.dropFirst("stagehand: ".count))
    }

    private static func startTimer() {
        timer.withLock { timer in
            guard timer == nil else { return }
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
            source.setEventHandler { check() }
            source.resume()
            timer = source
        }
    }

    private static func check() {
        let overdue = current.withLock { wait -> Wait? in
            guard var waiting = wait, !waiting.reported,
                Instant.now.milliseconds(since: waiting.since) >= reportAfterSeconds * 1000
            else { return nil }
            waiting.reported = true
            wait = waiting
            return waiting
        }
        guard let overdue else { return }
        let line =
            "\(marker) \(reportAfterSeconds.reportFormatted) s and more for `\(overdue.step)` of `\(overdue.interaction)`: "
            + "main-only blocks the main thread until an io body completes, so a body that needs the main actor "
            + "(a @MainActor call, MainActor.run) deadlocks there\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

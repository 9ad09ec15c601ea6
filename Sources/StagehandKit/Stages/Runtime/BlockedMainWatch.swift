import Foundation

/// Says on standard error when `main-only`'s main thread has waited long for the user's `io` body, and when that wait
/// ends: the evidence the watchdog's report gives when it never does.
///
/// `main-only` blocks main until an `io` body completes, as a synchronous call would. A body that needs the main
/// actor (a `@MainActor` method, `MainActor.run`) then waits for main while main waits for it: a deadlock, which the
/// watchdog ends as a hang. Main itself writes the line, when its wait times out (``StepRun``), so nothing watches
/// on another thread while the run is measured.
enum BlockedMainWatch {
    /// How long main waits for one `io` body before the line is written.
    static let reportAfterSeconds = 1.0

    /// The first words of the line, which the profiler looks for in a hung child's output.
    static let marker = "stagehand: main has waited"
    /// The first words of the line written when such a wait ends after all: a slow body, not a deadlock.
    static let endMarker = "stagehand: main's wait ended"

    /// Main has waited ``reportAfterSeconds`` for `step` (`io: fetch`) of `interaction`, and waits on.
    static func waiting(for step: String, of interaction: String) {
        write(
            "\(marker) \(reportAfterSeconds.reportFormatted) s and more for `\(step)` of `\(interaction)`: main-only "
                + "blocks the main thread until an io body completes, so a body that needs the main actor "
                + "(a @MainActor call, MainActor.run) deadlocks there"
        )
    }

    /// The wait ``waiting(for:of:)`` reported has ended.
    static func ended(for step: String, of interaction: String) {
        write("\(endMarker) for `\(step)` of `\(interaction)`")
    }

    /// The explanation for a hung child whose output ends in a wait that never ended: the last ``marker`` line, when
    /// no ``endMarker`` line follows it; `nil` otherwise (a slow body that completed is no deadlock).
    static func explanation(inOutput output: String) -> String? {
        guard let last = output.split(separator: "\n").last(where: { $0.hasPrefix(marker) || $0.hasPrefix(endMarker) }),
            last.hasPrefix(marker)
        else { return nil }
        return String(last.dropFirst("stagehand: ".count))
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

import Foundation
import StagehandKit
import Synchronization

/// One line per stage run on standard error: what is running, then how it ended.
///
/// On a terminal the line is completed in place when the run ends; piped (or under CI) each event is its own line.
final class ProgressDisplay: Sendable {
    private let enabled: Bool
    private let totalRuns: Int
    private let inPlace: Bool
    private let completed = Mutex(0)

    init(enabled: Bool, totalRuns: Int) {
        self.enabled = enabled
        self.totalRuns = totalRuns
        inPlace = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    func show(_ event: Profiler.Progress) {
        guard enabled else { return }
        switch event {
        case .started(let stage, let repetition, let of, let duration):
            let index = completed.withLock { $0 } + 1
            let width = String(totalRuns).count
            let counter = String(repeating: " ", count: width - String(index).count) + "\(index)/\(totalRuns)"
            let text =
                "  [\(counter)] \(stage.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)) "
                + "repetition \(repetition)/\(of), \(duration.reportFormatted) s …"
            write(inPlace ? text : text + "\n")
        case .finished(let stage, _, _, let result):
            completed.withLock { $0 += 1 }
            let outcome =
                switch result.status {
                case .ok:
                    result.metrics.map {
                        "ok: hitch-time \($0.hitchTimeRatioMsPerS.reportFormatted) ms/s, "
                            + "input p99 \($0.inputLatencyMs.p99.reportFormatted) ms, \($0.hangs) hangs"
                    } ?? "ok"
                default: "\(result.status.rawValue.uppercased()): \(result.failure ?? "")".prefix(160).description
                }
            write(inPlace ? " \(outcome)\n" : "    \(stage.rawValue): \(outcome)\n")
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

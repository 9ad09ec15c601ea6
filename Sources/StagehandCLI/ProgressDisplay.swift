import Foundation
import StagehandKit
import Synchronization

/// What the profile is doing, on standard error: a line per stage run, then how it ended.
///
/// On a terminal the line is redrawn in place as the run goes (elapsed time against the expected, with a bar), and
/// completed with the outcome. Piped or under CI (`CI` set) every event is a plain line of its own, with a line every
/// ``heartbeatSeconds`` during a long run, so a log shows the profile is alive without filling with redraws.
final class ProgressDisplay: Sendable {
    /// How often a plain-lines display says a long run is still going.
    static let heartbeatSeconds = 15.0

    private struct Current {
        var stage: Stage
        var repetition: Int
        var of: Int
        var durationSeconds: Double
        var started: Instant
        var index: Int
    }

    private struct State {
        var completed = 0
        var current: Current?
        /// Redraws the line (terminal) or writes the heartbeat (plain lines) while a run goes on.
        var ticker: DispatchSourceTimer?
    }

    private let enabled: Bool
    /// Runs planned so far; each round the verdict still needs adds its runs.
    private let totalRuns: Mutex<Int>
    private let inPlace: Bool
    private let colour: Bool
    private let state = Mutex(State())

    init(enabled: Bool, totalRuns: Int) {
        self.enabled = enabled
        self.totalRuns = Mutex(totalRuns)
        inPlace = Terminal.isInteractive(STDERR_FILENO)
        colour = Terminal.wantsColour(STDERR_FILENO)
    }

    func show(_ event: Profiler.Progress) {
        let warning: String? =
            switch event {
            case .traceNotWritten(let reason): "the trace is not written: \(reason)"
            case .warning(let text): text
            default: nil
            }
        if let warning {  // shown even with --quiet
            state.withLock { state in
                write((inPlace && state.current != nil ? "\n" : "") + "warning: \(warning)\n")
            }
            return
        }
        guard enabled else { return }
        switch event {
        case .started(let stage, let repetition, let of, let duration):
            state.withLock { state in
                state.ticker?.cancel()
                let current = Current(
                    stage: stage,
                    repetition: repetition,
                    of: of,
                    durationSeconds: duration,
                    started: .now,
                    index: state.completed + 1
                )
                state.current = current
                write(inPlace ? Terminal.redrawLine(line(current)) : line(current) + "\n")
                let ticker = DispatchSource.makeTimerSource(queue: .global())
                let interval = inPlace ? 0.2 : Self.heartbeatSeconds
                ticker.schedule(deadline: .now() + interval, repeating: interval)
                ticker.setEventHandler { [weak self] in self?.tick() }
                ticker.resume()
                state.ticker = ticker
            }
        case .traceNotWritten, .warning:
            return
        case .headroomProbe(let stage, let multiplier, let met, let duration):
            let answer = met ? ANSI.green.apply("met", if: colour) : ANSI.red.apply("missed", if: colour)
            write(
                "  headroom  \(stage.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)) "
                    + "costs ×\(Headroom.format(multiplier)) for \(duration.reportFormatted) s: \(answer) the budget\n"
            )
        case .moreRuns(let stages, let round, let cap):
            totalRuns.withLock { $0 += stages.count }
            write(
                "  round \(round): the verdict still needs \(stages.map(\.rawValue).joined(separator: ", ")): one "
                    + "more run of \(stages.count == 1 ? "it" : "each") (up to \(cap) a stage, --max-repetitions)\n"
            )
        case .tableRuns(let stages, let seconds):
            write(
                "  the verdict does not read \(stages.map(\.rawValue).joined(separator: ", ")): one "
                    + "\(seconds.reportFormatted) s run of \(stages.count == 1 ? "it" : "each") for the table\n"
            )
        case .outOfTime(let shortfall):
            let runs = shortfall.runsPhrase.replacingOccurrences(of: "`", with: "")  // plain text on a terminal
            write(
                "  out of time: the --max-time \(shortfall.budgetSeconds.reportFormatted) s budget has no room for "
                    + "the next run; runs still needed: \(runs) (about "
                    + "\(shortfall.moreSeconds.rounded(.up).reportFormatted) s)\n"
            )
        case .exposing(let interactions, let stages):
            totalRuns.withLock { $0 += stages }
            write(
                "  exposure: \(interactions.map { "`\($0)`" }.joined(separator: ", ")) "
                    + "\(interactions.count == 1 ? "is" : "are") rare: one run of each stage with 3 arrivals of "
                    + "\(interactions.count == 1 ? "it" : "each"), one at a time\n"
            )
        case .toppingUp(let stage, let interactions, let arrivals):
            totalRuns.withLock { $0 += 1 }
            write(
                "  exposure: \(interactions.map { "`\($0)`" }.joined(separator: ", ")) in \(stage.rawValue) held main "
                    + "near a frame's budget, or for times that vary: one more run with \(arrivals) arrivals of "
                    + "\(interactions.count == 1 ? "it" : "each"), one at a time\n"
            )
        case .remeasuring(let stage, let first):
            totalRuns.withLock { $0 += 1 }
            write(
                "  \(stage.rawValue): \(first.hangs == 1 ? "its hang" : "each of its \(first.hangs) hangs") came while "
                    + "main waited for a core (at least \(first.coreWaitMs.reportFormatted) ms of one, the machine busy): "
                    + "measuring the run again\n"
            )
        case .finished(_, _, _, let result):
            state.withLock { state in
                state.ticker?.cancel()
                state.ticker = nil
                state.completed += 1
                guard let current = state.current else { return }
                state.current = nil
                let outcome = outcome(of: result)
                write(
                    inPlace
                        ? Terminal.redrawLine("\(prefix(current))  \(outcome)") + "\n"  // may wrap: it is drawn once
                        : "    \(current.stage.rawValue): \(outcome)\n"
                )
            }
        }
    }

    /// Stops redrawing and ends the running line: for a profile that stops (an interrupt, an error) before its run
    /// finishes, so nothing is drawn over what the CLI prints next.
    func stop() {
        state.withLock { state in
            state.ticker?.cancel()
            state.ticker = nil
            if inPlace && state.current != nil { write("\n") }
            state.current = nil
        }
    }

    /// Redraws the running line, or says a long run is still going; under the lock, so never after its end.
    private func tick() {
        state.withLock { state in
            guard let current = state.current else { return }
            if inPlace {
                write(Terminal.redrawLine(line(current)))
            } else {
                let elapsed = Instant.now.milliseconds(since: current.started) / 1000
                write("    \(current.stage.rawValue): still running, \(Int(elapsed.rounded())) s\n")
            }
        }
    }

    /// `[ 2/12] offloaded        repetition 1/3`
    private func prefix(_ run: Current) -> String {
        let total = totalRuns.withLock { $0 }
        let width = String(total).count
        let counter = String(repeating: " ", count: width - String(run.index).count) + "\(run.index)/\(total)"
        return "  [\(counter)] \(run.stage.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)) "
            + (run.repetition == 0
                ? "exposure run" : "repetition \(run.repetition)" + (run.of > 0 ? "/\(run.of)" : ""))
    }

    /// The running line: on a terminal with elapsed time and a bar, piped with the run's length.
    private func line(_ run: Current) -> String {
        guard inPlace else { return "\(prefix(run)), \(run.durationSeconds.reportFormatted) s …" }
        // The child's start-up and first warm-up run come before the measured run; past this estimate the child is
        // either warming up further (a heap still growing, up to `WarmUp.settlingSeconds` more) or following its
        // arrivals to their end.
        let expected = run.durationSeconds + min(WarmUp.seconds, run.durationSeconds) + 0.2
        let elapsed = Instant.now.milliseconds(since: run.started) / 1000
        let seconds = String(format: "%.1f", elapsed)
        let status =
            elapsed <= expected
            ? "\(Terminal.bar(fraction: elapsed / expected, width: 16)) \(seconds)/~\(String(format: "%.1f", expected)) s"
            : "\(Terminal.bar(fraction: 1, width: 16)) \(seconds) s, finishing"
        return Terminal.fitted("\(prefix(run))  \(status)", width: Terminal.columns(STDERR_FILENO))
    }

    private func outcome(of result: RepetitionResult) -> String {
        switch result.status {
        case .ok:
            guard let metrics = result.metrics else { return "ok" }
            return ANSI.green.apply("ok", if: colour)
                + ": hitch-time \(metrics.hitchTimeRatioMsPerS.reportFormatted) ms/s, "
                + "input p99 \(metrics.inputLatencyMs.p99.reportFormatted) ms, \(metrics.hangs) hangs"
        default:
            let text = "\(result.status.rawValue.uppercased()): \(result.failure ?? "")".prefix(160).description
            return ANSI.red.apply(text, if: colour)
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

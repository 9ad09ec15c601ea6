/// The stages side by side as plain text for a terminal, with the verdict underneath.
public struct TerminalSummary: Sendable {
    public var result: ProfileResult
    /// Whether to use ANSI colour (only on a TTY).
    public var colour: Bool

    public init(result: ProfileResult, colour: Bool) {
        self.result = result
        self.colour = colour
    }

    public func render() -> String {
        let stages = result.stages
        let recommended = result.recommendation.recommendedStage
        var rows: [[String]] = [
            [""] + stages.map { $0.stage == recommended ? "\($0.stage.rawValue) ✔" : $0.stage.rawValue }
        ]
        rows.append(["status"] + stages.map(\.status.rawValue))
        let metrics: [(String, (StageMetrics) -> String)] = [
            ("hitch-time ratio ms/s", { $0.hitchTimeRatioMsPerS.reportFormatted }),
            ("hangs", { "\($0.hangs)" }),
            ("dropped frames", { "\($0.droppedFrames)" }),
            ("main-loop p99 ms", { $0.mainLoopLatencyMs.p99.reportFormatted }),
            ("input latency p99 ms", { $0.inputLatencyMs.p99.reportFormatted }),
            ("interaction p99 ms", { $0.interactionLatencyMs.p99.reportFormatted }),
            ("throughput /s", { $0.throughputPerS.reportFormatted }),
            ("main hops / interaction", { $0.mainActorHopsPerInteraction.reportFormatted }),
            ("main utilisation", { "\(($0.mainThreadUtilization * 100).reportFormatted)%" }),
            ("allocations / interaction", { $0.allocationsPerInteraction.reportFormatted }),
        ]
        for (name, cell) in metrics {
            rows.append([name] + stages.map { $0.metrics.map(cell) ?? "–" })
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, text in
                column == 0
                    ? text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - text.count) + text
            }
            let line = cells.joined(separator: "  ")
            lines.append(index == 0 ? bold(line) : line)
            if index == 0 { lines.append(String(repeating: "─", count: line.count)) }
        }
        lines.append("")
        let verdict = recommended.map { "Verdict: \($0.rawValue)" } ?? "Verdict: no stage meets the budget"
        lines.append(bold(colourise(verdict, recommended == nil ? "31" : "32")) + " — " + result.recommendation.summary)
        if let settle = result.recommendation.settle { lines.append(colourise(settle, "33")) }
        return lines.joined(separator: "\n")
    }

    private func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    private func colourise(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

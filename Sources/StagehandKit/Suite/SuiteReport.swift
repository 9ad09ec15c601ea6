/// `suite.md`: one table with a row per workload of a suite, then a link to each workload's report.
package struct SuiteReport: Sendable {
    package var suite: SuiteResult

    package init(suite: SuiteResult) {
        self.suite = suite
    }

    package func render() -> String {
        let profiled = suite.workloads.count - suite.failed.count
        var lines = [
            "# Stagehand suite: \(Self.count(suite.workloads.count, "workload"))",
            "",
            [
                suite.failed.isEmpty
                    ? "All profiled" : "\(profiled) profiled, **\(suite.failed.count) could not be**",
                Self.duration(suite.wallSeconds),
                "`\(suite.command)`",
                "started \(suite.startedAt)",
            ].joined(separator: " · "),
            "",
        ]
        lines += table
        lines += [
            "",
            "The figures are the advised stage's: the stage recommended, or when no stage meets the budget the best one "
                + "measured (\"none; best\"). Each workload's report has the evidence, the stages side by side and "
                + "the code to get there.",
        ]
        let reports = suite.workloads.filter { $0.report != nil }
        if !reports.isEmpty {
            lines += ["", "## Reports", ""]
            lines += reports.map { entry in
                var line = "- [\(entry.workload)](\(entry.report ?? ""))"
                if let result = entry.result { line += " ([JSON](\(result)))" }
                if let summary = entry.summary { line += ": \(summary)" }
                return line
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table of workloads, a line each: what the terminal shows after a suite, and the heart of `suite.md`.
    package var table: [String] {
        [
            "| workload | verdict | confidence | hitch time (ms/s) | hangs | input latency p99 (ms) | headroom "
                + "| wall time |",
            "|---|---|---|--:|--:|--:|---|--:|",
        ] + suite.workloads.map(row)
    }

    private func row(_ entry: SuiteEntry) -> String {
        let name = entry.report.map { "[\(entry.workload)](\($0))" } ?? entry.workload
        guard entry.status == .profiled else {
            let error = (entry.error ?? "no result").markdownCell
            return "| \(name) | **could not be profiled**: \(error) | | | | | | \(Self.duration(entry.wallSeconds)) |"
        }
        var verdict = entry.verdict.map { $0 == "none" ? "none" : "`\($0)`" } ?? "—"
        if let advised = entry.advised, entry.verdict != advised.stage.rawValue {
            verdict += "; best `\(advised.stage.rawValue)`"
        }
        var cells = [name, verdict, entry.confidence?.rawValue ?? "—"]
        if let advised = entry.advised {
            cells += [
                advised.hitchTimeRatioMsPerS.reportFormatted,
                "\(advised.hangs)",
                advised.inputLatencyP99Ms.reportFormatted,
                advised.headroom.map(\.text) ?? "—",
            ]
        } else {
            cells += ["—", "—", "—", "—"]
        }
        cells.append(Self.duration(entry.wallSeconds))
        return "| " + cells.joined(separator: " | ") + " |"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A wall time as people read it: "42 s", "3 min 12 s".
    package static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}

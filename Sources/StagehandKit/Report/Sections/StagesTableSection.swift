/// The stages side by side: a row per metric of the catalogue, the best value of each row in bold.
struct StagesTableSection: ReportSection {
    /// One metric's row: a cell per stage, and the stages whose value is best.
    struct Row: Sendable {
        var metric: Metric
        var best: Set<Stage>
    }

    let stages: [StageResult]
    let recommended: Stage?
    let frameBudgetMs: Double
    let rows: [Row]
    /// The stages whose input latency p99 is over fewer than ``fewSamples`` samples, with their count.
    let fewSampled: [(stage: Stage, count: Int)]

    /// Below this many samples a p99 is their maximum.
    static let fewSamples = 100

    /// The spread of each stage's figures measured on too few runs (``ProfileResult/figureSpreads``).
    let spreads: [Stage: [Metric.ID: String]]
    /// The fewest runs a decision reads.
    let minimumRuns: Int
    /// How long an ordinary run's arrival window is: a table run's is shorter.
    let durationSeconds: Double

    init(result: ProfileResult) {
        stages = result.stages
        durationSeconds = result.environment.durationSeconds
        recommended = result.recommendation.recommendedStage
        frameBudgetMs = result.spec.frameBudgetMs
        rows = Metric.catalogue.map { metric in
            Row(metric: metric, best: metric.bestStages(in: result.stages))
        }
        minimumRuns = Thresholds().minimumRuns
        spreads = result.figureSpreads
        // One p99 is read everywhere: its runs' histograms merged, which the judgment's interval is centred on too.
        fewSampled = result.stages.compactMap { stage in
            guard let count = stage.metrics?.inputLatencyMs.count, count > 0, count < Self.fewSamples else {
                return nil
            }
            return (stage.stage, count)
        }
    }

    func rendered() -> [String] {
        var lines = ["## Stages side by side", ""]
        let header = stages.map { stage in
            stage.stage == recommended ? "**\(stage.stage.rawValue)** ✔" : stage.stage.rawValue
        }
        lines.append("| | " + header.joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "--:|", count: stages.count))
        lines.append("| status | " + stages.map(statusCell).joined(separator: " | ") + " |")
        lines.append(
            "| runs | " + stages.map { $0.runsCell(durationSeconds: durationSeconds) }.joined(separator: " | ") + " |"
        )
        for row in rows {
            let cells = stages.map { stage -> String in
                guard let metrics = stage.metrics else { return "–" }
                let cell = row.metric.cell(metrics, spread: spreads[stage.stage]?[row.metric.id])
                return row.best.contains(stage.stage) ? "**\(cell)**" : cell
            }
            let label = row.metric.label(frameBudgetMs: frameBudgetMs)
            lines.append("| \(label) | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append(
            "Main-loop, input, interaction, main-actor and `@concurrent` hop-wait percentiles are over every "
                + "repetition's samples together; hitch-time ratio and blocking time pool the repetitions' time; hangs are "
                + "the total over the repetitions, with the longest of them; every other value is the median over the repetitions. The best value of a row is in bold (where stages "
                + "differ). Hitch-time bands are Apple's: \(Metric.hitchBands.legend) ms/s."
                + fewSamplesNote + spreadNote + tableRunNote
        )
        lines.append("")
        return lines
    }

    /// " Input latency p99 is over fewer than 100 samples in `main-only` (42): …", or "" when none is.
    private var fewSamplesNote: String {
        guard !fewSampled.isEmpty else { return "" }
        return " Input latency p99 is over fewer than \(Self.fewSamples) samples in "
            + fewSampled.map { "`\($0.stage.rawValue)` (\($0.count))" }.joined(separator: ", ")
            + ": with so few, a p99 is their maximum."
    }

    /// " `main-only` and `async` had fewer than 3 runs: …", or "" when every stage had enough.
    private var spreadNote: String {
        let few = stages.map(\.stage).filter { spreads[$0] != nil }
        guard !few.isEmpty else { return "" }
        return " " + few.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            + " had fewer than \(minimumRuns) runs: their hitch-time ratio and input latency p99 carry ± one "
            + "standard deviation of this machine's run-to-run noise at that value, or for hitch-free runs whose "
            + "arrivals held main near a frame's budget, ≤ the bound their seconds put on it (docs/METRICS.md, "
            + "\"How a verdict is decided\")."
    }

    /// " `async`'s one run was a table run of 1 s: …", or "" when no stage had one.
    private var tableRunNote: String {
        let short = stages.filter { $0.tableRunSeconds(durationSeconds: durationSeconds) != nil }.map(\.stage)
        guard !short.isEmpty else { return "" }
        return " " + short.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            + " had one shorter *table run* (its `runs` cell gives its length), as the verdict never reached "
            + (short.count == 1 ? "it: its" : "them: their") + " counts (hangs, hitches, dropped frames) are over "
            + "that run."
    }

    private func statusCell(_ stage: StageResult) -> String {
        switch stage.status {
        case .ok: "ok"
        case .hung: "**hung**"
        case .crashed: "**crashed**"
        case .skipped: "skipped"
        }
    }
}

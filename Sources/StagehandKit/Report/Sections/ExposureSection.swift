/// The interactions whose exposure matters, stage by stage: the rare ones (their share of each stage's figures is
/// their effect per arrival × their rate), any seen fewer than three times, any behind a hang, and any with arrivals
/// still unfinished when their runs ended. Nothing when every
/// interaction was frequent and well seen, or the result predates exposure.
struct ExposureSection: ReportSection {
    /// The stages that recorded each interaction's exposure.
    let measured: [StageResult]
    /// The interactions shown, as the first such stage recorded them.
    let shown: [InteractionExposure]
    /// Their indices in every stage's exposures.
    let indices: [Int]

    init(result: ProfileResult) {
        measured = result.stages.filter { $0.interactions != nil }
        let first = measured.first?.interactions ?? []
        indices = first.indices.filter { [measured] index in
            measured.contains { stage in
                guard let exposure = stage.interactions, exposure.indices.contains(index) else { return false }
                let interaction = exposure[index]
                return interaction.estimated || interaction.hangs > 0 || interaction.unfinished > 0
                    || interaction.allArrivals < InteractionExposure.minimumArrivals
            }
        }
        shown = indices.map { first[$0] }
    }

    func rendered() -> [String] {
        guard !indices.isEmpty else { return [] }
        var lines = [
            "## Rare interactions: what one arrival does, at its declared rate",
            "",
            "Each cell: arrivals in the stage's runs against those its rate made due, and arrivals in its exposure "
                + "runs, which schedule a rare interaction three times, one arrival at a time, each after the one "
                + "before has ended (up to 30 times, where a few arrivals cannot bound how long it holds main); then, "
                + "per arrival, hitch time and the longest it held main at once, however late its work came (a run "
                + "follows every arrival to its end; one still unfinished when its run ended counts for no "
                + "per-arrival figure); and its share of the stage's hitch-time ratio at its declared rate. The stage "
                + "table's hitch-time ratio, hitch causes and main-thread time carry each rare interaction at that "
                + "rate, whichever runs it arrived in; its hitch counts, latencies and hangs are the runs' as "
                + "measured.",
            "",
            "| interaction | rate /s | "
                + measured.map { "`\($0.stage.rawValue)`" }.joined(separator: " | ")
                + " |",
            "|---|--:|" + String(repeating: "---|", count: measured.count),
        ]
        for (index, interaction) in zip(indices, shown) {
            let cells = measured.map { stage -> String in
                guard let exposure = stage.interactions, exposure.indices.contains(index) else { return "–" }
                let one = exposure[index]
                let arrivals =
                    "\(one.arrivals) (\(one.expectedArrivals.reportFormatted) due)"
                    + (one.exposureArrivals > 0 ? " + \(one.exposureArrivals)" : "")
                let hang = one.hangs > 0 ? ", **\(one.hangs) hang\(one.hangs == 1 ? "" : "s")**" : ""
                let unfinished = one.unfinished > 0 ? ", **\(one.unfinished) unfinished**" : ""
                let share = one.estimated ? "; \(one.hitchMsPerS.reportFormatted) ms/s" : ""
                return "\(arrivals): \(one.hitchMsPerArrival.reportFormatted) ms hitch, "
                    + "\(one.longestBlockMs.reportFormatted) ms block\(hang)\(unfinished)\(share)"
            }
            lines.append(
                "| `\(interaction.interaction)`\(interaction.estimated ? " (rare)" : "") | "
                    + "\(interaction.ratePerS.reportFormatted) | "
                    + cells.joined(separator: " | ") + " |"
            )
        }
        return lines + [""]
    }
}

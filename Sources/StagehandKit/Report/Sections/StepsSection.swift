/// Each step's mean duration and where it ran, stage by stage, with its cost alone in a loop and its own allocations
/// where they were measured; then the code steps a benchmark would misjudge, and the code each step calls.
struct StepsSection: ReportSection {
    /// The measured stages' step timings, by step.
    let timings: [(stage: Stage, byKey: [StepTiming.Key: StepTiming])]
    let interactions: [Interaction]
    /// Each code step's cost alone in a loop; empty when none was timed.
    let loop: [StepTiming.Key: Double]
    /// Each counted step's allocations per run; empty when none was counted.
    let allocations: [StepTiming.Key: StepAllocations]
    let loopDifferences: [TightLoopComparison]
    /// The symbol each step is about, where a scan named it.
    let symbols: [StepTiming.Key: String]
    /// After the table: the code each step calls, where a scan named it.
    let codeList: [String]

    init(result: ProfileResult, notes: SourceNotes?) {
        timings = result.stages.filter { $0.metrics != nil }.map { stage in
            (stage.stage, Dictionary(uniqueKeysWithValues: stage.stepTimings.map { ($0.key, $0) }))
        }
        interactions = result.spec.interactions
        loop = result.stages.firstTightLoop
        allocations = StepAllocations.of(result.stages)
        loopDifferences = TightLoopComparison.differences(in: result)
        var symbols: [StepTiming.Key: String] = [:]
        for (index, interaction) in interactions.enumerated() {
            for step in interaction.steps.indices {
                let key = StepTiming.Key(interaction: index, step: step)
                symbols[key] = notes?.declaration(of: key)?.symbol
            }
        }
        self.symbols = symbols
        codeList = notes?.codeList() ?? []
    }

    func rendered() -> [String] {
        guard !timings.isEmpty else { return [] }
        var lines = ["## Steps: mean duration in ms, and where each ran", ""]
        lines.append(
            "| interaction | step | " + timings.map(\.stage.rawValue).joined(separator: " | ")
                + (loop.isEmpty ? "" : " | alone in a loop") + (allocations.isEmpty ? "" : " | allocations per run")
                + " |"
        )
        let extraColumns = (loop.isEmpty ? 0 : 1) + (allocations.isEmpty ? 0 : 1)
        lines.append("|---|---|" + String(repeating: "--:|", count: timings.count + extraColumns))
        for (interactionIndex, interaction) in interactions.enumerated() {
            for (stepIndex, step) in interaction.steps.enumerated() {
                let key = StepTiming.Key(interaction: interactionIndex, step: stepIndex)
                var cells = timings.map { $0.byKey[key].map(Self.cell) ?? "–" }
                if !loop.isEmpty { cells.append(loop[key]?.reportFormatted ?? "–") }
                if !allocations.isEmpty { cells.append(allocations[key].map(Self.cell) ?? "–") }
                let code = symbols[key].map { " → `\($0)`" } ?? (step.cost.isCode ? " (your code)" : "")
                lines.append(
                    "| \(interaction.name) | `\(step.kind.rawValue): \(step.label)`\(code) | "
                        + cells.joined(separator: " | ") + " |"
                )
            }
        }
        lines.append("")
        if !allocations.isEmpty {
            lines += [
                "Allocations per run: what the step's own code allocated on the thread it ran on (the range over the "
                    + "stages, where they differ by more than half an allocation or 0.1%). Work it hands to other "
                    + "threads, and an `io` step, whose body may move between threads as it awaits, are counted with "
                    + "the interaction only.",
                "",
            ]
        }
        if !loop.isEmpty { lines += loopComparison() }
        return lines + codeList
    }

    /// "12.5 main", "30 off main, threw 2×", "14 mixed, 3 of it on main".
    private static func cell(_ timing: StepTiming) -> String {
        var place = timing.runsOnMain == timing.runs ? "main" : timing.runsOnMain == 0 ? "off main" : "mixed"
        // An io body's synchronous parts, run on main while its waits were not.
        if let onMain = timing.meanMainMs { place += ", \(onMain.reportFormatted) of it on main" }
        let threw = timing.failures.map { ", threw \($0)×" } ?? ""
        return "\(timing.meanMs.reportFormatted) \(place)\(threw)"
    }

    /// "4", or "2–5" where the stages differ.
    private static func cell(_ allocations: StepAllocations) -> String {
        switch allocations {
        case .agreed(let median): median.reportFormatted
        case .differ(let low, let high): "\(low.reportFormatted)–\(high.reportFormatted)"
        }
    }

    /// The code steps whose cost in the runs differs from their cost alone in a loop: what a benchmark would miss.
    private func loopComparison() -> [String] {
        let lines = loopDifferences.map { comparison in
            let step = interactions[comparison.key.interaction].steps[comparison.key.step]
            let name = "`\(step.kind.rawValue): \(step.label)`"
            let spreadText =
                comparison.spread.map { ", beyond the runs' \(Int(($0 * 100).rounded()))% spread" } ?? ""
            let measured =
                "- In a benchmark loop \(name) takes \(comparison.loopMs.reportFormatted) ms; called once per "
                + "interaction in `\(comparison.stage.rawValue)` it took \(comparison.inSituMs.reportFormatted) ms "
                + "(×\(comparison.ratio.reportFormatted)\(spreadText)), both means: "
            return measured
                + (comparison.ratio > 1
                    ? "a benchmark of it understates what the app pays. (The usual cause: caches and cores go cold "
                        + "between interactions.)"
                    : "it ran faster in the app's rhythm than back to back.")
        }
        return lines.isEmpty ? [] : lines + [""]
    }
}

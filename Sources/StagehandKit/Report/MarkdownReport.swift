/// The migration report as GitHub-flavoured Markdown: the verdict first, then the stages side by side, the decision
/// path with the measured evidence at each node, the migration steps, and the run's environment.
///
/// Rendering is a pure function of the ``ProfileResult``, so `stagehand report run.json` reproduces it byte for byte.
package struct MarkdownReport: Sendable {
    package let result: ProfileResult
    /// The app's declarations, when the profile was given `stagehand scan`'s JSON.
    private let notes: SourceNotes?

    package init(result: ProfileResult) {
        self.result = result
        notes = SourceNotes(result: result)
    }

    package func render() -> String {
        var out: [String] = []
        out.append("# Stagehand: \(result.workload)")
        out.append("")
        out += verdict()
        out.append("")
        if !result.spec.description.isEmpty {
            out.append("*Workload:* \(result.spec.description)")
            out.append("")
        }
        out += sideBySide()
        out += exposure()
        out += headroom()
        out += decisionPath()
        out += antiPatterns()
        out += migration()
        out += notes?.findings() ?? []
        out += charts()
        out += hitchCauses()
        out += mainThread()
        out += stepTimings()
        out += failures()
        out += environment()
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - Verdict

    private func verdict() -> [String] {
        let recommendation = result.recommendation
        let budget = "\(result.spec.frameBudgetMs.reportFormatted) ms at \(result.spec.refreshHz.reportFormatted) Hz"
        let count = StageResult.coresSeen(in: result.stages) ?? result.environment.cores  // as the runs saw it
        let cores = "\(count) core\(count == 1 ? "" : "s")"
        let headline =
            recommendation.recommendedStage.map { "**Verdict: `\($0.rawValue)`**" }
            ?? "**Verdict: no stage meets the budget**"
        var lines = [
            "> \(headline) — \(recommendation.summary)",
            ">",
            "> Frame budget \(budget) on \(cores) · \(result.environment.repetitions) repetition"
                + "\(result.environment.repetitions == 1 ? "" : "s") × "
                + "\(result.environment.durationSeconds.reportFormatted) s per stage · "
                + {
                    switch recommendation.confidence {
                    case .decided: "decided beyond the run-to-run noise"
                    case .tentative: "**tentative: too few runs, or a stage it needs was not measured**"
                    case .borderline: "**borderline: a stage it rests on is within the noise of the budget**"
                    case .failed: "**no budget verdict: the workload crashed or hung in every stage**"
                    }
                }(),
        ]
        if let settle = recommendation.settle { lines += [">", "> \(settle)"] }
        return lines
    }

    // MARK: - Stages side by side

    private func sideBySide() -> [String] {
        let stages = result.stages
        let recommended = result.recommendation.recommendedStage
        var lines = ["## Stages side by side", ""]
        let header = stages.map { stage in
            stage.stage == recommended ? "**\(stage.stage.rawValue)** ✔" : stage.stage.rawValue
        }
        lines.append("| | " + header.joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "--:|", count: stages.count))
        lines.append("| status | " + stages.map(statusCell).joined(separator: " | ") + " |")
        for metric in Metric.catalogue {
            let best = metric.bestStages(in: stages) { metric.cell($0) == "–" }
            let cells = stages.map { stage -> String in
                guard let metrics = stage.metrics else { return "–" }
                return best.contains(stage.stage) ? "**\(metric.cell(metrics))**" : metric.cell(metrics)
            }
            let label = metric.label(frameBudgetMs: result.spec.frameBudgetMs)
            lines.append("| \(label) | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append(
            "Main-loop, input, interaction, main-actor and `@concurrent` hop-wait percentiles are over every "
                + "repetition's samples together; hitch-time ratio and blocking time pool the repetitions' time; hangs are "
                + "the total over the repetitions, with the longest of them; every other value is the median over the repetitions. The best value of a row is in bold (where stages "
                + "differ). Hitch-time bands are Apple's: \(Metric.hitchBands.legend) ms/s."
                + fewSamples(stages)
        )
        lines.append("")
        return lines
    }

    /// " Input latency p99 of `main-only` is over 42 samples: with fewer than 100, a p99 is their maximum." — or "",
    /// when every stage's input latency has 100 samples or more. One p99 is read everywhere: its runs' histograms
    /// merged, which the judgment's interval is centred on too.
    private func fewSamples(_ stages: [StageResult]) -> String {
        let few = stages.compactMap { stage -> String? in
            guard let count = stage.metrics?.inputLatencyMs.count, count > 0, count < 100 else { return nil }
            return "`\(stage.stage.rawValue)` (\(count))"
        }
        guard !few.isEmpty else { return "" }
        return " Input latency p99 is over fewer than 100 samples in " + few.joined(separator: ", ")
            + ": with so few, a p99 is their maximum."
    }

    private func statusCell(_ stage: StageResult) -> String {
        switch stage.status {
        case .ok: "ok"
        case .hung: "**hung**"
        case .crashed: "**crashed**"
        case .skipped: "skipped"
        }
    }

    // MARK: - Decision path

    private func decisionPath() -> [String] {
        var lines = ["## Decision path", ""] + mermaid() + [""]
        for node in result.recommendation.path {
            let answer = node.answer ? "yes" : "no"
            let agreement =
                node.repetitionsAgree
                ? "" : " ⚠️ the runs disagree on this answer, or a stage it read is within the run-to-run noise"
            lines.append("\(node.node). **\(node.question)** — \(answer)\(agreement)")
            for evidence in node.evidence {
                let mark = evidence.holds ? "✔" : "✘"
                var line = "   - \(evidence.metric): **\(evidence.value.reportFormatted)\(unit(evidence.unit))** "
                line += "(\(evidence.comparison) \(evidence.threshold.reportFormatted)\(unit(evidence.unit))) \(mark)"
                if let spread = evidence.spread, result.environment.repetitions > 1 {
                    line += "; runs \(spread.text)"
                }
                lines.append(line)
            }
            lines.append("   - → \(node.outcome)")
        }
        if !result.recommendation.remainingWork.isEmpty {
            lines.append("")
            lines.append("What is left to fix in `\(result.recommendation.bestStage?.rawValue ?? "")`:")
            lines.append("")
            for item in result.recommendation.remainingWork { lines.append("- \(item)") }
        }
        lines.append("")
        return lines
    }

    /// The guide's tree as a Mermaid flowchart: the path this workload took drawn thick, its nodes marked ✔.
    private func mermaid() -> [String] {
        let outline = DecisionTreeOutline(result.recommendation)
        let taken = Set(outline.taken.map(mermaidID))
        func label(_ id: String, _ text: String) -> String { taken.contains(id) ? "✔ \(text)" : text }
        var lines = [
            "```mermaid",
            "flowchart TD",
            "    Q1{\"\(label("Q1", "1. Responsive with everything on main?"))\"}",
            "    Q2{\"\(label("Q2", "2. High-latency I/O blocking main?"))\"}",
            "    Q3{\"\(label("Q3", "3. CPU-intensive work on main?"))\"}",
            "    Q4{\"\(label("Q4", "4. Main-actor contention?"))\"}",
            "    S1([\"\(label("S1", "main-only"))\"])",
            "    S2([\"\(label("S2", "async"))\"])",
            "    S3([\"\(label("S3", "offloaded"))\"])",
            "    S4([\"\(label("S4", "actor-extracted"))\"])",
            "    N([\"\(label("N", "none meets the budget"))\"])",
        ]
        for edge in outline.edges {
            lines.append("    \(mermaidID(edge.from)) -->|\"\(mermaidLabel(edge))\"| \(mermaidID(edge.to))")
        }
        // `linkStyle` names edges by their index in the order they were drawn.
        let takenEdges = outline.edges.indices.filter { outline.edges[$0].taken }
        lines.append("    classDef taken stroke-width:4px")
        lines.append("    class \(taken.sorted().joined(separator: ",")) taken")
        lines.append("    linkStyle \(takenEdges.map(String.init).joined(separator: ",")) stroke-width:4px")
        lines.append("```")
        return lines
    }

    /// A node's Mermaid id: `Q1`…`Q4`, `S1`…`S4`, `N`.
    private func mermaidID(_ node: DecisionTreeOutline.Node) -> String {
        switch node {
        case .question(let number): "Q\(number)"
        case .stage(let stage): "S\(stage.number)"
        case .none: "N"
        }
    }

    /// "yes, and async is responsive": what each answer means, question 1's plainly.
    private func mermaidLabel(_ edge: DecisionTreeOutline.Edge) -> String {
        let stage = Stage.allCases[edge.question - 1].rawValue
        return switch (edge.adopts, edge.question == 1) {
        case (true, true): "yes"
        case (false, true): "no"
        case (true, false): "yes, and \(stage) is responsive"
        case (false, false): "no, or \(stage) is not"
        }
    }

    private func unit(_ unit: String) -> String {
        unit.isEmpty ? "" : unit == "%" ? "%" : " \(unit)"
    }

    // MARK: - Anti-patterns

    private func antiPatterns() -> [String] {
        let found = result.recommendation.antiPatterns
        guard !found.isEmpty else { return [] }
        var lines = ["## Anti-patterns", ""]
        for pattern in found {
            lines.append(
                "- **\(pattern.title)** (`\(pattern.id)`, fires when \(pattern.threshold)): \(pattern.evidence) "
                    + "*Fix:* \(pattern.fix)"
            )
        }
        lines.append("")
        return lines
    }

    // MARK: - Migration

    private func migration() -> [String] {
        guard let stage = result.recommendation.advisedStage else { return [] }
        let title =
            result.recommendation.recommendedStage == nil
            ? "## Code at the best stage measured: `\(stage.rawValue)`"
            : "## How to get to `\(stage.rawValue)`"
        var lines = [title, ""]
        for finding in IOBodyAdvice(result: result).findings(before: stage) {
            lines += [smallerChange(finding, instead: stage), ""]
        }
        for step in MigrationPlaybook(workload: result.spec).steps(for: stage) {
            lines.append(step)
            lines.append("")
        }
        let meetsBudget = result.recommendation.recommendedStage != nil
        return lines + (notes?.migration(at: stage, meetsBudget: meetsBudget) ?? [])
    }

    /// The smaller change an `io` body on main may need, before the migration to `stage`.
    private func smallerChange(_ finding: IOBodyAdvice.Finding, instead stage: Stage) -> String {
        let function =
            notes?.declaration(ofCause: finding.cause).map { "`\($0.symbol)`" }
            ?? "the function `\(finding.cause)` calls"
        return "**A smaller change may be enough.** In `\(finding.stage.rawValue)`, "
            + "\(Int((finding.share * 100).rounded()))% of the hitch time was `\(finding.cause)`'s own code on "
            + "main: \(finding.mainMs.reportFormatted) ms of each \(finding.stepMs.reportFormatted) ms call. "
            + "It ran there because this profile gives `io` bodies Swift 6.2's rule (`--io nonsending`: a "
            + "`nonisolated async` function's synchronous parts run on its caller's actor). Marking "
            + "\(function) `@concurrent`, or moving that work into a `compute` step, takes it off main without "
            + "the rest of `\(stage.rawValue)`. `stagehand profile --io concurrent` measures the stages with every "
            + "`io` body off main; if an earlier stage then meets the budget, adopt that stage and the attribute."
    }

    // MARK: - Charts

    private func charts() -> [String] {
        var lines: [String] = []
        if LatencyChart(result: result).hasContent {
            lines += [
                "## Main-loop latency",
                "",
                "![Main-loop latency of every stage as a cumulative distribution, with the frame budget marked]"
                    + "(\(LatencyChart.fileName(for: result.workload)))",
                "",
            ]
        }
        if FrameTimelineChart(result: result).hasContent {
            lines += [
                "## Frames over time",
                "",
                "![When each frame was done after its vsync, one run per stage, hitches marked ×]"
                    + "(\(FrameTimelineChart.fileName(for: result.workload)))",
                "",
            ]
        }
        return lines
    }

    // MARK: - Headroom

    /// How far each stage's step costs can grow, when `--headroom` searched it: a table and a chart.
    private func headroom() -> [String] {
        let searched = result.stages.filter { $0.headroom != nil }
        guard !searched.isEmpty else { return [] }
        let fixed = result.spec.fixedCostSteps
        let probe = searched.compactMap(\.headroom?.probeSeconds).max()
        var lines = [
            "## Headroom: how far the step costs can grow",
            "",
            "Each stage was run again with every step's cost multiplied (`ms` steps, `io` waits included, and kernel "
                + "sizes scaled to keep their work proportional; frame work unchanged), one "
                + (probe.map { "\($0.reportFormatted) s " } ?? "short ")
                + "run per multiplier, bracketing from ×1 and then bisecting to within 10%. A run meets the budget as "
                + "the decision tree judges a stage: responsive, and keeping up with its arrivals."
                + (fixed.isEmpty
                    ? ""
                    : " Steps whose cost cannot scale stayed as they are: "
                        + fixed.map { "`\($0)`" }.joined(separator: ", ") + "."),
            "",
            "| stage | meets the budget up to | met at | missed at |",
            "|---|--:|---|---|",
        ]
        func list(_ multipliers: [Double]) -> String {
            multipliers.isEmpty ? "–" : multipliers.map { "×\(Headroom.format($0))" }.joined(separator: ", ")
        }
        for stage in searched {
            let headroom = stage.headroom!
            lines.append(
                "| \(stage.stage.rawValue) | **\(headroom.text)** | \(list(headroom.metAt)) | \(list(headroom.missedAt)) |"
            )
        }
        lines += [
            "",
            "![Each stage's headroom: the largest multiplier of today's step costs at which it met the budget]"
                + "(\(HeadroomChart.fileName(for: result.workload)))",
            "",
        ]
        return lines
    }

    // MARK: - Main thread and steps

    /// The causes of hitch time, per stage: the largest few overall as rows, the rest summed.
    private func hitchCauses() -> [String] {
        // Results written before hitches were attributed have hitch time without causes: no section for them.
        let measured = result.stages.compactMap { stage in
            stage.metrics.map { (stage: stage.stage, causes: $0.hitchCauses) }
        }.filter { !$0.causes.isEmpty }
        guard !measured.isEmpty else { return [] }
        let shown = 6
        var largest: [String: Double] = [:]
        for stage in measured {
            for cause in stage.causes { largest[cause.cause] = max(largest[cause.cause] ?? 0, cause.msPerS) }
        }
        let causes = largest.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
        var lines = [
            "## What made frames late (hitch time by cause, ms per second)",
            "",
            "Each hitch's time is shared out over what held main from the frame's vsync to its end, in proportion to how "
                + "long each held it (job overhead: main held by no step or frame, such as resuming a task).",
            "",
        ]
        lines.append("| cause | " + measured.map(\.stage.rawValue).joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "--:|", count: measured.count))
        /// The causes among `names` in one stage, together: their ms/s and share of the stage's hitch time.
        func cell(_ names: Set<String>, of causes: [StageMetrics.HitchCause]) -> String {
            let part = causes.filter { names.contains($0.cause) }
            guard !part.isEmpty else { return "–" }
            let sum = StageMetrics.HitchCause(
                cause: "",
                msPerS: part.reduce(0) { $0 + $1.msPerS },
                share: part.reduce(0) { $0 + $1.share }
            )
            return "\(sum.msPerS.reportFormatted) (\(sum.percent)%)"
        }
        for cause in causes.prefix(shown) {
            let cells = measured.map { cell([cause], of: $0.causes) }
            let code = notes?.declaration(ofCause: cause).map { " → `\($0.symbol)`" } ?? ""
            lines.append("| `\(cause)`\(code) | " + cells.joined(separator: " | ") + " |")
        }
        if causes.count > shown {
            let rest = Set(causes.dropFirst(shown))
            let cells = measured.map { cell(rest, of: $0.causes) }
            lines.append("| \(rest.count) other causes | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        if let largest = causes.first { lines += notes?.largestCause(largest) ?? [] }
        return lines
    }

    private func mainThread() -> [String] {
        let measured = result.stages.filter { $0.metrics != nil }
        guard !measured.isEmpty else { return [] }
        var lines = ["## Where the main thread's time went (ms per second of run)", ""]
        lines.append("| | " + measured.map(\.stage.rawValue).joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "--:|", count: measured.count))
        for work in MainWork.allCases {
            let cells = measured.map { ($0.metrics!.mainThreadBusyMsPerS[work.rawValue] ?? 0).reportFormatted }
            let name =
                switch work {
                case .frame: "frame work"
                case .io: "io (a blocking wait, or an io body's code on main)"
                case .overhead: "job overhead (resuming, scheduling, Stagehand's own probes)"
                default: "`\(work.rawValue)` steps"
                }
            lines.append("| \(name) | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        return lines
    }

    private func stepTimings() -> [String] {
        let measured = result.stages.filter { $0.metrics != nil }
        guard !measured.isEmpty else { return [] }
        let loop = result.stages.firstTightLoop
        let timings = measured.map { stage in
            Dictionary(uniqueKeysWithValues: stage.stepTimings.map { ($0.key, $0) })
        }
        let allocations = StepAllocations.of(result.stages)
        var lines = ["## Steps: mean duration in ms, and where each ran", ""]
        lines.append(
            "| interaction | step | " + measured.map(\.stage.rawValue).joined(separator: " | ")
                + (loop.isEmpty ? "" : " | alone in a loop") + (allocations.isEmpty ? "" : " | allocations per run")
                + " |"
        )
        let extraColumns = (loop.isEmpty ? 0 : 1) + (allocations.isEmpty ? 0 : 1)
        lines.append("|---|---|" + String(repeating: "--:|", count: measured.count + extraColumns))
        for (interactionIndex, interaction) in result.spec.interactions.enumerated() {
            for (stepIndex, step) in interaction.steps.enumerated() {
                let key = StepTiming.Key(interaction: interactionIndex, step: stepIndex)
                var cells = timings.map { byKey -> String in
                    guard let timing = byKey[key] else { return "–" }
                    var place =
                        timing.runsOnMain == timing.runs ? "main" : timing.runsOnMain == 0 ? "off main" : "mixed"
                    // An io body's synchronous parts, run on main while its waits were not.
                    if let onMain = timing.meanMainMs { place += ", \(onMain.reportFormatted) of it on main" }
                    let threw = timing.failures.map { ", threw \($0)×" } ?? ""
                    return "\(timing.meanMs.reportFormatted) \(place)\(threw)"
                }
                if !loop.isEmpty { cells.append(loop[key]?.reportFormatted ?? "–") }
                if !allocations.isEmpty { cells.append(allocations[key].map(allocationsCell) ?? "–") }
                let code =
                    notes?.declaration(of: step, in: interaction).map { " → `\($0.symbol)`" }
                    ?? (step.cost.isCode ? " (your code)" : "")
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
        if !loop.isEmpty { lines += benchmarkLoopComparison() }
        return lines + (notes?.codeList() ?? [])
    }

    /// "4", or "2–5" where the stages differ.
    private func allocationsCell(_ allocations: StepAllocations) -> String {
        switch allocations {
        case .agreed(let median): median.reportFormatted
        case .differ(let low, let high): "\(low.reportFormatted)–\(high.reportFormatted)"
        }
    }

    /// The code steps whose cost in the runs differs from their cost alone in a loop: what a benchmark would miss.
    private func benchmarkLoopComparison() -> [String] {
        let lines = TightLoopComparison.differences(in: result).map { comparison in
            let step = result.spec.interactions[comparison.key.interaction].steps[comparison.key.step]
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

    private func failures() -> [String] {
        let failed = result.stages.flatMap { stage in
            (stage.repetitions + (stage.exposureRuns ?? [])).compactMap { run in
                run.failure.map {
                    let label = run.repetition == 0 ? "exposure run" : "repetition \(run.repetition)"
                    return "- `\(stage.stage.rawValue)` \(label) **\(run.status.rawValue)**: \($0)"
                }
            }
        }
        let threw = result.stages.compactMap { stage in stage.thrownErrors(in: result.spec).map { "- \($0)" } }
        guard !failed.isEmpty || !threw.isEmpty else { return [] }
        return ["## What went wrong", ""] + (failed + threw).map(\.markdownCell) + [""]
            + (failed.isEmpty
                ? [] : ["A stage that crashed or hung is not run again; the other stages were measured as usual.", ""])
    }

    // MARK: - Environment

    /// The profile's calibration, and the stage runs that found it more than 3% off and used their own.
    private func workLoop() -> String {
        let profileRate = result.environment.workLoopIterationsPerMs
        let runs = result.stages.flatMap(\.repetitions).filter { $0.status == .ok }
        let ownRates = runs.compactMap(\.calibration?.iterationsPerMs).filter { $0 != profileRate }
        var text = "\(profileRate.reportFormatted) iterations per ms, calibrated once per profile"
        if let low = ownRates.min(), let high = ownRates.max() {
            let range = low == high ? low.reportFormatted : "\(low.reportFormatted)–\(high.reportFormatted)"
            let tolerance = (CalibratedWork.tolerance * 100).reportFormatted
            text +=
                "; \(ownRates.count) of \(runs.count) stage runs measured it more than \(tolerance)% off and "
                + "recalibrated"
            text += " (\(range) iterations per ms)"
        }
        return text
    }

    /// The cores each stage run could use, as `--cores` asked and as the runs themselves saw.
    private func coresText() -> String {
        let environment = result.environment
        var text = "\(environment.cores)"
        if let machine = environment.machineCores {
            text +=
                " of this machine's \(machine) (`--cores \(environment.cores)`: each stage run was restricted to "
                + "them before it started, so main and every pool thread shared them)"
        }
        let seen = Set(result.stages.flatMap(\.repetitions).compactMap(\.cores))
        if !seen.isEmpty, seen != [environment.cores] {
            text += "; the stage runs saw \(seen.sorted().map(String.init).joined(separator: " or ")) cores"
        }
        return text
    }

    /// The allocator, and whether its counts were checked in every stage run.
    private func allocator() -> String {
        let unverified = result.stages.filter { $0.metrics?.allocationsCounted == false }.map(\.stage.rawValue)
        guard !unverified.isEmpty else { return result.environment.allocator }
        var reasons: [String] = []
        for run in result.stages.flatMap(\.repetitions) {
            if let reason = run.allocationCheckFailure, !reasons.contains(reason) { reasons.append(reason) }
        }
        return result.environment.allocator + "; **allocation counts unverified** in "
            + unverified.map { "`\($0)`" }.joined(separator: ", ")
            + ": a known number of allocations, made just before a run, did not read as that number in the "
            + "counter ("
            + (reasons.isEmpty
                ? "on macOS: malloc zone 0 could not be wrapped"
                : reasons.joined(separator: "; "))
            + "), so allocation figures show as unverified"
    }

    private func environment() -> [String] {
        let environment = result.environment
        var rows: [(String, String)] = [
            ("machine", environment.machine),
            ("cores", coresText()),
            ("OS", environment.os),
            ("Swift", environment.swift),
            ("allocator", allocator()),
            ("thread priority", environment.priority),
            ("work loop", workLoop()),
        ]
        if let ioSemantics = environment.ioSemantics { rows.insert(("io bodies", ioSemantics), at: 6) }
        if let probeCost = environment.probeCostMicrosecondsPerStep {
            rows.append(
                (
                    "probe cost",
                    "\(probeCost.reportFormatted) µs per step, measured on this machine before the runs: what the "
                        + "probes add to one offloaded step's records (its pool hop, its timing, the main-actor job it "
                        + "closes and the one it opens), timed in a tight loop on one thread, not inside a run "
                        + "(`stagehand benchmark-probes` measures their effect on a whole run's CPU per interaction)"
                )
            )
        }
        rows += [
            (
                "refresh rate",
                "\(environment.refreshHz.reportFormatted) Hz (budget \(result.spec.frameBudgetMs.reportFormatted) ms)"
            ),
            ("duration", "\(environment.durationSeconds.reportFormatted) s per stage run"),
            ("repetitions", "\(environment.repetitions), stage order rotated each repetition"),
            ("seed", "\(environment.seed)"),
            ("stages run", environment.stages.map(\.rawValue).joined(separator: ", ")),
            ("started", environment.startedAt),
            ("reproduce", "`\(environment.command)`"),
        ]
        if let trace = environment.traceFile {
            rows.append(
                (
                    "trace",
                    "`\(trace)`, to open in ui.perfetto.dev. It was recorded inside the measured runs, so their "
                        + "memory figures and timings include its cost (a lock per event); compare against untraced runs"
                )
            )
        }
        var lines = ["## Environment", "", "| | |", "|---|---|"]
        for (name, value) in rows { lines.append("| \(name) | \(value.markdownCell) |") }
        return lines
    }
}

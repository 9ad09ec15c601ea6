/// The run's environment: machine, cores, allocator, Swift, calibration, and how to reproduce it.
struct EnvironmentSection: ReportSection {
    let environment: RunEnvironment
    let frameBudgetMs: Double
    /// The cores the stage runs saw, when they differ from those asked for.
    let coresSeen: [Int]
    /// The stages whose allocation counts failed their check, and why, in the order first seen.
    let unverifiedStages: [Stage]
    let uncountedReasons: [String]
    /// The stage runs that finished, and the work-loop rates of those that recalibrated.
    let finishedRuns: Int
    let ownRates: [Double]
    /// The stage runs measured again because a wait for a core made every hang of their first attempt: each run's
    /// stage and repetition (0: its exposure run), and that attempt's hangs.
    let remeasured: [(stage: Stage, repetition: Int, first: HangCount)]
    /// "3, stage order rotated each repetition", or the fewest and most runs a stage had.
    let repetitionsText: String

    init(result: ProfileResult) {
        environment = result.environment
        let perStage = result.runsPerStage
        repetitionsText =
            perStage.fewest == perStage.most
            ? "\(perStage.most), stage order rotated each repetition"
            : "\(perStage.fewest)–\(perStage.most) by stage (each until the verdict no longer needed its runs), "
                + "stage order rotated each round"
        frameBudgetMs = result.spec.frameBudgetMs
        let runs = result.stages.flatMap(\.repetitions)
        let seen = Set(runs.compactMap(\.cores))
        coresSeen = seen.isEmpty || seen == [result.environment.cores] ? [] : seen.sorted()
        unverifiedStages = result.stages.filter { $0.metrics?.allocationsCounted == false }.map(\.stage)
        var reasons: [String] = []
        for reason in runs.compactMap(\.allocationCheckFailure) where !reasons.contains(reason) {
            reasons.append(reason)
        }
        uncountedReasons = reasons
        let finished = runs.filter { $0.status == .ok }
        finishedRuns = finished.count
        let profileRate = result.environment.workLoopIterationsPerMs
        ownRates = finished.compactMap(\.calibration?.iterationsPerMs).filter { $0 != profileRate }
        remeasured = result.stages.flatMap { stage in
            (stage.repetitions + (stage.exposureRuns ?? [])).compactMap { run in
                run.remeasured.map { (stage.stage, run.repetition, $0) }
            }
        }
    }

    func rendered() -> [String] {
        var rows: [(String, String)] = [
            ("machine", environment.machine),
            ("cores", cores),
            ("OS", environment.os),
            ("Swift", environment.swift),
            ("allocator", allocator),
            ("thread priority", environment.priority),
            ("work loop", workLoop),
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
                "\(environment.refreshHz.reportFormatted) Hz (budget \(frameBudgetMs.reportFormatted) ms)"
            ),
            ("duration", "\(environment.durationSeconds.reportFormatted) s per stage run"),
            ("repetitions", repetitionsText),
        ]
        if let maxTime = environment.maxTimeSeconds {
            let outOfTime = environment.timeSpent?.outOfTime
            rows.append(
                (
                    "time budget",
                    "\(maxTime.reportFormatted) s (`--max-time`): "
                        + (outOfTime.map { "it ended the runs after \($0.elapsedSeconds.rounded().reportFormatted) s" }
                            ?? "the runs ended within it")
                )
            )
        }
        rows += [
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
        if !remeasured.isEmpty {
            let runs = remeasured.map { run in
                "`\(run.stage.rawValue)` \(run.repetition == 0 ? "exposure run" : "repetition \(run.repetition)") "
                    + "(\(run.first.hangs) hang\(run.first.hangs == 1 ? "" : "s"), main waiting for a core at least "
                    + "\(run.first.coreWaitMs.reportFormatted) ms of one)"
            }
            rows.append(
                (
                    "measured again",
                    runs.joined(separator: ", ") + ": every hang of their first attempt came while main waited for a "
                        + "core (the machine busy), so each was run again from its seed, and the new run replaced it"
                )
            )
        }
        var lines = ["## Environment", "", "| | |", "|---|---|"]
        for (name, value) in rows { lines.append("| \(name) | \(value.markdownCell) |") }
        return lines
    }

    /// The cores each stage run could use, as `--cores` asked and as the runs themselves saw.
    private var cores: String {
        var text = "\(environment.cores)"
        if let machine = environment.machineCores {
            text +=
                " of this machine's \(machine) (`--cores \(environment.cores)`: each stage run was restricted to "
                + "them before it started, so main and every pool thread shared them)"
        }
        if !coresSeen.isEmpty {
            text += "; the stage runs saw \(coresSeen.map(String.init).joined(separator: " or ")) cores"
        }
        return text
    }

    /// The allocator, and whether its counts were checked in every stage run.
    private var allocator: String {
        guard !unverifiedStages.isEmpty else { return environment.allocator }
        return environment.allocator + "; **allocation counts unverified** in "
            + unverifiedStages.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            + ": a known number of allocations, made just before a run, did not read as that number in the "
            + "counter ("
            + (uncountedReasons.isEmpty
                ? "on macOS: malloc zone 0 could not be wrapped"
                : uncountedReasons.joined(separator: "; "))
            + "), so allocation figures show as unverified"
    }

    /// The profile's calibration, and the stage runs that found it more than 3% off and used their own.
    private var workLoop: String {
        let rate = environment.workLoopIterationsPerMs.reportFormatted
        var text = "\(rate) iterations per ms, calibrated once per profile"
        if let low = ownRates.min(), let high = ownRates.max() {
            let range = low == high ? low.reportFormatted : "\(low.reportFormatted)–\(high.reportFormatted)"
            let tolerance = (CalibratedWork.tolerance * 100).reportFormatted
            text +=
                "; \(ownRates.count) of \(finishedRuns) stage runs measured it more than \(tolerance)% off and "
                + "recalibrated"
            text += " (\(range) iterations per ms)"
        }
        return text
    }
}

import Foundation

extension DecisionTree {
    // MARK: - Each stage against the budget, before any comparison

    /// `result`'s stage judged against the budget from its runs, or `nil` when it was not measured (skipped).
    ///
    /// A stage *fails* when any run hung, crashed or had a hang (an event, not noise; unless main's wait for a core
    /// made every hang it had: ``coreWaitHangPhrase(_:)``), or when its runs put a budget
    /// metric above its limit beyond the run-to-run noise (``BudgetInterval``); it *meets* when no run had a hang and
    /// its runs put every modelled budget metric below its limit beyond the noise; otherwise it is *borderline*, within
    /// the noise of a limit, and ``StageJudgment/overall`` says on which side its figures over all its runs (the
    /// stage table's: hitch time pooled, latency histograms merged) fall. The walk follows `overall`. A stage is
    /// judged by its own runs alone, so a later stage is never held back by how much it overlaps an earlier one: the
    /// two are compared only where both meet or both fail.
    func judgment(of result: StageResult, workload: Workload) -> StageJudgment? {
        let stage = result.stage
        let runs = result.judgedRuns
        let meeting = runs.filter(meetsBudgetLimits).count
        func judged(
            _ judgment: StageJudgment.Judgment,
            _ reason: String,
            metric: String? = nil,
            overall: StageJudgment.Judgment? = nil
        ) -> StageJudgment {
            StageJudgment(
                stage: stage,
                judgment: judgment,
                overall: overall
                    ?? (judgment == .borderline ? (responsiveness(of: result).responsive ? .meets : .fails) : judgment),
                runs: runs.count,
                runsMeeting: meeting,
                metric: metric,
                reason: reason
            )
        }
        if let failed = result.repetitions.first(where: { $0.status == .hung || $0.status == .crashed }) {
            return judged(.fails, "\(failed.status.rawValue) in repetition \(failed.repetition)")
        }
        if let failed = result.exposureRuns?.first(where: { $0.status == .hung || $0.status == .crashed }) {
            return judged(.fails, "\(failed.status.rawValue) in its exposure run\(exposedNames(result))")
        }
        guard !runs.isEmpty else { return nil }
        // Unless a busy machine made every hang, measured again or not: then neither failed nor passed on it, and the
        // walk goes on past it (its figures over all runs may leave out the hangs of its exposure or first arrivals).
        if let waited = coreWaitHangPhrase(result) {
            return judged(.borderline, waited, metric: Metric.of(.hangs).name, overall: .fails)
        }
        // A hang is per arrival: one arrival of any interaction, however rare, that held main that long fails the stage.
        if let hang = Self.longestHang(in: result) {
            return judged(.fails, hangPhrase(hang, workload: workload))
        }
        // So is its first arrival in a fresh process, however cold: a person meets it each time they launch the app.
        if let cold = Self.firstArrivalHang(in: result) {
            return judged(.fails, firstArrivalHangPhrase(cold))
        }
        let withHangs = runs.filter { $0.hangs > 0 }.count
        if withHangs > 0 {
            return judged(
                .fails,
                "a hang ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms in \(withHangs) of \(runs.count) "
                    + "run\(runs.count == 1 ? "" : "s")"
            )
        }
        if result.exposureHangs > 0 {
            return judged(.fails, "a hang ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms in its exposure run")
        }
        let intervals = budgetIntervals(of: result, workload: workload)
        if let above = intervals.first(where: { $0.side == .above }) {
            return judged(
                .fails,
                phrase(above) + ", above < \(above.limit.reportFormatted) beyond the run-to-run noise"
            )
        }
        // Meeting the budget is a claim too: every arrival must have been seen to its end (what an unfinished one does
        // later is not in the runs, so no noise interval can settle it), each interaction often enough, and hitch-free
        // runs must be long enough to bound the hitch time below its limit.
        if let unfinished = result.interactions?.first(where: { $0.unfinished > 0 }) {
            return judged(
                .borderline,
                unfinishedPhrase(unfinished, workload: workload),
                metric: Metric.of(.hitchTimeRatio).name
            )
        }
        if intervals.allSatisfy({ $0.side == .below }) {
            // (Every arrival finished here, so all of them count.)
            if let unseen = result.interactions?.first(where: { $0.allArrivals < InteractionExposure.minimumArrivals })
            {
                return judged(
                    .borderline,
                    "`\(unseen.interaction)` arrived \(unseen.allArrivals) time\(unseen.allArrivals == 1 ? "" : "s") "
                        + "in it, too few to judge what one arrival does (at least "
                        + "\(InteractionExposure.minimumArrivals))",
                    metric: Metric.of(.hitchTimeRatio).name
                )
            }
            if let knockOn = knockOnPhrase(result) {
                return judged(.borderline, knockOn, metric: Metric.of(.hitchTimeRatio).name)
            }
            if let bound = hitchFreeBound(of: result, workload: workload),
                bound.msPerS >= thresholds.hitchTimeRatioMsPerS
            {
                return judged(.borderline, bound.reason, metric: Metric.of(.hitchTimeRatio).name)
            }
            let all = runs.count == 1 ? "its one run" : "all \(runs.count) runs"
            return judged(
                .meets,
                meeting == runs.count
                    ? "met the budget in \(all)"
                    : "met the budget in \(meeting) of \(runs.count) runs, and is below it beyond the run-to-run noise "
                        + "over them all"
            )
        }
        let within = intervals.first { $0.side == .within }!
        if runs.count < thresholds.minimumRuns, meeting == runs.count {
            // Below every limit in each run, but an early look's margin cannot claim it: too few runs, not noise.
            return judged(
                .borderline,
                "met the budget in \(runs.count == 1 ? "its one run" : "both its runs"), too few to claim it meets "
                    + "(at least \(thresholds.minimumRuns))",
                metric: Metric.of(within.metric).name
            )
        }
        return judged(
            .borderline,
            phrase(within) + ", within the run-to-run noise of < \(within.limit.reportFormatted)",
            metric: Metric.of(within.metric).name
        )
    }

    /// Why a stage below the hitch limit may not be: the knock-on hitches of its rare interactions
    /// (``InteractionExposure/knockOnHitchMsPerS``), which its figures leave out, would take it to the limit. "counting
    /// the hitches `open` causes elsewhere (others' steps and frames late behind it: 1.2 ms/s at its rate) takes its
    /// hitch-time ratio from 4.1 to 5.3 ms/s, at or past < 5". `nil` when they would not.
    func knockOnPhrase(_ result: StageResult) -> String? {
        guard let (hitch, extra, causing) = result.knockOn, hitch + extra >= thresholds.hitchTimeRatioMsPerS
        else { return nil }
        let names = causing.map { "`\($0.interaction)`" }.joined(separator: ", ")
        return "counting the hitches \(names) \(causing.count == 1 ? "causes" : "cause") elsewhere (others' steps and "
            + "frames late behind \(causing.count == 1 ? "it" : "them"): \(extra.reportFormatted) ms/s at "
            + "\(causing.count == 1 ? "its rate" : "their rates")) takes its hitch-time ratio from "
            + "\(hitch.reportFormatted) to \((hitch + extra).reportFormatted) ms/s, at or past < "
            + "\(thresholds.hitchTimeRatioMsPerS.reportFormatted)"
    }

    /// Whether `result`'s stage had a hang ≥ 250 ms anywhere: in a run, in its exposure runs, or in an arrival's hold,
    /// its first arrivals' included (an event, which fails a stage however few its runs).
    static func hung(_ result: StageResult) -> Bool {
        longestHang(in: result) != nil || firstArrivalHang(in: result) != nil || result.exposureHangs > 0
            || result.judgedRuns.contains { $0.hangs > 0 }
    }

    /// The interaction whose arrivals held main for a hang's length, the longest of them: what a stage's hang is
    /// named after.
    static func longestHang(in result: StageResult) -> InteractionExposure? {
        result.interactions?.filter { $0.hangs > 0 }.max { $0.longestBlockMs < $1.longestBlockMs }
    }

    /// The interaction whose first arrival in a fresh process held main for a hang's length
    /// (``InteractionExposure/firstBlockMs``), the longest of them.
    static func firstArrivalHang(in result: StageResult) -> InteractionExposure? {
        result.interactions?.filter { ($0.firstBlockMs ?? 0) >= StageMetrics.hangThresholdMs }
            .max { ($0.firstBlockMs ?? 0) < ($1.firstBlockMs ?? 0) }
    }

    /// "`open`'s first arrival in a fresh process held main for 300 ms at once, a hang ≥ 250 ms".
    func firstArrivalHangPhrase(_ cold: InteractionExposure) -> String {
        "`\(cold.interaction)`'s first arrival in a fresh process held main for "
            + "\((cold.firstBlockMs ?? 0).reportFormatted) ms at once, a hang ≥ "
            + "\(StageMetrics.hangThresholdMs.reportFormatted) ms"
    }

    /// "`poll`: 3 of its 12 arrivals were still unfinished when their run ended, each run following its arrivals for
    /// up to 8.6 s after they stopped: what they do after that is not measured".
    func unfinishedPhrase(_ interaction: InteractionExposure, workload: Workload) -> String {
        let one = interaction.unfinished == 1
        return "`\(interaction.interaction)`: \(interaction.unfinished) of its \(interaction.allArrivals) arrival"
            + "\(interaction.allArrivals == 1 ? "" : "s") \(one ? "was" : "were") still unfinished when "
            + "\(one ? "its" : "their") run ended, each run following its arrivals for up to \(workload.followThroughSeconds.reportFormatted) s "
            + "after they stopped: what \(one ? "it does" : "they do") after that is not measured"
    }

    /// "`refresh` held main for 312 ms at once (`io: fetch`), a hang ≥ 250 ms, 3 times in its 4 arrivals", and, for a
    /// `ui` step, that no stage can move it.
    func hangPhrase(_ hang: InteractionExposure, workload: Workload) -> String {
        let step = hang.longestStepOnMain.map { " (`\($0)`)" } ?? ""
        let longest = hang.longestStepOnMain.flatMap(HitchCauseNames(workload).step(labelled:))
        let ui =
            longest.flatMap(workload.step(at:))?.kind == .ui
            ? "; a `ui` step runs on main in every stage, so no stage can move it: split it or make it cheaper" : ""
        return "`\(hang.interaction)` held main for \(hang.longestBlockMs.reportFormatted) ms at once\(step), a hang ≥ "
            + "\(StageMetrics.hangThresholdMs.reportFormatted) ms, \(hang.hangs == 1 ? "once" : "\(hang.hangs) times") in its "
            + "\(hang.allArrivals) arrival\(hang.allArrivals == 1 ? "" : "s")\(ui)"
    }

    /// " (3 arrivals each of `refresh`)", " (3 arrivals of `refresh`, 27 of `open`)": the rare interactions `result`'s
    /// exposure runs scheduled, with their arrivals there (at least the first exposure run's 3: a run that failed
    /// recorded none).
    private func exposedNames(_ result: StageResult) -> String {
        let exposed = (result.interactions ?? []).filter(\.estimated).map { interaction in
            (
                name: interaction.interaction,
                arrivals: max(interaction.exposureArrivals, InteractionExposure.minimumArrivals)
            )
        }
        guard let first = exposed.first else { return "" }
        if exposed.allSatisfy({ $0.arrivals == first.arrivals }) {
            return " (\(first.arrivals) arrivals\(exposed.count == 1 ? "" : " each") of "
                + exposed.map { "`\($0.name)`" }.joined(separator: ", ") + ")"
        }
        return " (" + exposed.map { "\($0.arrivals) of `\($0.name)`" }.joined(separator: ", ") + ")"
    }

    /// What hitch-free runs say about a stage's hitch time: zero hitches in S seconds bound the rate of hitches only
    /// below −ln(α)/S at level α (``Thresholds/falseMeetsRate``), each at least one refresh interval P, so the
    /// hitch-time ratio only below −ln(α)·P/S. S is the ordinary runs' arrival windows, and the exposure run's when it
    /// was hitch-free too. `nil` when the ordinary runs had hitch time (their interval judges them), or when no arrival
    /// came near a hitch: the exposure run hitch-free as well, and every interaction's typical longest hold on main
    /// (``InteractionExposure/typicalLongestBlockMs``), or its tail hold where it had enough arrivals for one
    /// (``InteractionExposure/tailBlockMs``, when longer), plus the frame's own work under
    /// ``Thresholds/hitchFreeMargin`` of P. Runs recorded without interaction samples are judged as before they were (`nil`).
    ///
    /// - Parameter runs: the number of ordinary runs to bound the ratio over, when not `result`'s own (for how many
    ///   runs would settle it), each as long as its runs on average.
    func hitchFreeBound(
        of result: StageResult,
        workload: Workload,
        runs count: Int? = nil
    ) -> (msPerS: Double, reason: String)? {
        let runs = result.judgedRuns
        guard let interactions = result.interactions, !runs.isEmpty, runs.allSatisfy({ $0.hitchTimeRatioMsPerS == 0 })
        else { return nil }
        let exposure = (result.exposureRuns ?? []).compactMap(\.metrics)
        let exposureHitchFree = exposure.allSatisfy { $0.hitchTimeRatioMsPerS == 0 }
        let budget = workload.frameBudgetMs
        let longest = interactions.map { max($0.typicalLongestBlockMs, $0.tailBlockMs ?? 0) }.max() ?? 0
        let nearAHitch = longest + workload.frameWorkMs >= budget * thresholds.hitchFreeMargin
        guard nearAHitch || !exposureHitchFree else { return nil }
        let runSeconds = runs.reduce(0) { $0 + $1.arrivalSeconds } / Double(runs.count)
        let exposureSeconds = exposureHitchFree ? exposure.reduce(0) { $0 + $1.arrivalSeconds } : 0
        let seconds = runSeconds * Double(count ?? runs.count) + exposureSeconds
        guard seconds > 0 else { return nil }
        let events = -log(thresholds.falseMeetsRate)
        let bound = events * budget / seconds
        let needed = ((events * budget / thresholds.hitchTimeRatioMsPerS - exposureSeconds) / Double(runs.count))
            .rounded(.up)
        let why =
            nearAHitch
            ? "an interaction typically held main for \(longest.reportFormatted) ms, near the "
                + "\(budget.reportFormatted) ms budget with the frame's work"
            : "its exposure run had hitch time"
        return (
            bound,
            "no hitch in \(seconds.reportFormatted) s of runs, but \(why): so few seconds bound its hitch-time ratio "
                + "only below \(bound.reportFormatted) ms/s (longer runs settle it: `--duration "
                + "\(max(needed, 1).reportFormatted)`)"
        )
    }

    /// Each noise-modelled budget metric (``NoiseModel/metrics``) of `result`'s runs as the verdict reads them
    /// (``StageResult/judgedRuns``) against its limit, at the level the error control gives each test. Each interval
    /// is centred on the stage's own figure, the one its table, path and summary show (hitch time pooled over the
    /// runs, input latency p99 of their histograms merged), and spreads as its runs do.
    func budgetIntervals(of result: StageResult, workload: Workload) -> [BudgetInterval] {
        let runs = result.judgedRuns
        guard !runs.isEmpty else { return [] }
        let seconds = runs.map(\.arrivalSeconds).reduce(0, +) / Double(runs.count)
        // The rare interactions' share of the hitch time is an estimate, the same in every run (``InteractionExposure``).
        let rare = (result.interactions ?? []).filter(\.estimated)
        let estimated = rare.reduce(0) { $0 + $1.hitchMsPerS }
        let error = rare.map { $0.estimateStandardError(budgetMs: workload.frameBudgetMs) }
            .reduce(0) { $0 + $1 * $1 }.squareRoot()
        // Before runs enough to show their spread, a wider margin at a smaller level (``Thresholds/level(runs:)``).
        let factor = thresholds.spreadFactor(runs: runs.count)
        return NoiseModel.metrics.map { id in
            let metric = Metric.of(id)
            return BudgetInterval(
                metric: id,
                values: runs.map(metric.value),
                figure: result.metrics.map(metric.value),
                limit: budgetLimit(id),
                level: thresholds.level(runs: runs.count),
                estimated: id == .hitchTimeRatio ? estimated : 0,
                estimatedStandardError: id == .hitchTimeRatio ? error : 0
            ) { mean in
                factor
                    * thresholds.noise.standardDeviation(
                        of: id,
                        atMean: mean,
                        budgetMs: workload.frameBudgetMs,
                        seconds: seconds > 0 ? seconds : workload.durationSeconds
                    )
            }
        }
    }

    /// "hitch-time ratio 0–5.56 ms/s in its runs (mean 1.85 ± 4.77)".
    /// "input latency p99 40–160 ms in its runs (over all its runs 120 ± 52)": the runs' range, then the stage's figure.
    private func phrase(_ interval: BudgetInterval) -> String {
        let metric = Metric.of(interval.metric)
        let range = ValueRange(interval.values).map { $0.min == $0.max ? $0.min.reportFormatted : $0.text } ?? "–"
        let unit = metric.unit.symbol.isEmpty ? "" : " \(metric.unit.symbol)"
        let figure = interval.metric == .inputLatency ? "over all its runs" : "mean"
        return "\(metric.name) \(range)\(unit) in its runs (\(figure) \(interval.mean.reportFormatted) ± "
            + "\(interval.halfWidth().reportFormatted))"
    }
}

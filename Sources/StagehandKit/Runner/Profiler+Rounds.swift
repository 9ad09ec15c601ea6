import Foundation

extension Profiler {
    /// Runs the rounds of the ``RoundSchedule``, one child process per stage run, adding each measured run to `trace`,
    /// and returns one result per stage (all four, in journey order; unselected ones skipped). When the wall-time
    /// budget (``ProfileOptions/maxSeconds``) ends the runs, what it cut short goes to `progress`
    /// (``Progress/outOfTime``), where the profile's clock keeps it with the rest of its time
    /// (``ProfileTimes/outOfTime``).
    ///
    /// - Parameter workloadFile: where ``workload`` is written for the children.
    /// - Throws: ``ProfileInterrupted`` when interrupted before a run; otherwise only when the tool itself fails.
    func runRounds(
        workloadFile: URL,
        trace: inout TraceCollection,
        interruption: Interruption,
        progress: @Sendable (Progress) -> Void
    ) async throws -> [StageResult] {
        // Which stages' runs an unsettled verdict still needs, tested at the level the final verdict uses.
        let tree = options.decisionTree
        var schedule = RoundSchedule(options: options, minimumRuns: tree.thresholds.minimumRuns)
        var budget = options.maxSeconds.map { TimeBudget(seconds: $0, started: started) }
        var results: [Stage: [RepetitionResult]] = [:]
        var exposure: [Stage: [RepetitionResult]] = [:]
        /// What the budget cut short when it ended the runs: the later runs of `leftInRound`, or exposure runs of
        /// `exposureWindow` seconds of arrival window in all.
        var cut: (leftInRound: [Stage], exposureWindow: Double)?
        /// The runs whose arrivals say whether an interaction needs an exposure run: a table run's second does not.
        func ordinary() -> [Stage: [RepetitionResult]] {
            results.filter { !schedule.tableRunStages.contains($0.key) }
        }
        /// One ordinary run of `stage` (a table run when the round is of them), added to `results` and `trace`.
        func run(_ stage: Stage, tableRun: (workload: Workload, file: URL)?) async throws {
            let begun = Instant.now
            let repetition = schedule.ran(stage)
            let run = tableRun ?? (workload, workloadFile)
            // A fixed design says how many runs it plans; one that stops when decided cannot.
            let of = options.stopsWhenDecided ? 0 : max(schedule.round, schedule.repetitions)
            let result = try await measuring(
                stage,
                repetition: repetition,
                of: of,
                durationSeconds: run.workload.durationSeconds,
                interruption: interruption,
                progress: progress
            ) {
                try await runOnce(
                    stage,
                    of: run.workload,
                    in: run.file,
                    interruption: interruption,
                    repetition: repetition,
                    seed: schedule.seed(ofRepetition: repetition),
                    traceFile: trace.recordingFile(of: stage, repetition: repetition),
                    firstArrivals: repetition == 1
                )
            }
            budget?.ran(window: run.workload.durationSeconds, since: begun)
            if result.status != .ok { schedule.stageFailed(stage) }
            trace.add(result, of: stage, repetition: repetition, progress: progress)
            results[stage, default: []].append(result)
            progress(.finished(stage, repetition: repetition, of: of, result))
        }
        /// The round of table runs, when `round` is one: each stage the verdict did not read, once, briefly.
        func tableRun(_ round: [Stage]) throws -> (workload: Workload, file: URL)? {
            guard schedule.isTableRound else { return nil }
            let run = try writeTableRun(beside: workloadFile)
            progress(.tableRuns(round, seconds: run.workload.durationSeconds))
            return run
        }
        /// The stages whose next run the verdict on the runs so far needs, given those not yet run.
        func needing(_ unmeasured: Set<Stage>) -> Set<Stage> {
            tree.stagesNeedingRuns(workload, results: stageResults(results, exposure: exposure), unmeasured: unmeasured)
        }
        /// Each run of `round`, whatever the budget (first runs and table runs).
        func runAll(_ round: [Stage]) async throws {
            let table = try tableRun(round)
            for stage in round {
                if let signal = interruption.received { throw ProfileInterrupted(signal: signal) }
                try await run(stage, tableRun: table)
            }
        }
        rounds: while true {
            let round = schedule.nextRound(needing: needing)
            guard !round.isEmpty else { break }
            // Stages running again; a fixed design's first rounds are planned, not asked for.
            let again = round.filter { schedule.runs[$0, default: 0] > 0 }
            if !again.isEmpty, options.stopsWhenDecided || schedule.round > schedule.repetitions {
                progress(.moreRuns(again, round: schedule.round, cap: schedule.cap))
            }
            let table = try tableRun(round)
            for (index, stage) in round.enumerated() {
                if let signal = interruption.received { throw ProfileInterrupted(signal: signal) }
                // Every selected stage runs once, whatever the budget: the side-by-side table has every stage.
                if schedule.runs[stage, default: 0] > 0, let budget,
                    !budget.fits(window: workload.durationSeconds)
                {
                    cut = (round[index...].filter { schedule.runs[$0, default: 0] > 0 }, 0)
                    break rounds
                }
                try await run(stage, tableRun: table)
            }
            // A stage's exposure run, and its top-up, follow its `repetitions`-th run: in a fixed design every stage's,
            // after the rounds asked for; otherwise only those of the stages the verdict still needed by then.
            let due = schedule.exposureDue(in: round)
            if !due.isEmpty {
                guard
                    let exposed = try await runExposure(
                        of: due,
                        after: ordinary(),
                        workloadFile: workloadFile,
                        budget: &budget,
                        interruption: interruption,
                        progress: progress
                    )
                else {
                    cut = ([], workload.exposureRun.durationSeconds * Double(due.count))
                    break rounds
                }
                exposure.merge(exposed) { $1 }
                let leftOut = try await topUp(
                    due,
                    exposure: &exposure,
                    after: ordinary(),
                    workloadFile: workloadFile,
                    budget: &budget,
                    interruption: interruption,
                    progress: progress
                )
                for stage in due where (exposure[stage] ?? []).contains(where: { $0.status != .ok }) {
                    schedule.stageFailed(stage)  // it failed when the rare interaction came: no later run repeats it
                }
                guard leftOut == 0 else {
                    cut = ([], leftOut)
                    break rounds
                }
            }
        }
        if let cut {
            // Every stage still runs once: those the walk reaches in full, one at a time as it reaches them; the
            // others, their table runs.
            while case let round = schedule.firstRound(needing: needing), !round.isEmpty {
                try await runAll(round)
            }
            try await runAll(schedule.tableRound())
            // Reckoned with the budget as those runs left it: its time spent, and its wall time per window second.
            if let budget {
                progress(
                    .outOfTime(
                        shortfall(
                            budget,
                            schedule: schedule,
                            leftInRound: cut.leftInRound,
                            results: stageResults(results, exposure: exposure),
                            exposureWindow: cut.exposureWindow,
                            exposureDue: !interactionsToExpose(after: ordinary()).isEmpty
                        )
                    )
                )
            }
        }
        return stageResults(results, exposure: exposure)
    }

    /// What the wall-time `budget` cut short when it ended the runs: the stages left in the round it stopped
    /// (`leftInRound`) and those the verdict on `results` still needs, each to the runs a decision reads
    /// (``RoundSchedule/repetitions`` in a fixed design) or one more, up to the cap; and the exposure runs (or
    /// top-ups) it left out.
    private func shortfall(
        _ budget: TimeBudget,
        schedule: RoundSchedule,
        leftInRound: [Stage],
        results: [StageResult],
        exposureWindow: Double,
        exposureDue: Bool
    ) -> TimeShortfall {
        let tree = options.decisionTree
        let target = options.stopsWhenDecided ? schedule.minimumRuns : schedule.repetitions
        let needed = Set(leftInRound).union(tree.stagesNeedingRuns(workload, results: results))
        var moreRuns: [Stage: Int] = [:]
        for stage in needed where !schedule.failed.contains(stage) {
            let runs = schedule.runs[stage, default: 0]
            let more = min(max(target - runs, 1), schedule.cap - runs)
            if more > 0 { moreRuns[stage] = more }
        }
        // A stage whose runs left out reach its `repetitions`-th would have had its exposure run after it too.
        let reaching = moreRuns.filter { stage, more in
            let runs = schedule.runs[stage, default: 0]
            return runs < schedule.repetitions && runs + more >= schedule.repetitions
        }
        let exposureWindow =
            exposureWindow + (exposureDue ? workload.exposureRun.durationSeconds * Double(reaching.count) : 0)
        let window = Double(moreRuns.values.reduce(0, +)) * workload.durationSeconds + exposureWindow
        return TimeShortfall(
            budgetSeconds: budget.seconds,
            elapsedSeconds: budget.elapsedSeconds,
            moreRuns: moreRuns,
            exposureSkipped: exposureWindow > 0,
            moreSeconds: budget.expectedSeconds(ofWindows: window)
        )
    }

    /// One exposure run of each of `stages` (those that have not failed), when the workload has interactions that the
    /// ordinary runs so far (`results`) may not have exercised enough (``Workload/interactionsToExpose(arrivals:)``):
    /// those arrive three times each, one at a time (``ExposurePlan``), beside the others as declared
    /// (``Workload/exposureRun``).
    ///
    /// - Returns: each stage's exposure run; empty when no interaction needs one; `nil` when they do not fit in the
    ///   wall-time `budget`.
    private func runExposure(
        of stages: [Stage],
        after results: [Stage: [RepetitionResult]],
        workloadFile: URL,
        budget: inout TimeBudget?,
        interruption: Interruption,
        progress: @Sendable (Progress) -> Void
    ) async throws -> [Stage: [RepetitionResult]]? {
        let exposed = interactionsToExpose(after: results)
        guard !exposed.isEmpty else { return [:] }
        let run = try writeExposureRun(beside: workloadFile)
        if let budget, !budget.fits(window: run.workload.durationSeconds * Double(stages.count)) { return nil }
        progress(.exposing(exposed.map { workload.interactions[$0].name }, stages: stages.count))
        var exposure: [Stage: [RepetitionResult]] = [:]
        for stage in stages {
            let begun = Instant.now
            exposure[stage] = [
                try await exposureRun(
                    stage,
                    exposing: exposed,
                    seed: options.seed,
                    run: run,
                    interruption: interruption,
                    progress: progress
                )
            ]
            budget?.ran(window: run.workload.durationSeconds, since: begun)
        }
        return exposure
    }

    /// One more exposure run of each of `stages` (those that have not failed) in which an interaction's holds on main
    /// are more than its arrivals so far can bound (``ArrivalTopUp``), added to the stage's `exposure`; drawn from a
    /// seed of its own, so its arrivals fall at other phases of the frame grid.
    ///
    /// - Returns: the arrival windows, in seconds, of the top-ups left out: from the first that did not fit in the
    ///   wall-time `budget` on, none runs; 0 when every one ran.
    private func topUp(
        _ stages: [Stage],
        exposure: inout [Stage: [RepetitionResult]],
        after results: [Stage: [RepetitionResult]],
        workloadFile: URL,
        budget: inout TimeBudget?,
        interruption: Interruption,
        progress: @Sendable (Progress) -> Void
    ) async throws -> Double {
        var leftOut = 0.0
        for stage in stages where !(exposure[stage] ?? []).contains(where: { $0.status != .ok }) {
            let sofar = StageResult(
                stage: stage,
                repetitions: results[stage] ?? [],
                exposureRuns: exposure[stage] ?? [],
                workload: workload
            )
            guard let plan = ArrivalTopUp(sofar, workload: workload, tree: options.decisionTree) else { continue }
            // Its window spans its arrivals, so each comes beside the others as declared (its knock-on among them).
            let run = try writeExposureRun(beside: workloadFile, windowSeconds: plan.windowSeconds)
            if leftOut > 0 || budget.map({ !$0.fits(window: run.workload.durationSeconds) }) == true {
                leftOut += run.workload.durationSeconds
                continue
            }
            progress(.toppingUp(stage, plan.exposing.map { workload.interactions[$0].name }, arrivals: plan.rounds))
            let begun = Instant.now
            exposure[stage, default: []].append(
                try await exposureRun(
                    stage,
                    exposing: plan.exposing,
                    rounds: plan.rounds,
                    seed: options.seed &+ 0x746F_7075_70,  // "topup": phases apart from the first exposure run's
                    run: run,
                    interruption: interruption,
                    progress: progress
                )
            )
            budget?.ran(window: run.workload.durationSeconds, since: begun)
        }
        return leftOut
    }

    /// The workload of an exposure run (``Workload/exposureRun``, its window at least `windowSeconds`), written beside
    /// `workloadFile` for its children.
    private func writeExposureRun(
        beside workloadFile: URL,
        windowSeconds: Double = 0
    ) throws -> (workload: Workload, file: URL) {
        let file = workloadFile.deletingLastPathComponent().appending(path: "exposure.json")
        var run = workload.exposureRun
        run.durationSeconds = max(run.durationSeconds, windowSeconds)
        try JSONEncoder().encode(run).write(to: file)
        return (run, file)
    }

    /// The workload of a table run (``Workload/tableRun``), written beside `workloadFile` for its children.
    private func writeTableRun(beside workloadFile: URL) throws -> (workload: Workload, file: URL) {
        let file = workloadFile.deletingLastPathComponent().appending(path: "table.json")
        let run = workload.tableRun
        try JSONEncoder().encode(run).write(to: file)
        return (run, file)
    }

    /// One exposure run of `stage` (`run`: its workload, and the file it is written to), `exposing` these interactions
    /// `rounds` times each, one at a time, from `seed`. Reported to `progress` as repetition 0; not traced (a trace
    /// shows the ordinary runs).
    private func exposureRun(
        _ stage: Stage,
        exposing: [Int],
        rounds: Int = InteractionExposure.minimumArrivals,
        seed: UInt64,
        run: (workload: Workload, file: URL),
        interruption: Interruption,
        progress: @Sendable (Progress) -> Void
    ) async throws -> RepetitionResult {
        if let signal = interruption.received { throw ProfileInterrupted(signal: signal) }
        let result = try await measuring(
            stage,
            repetition: 0,
            of: 0,
            durationSeconds: run.workload.durationSeconds,
            interruption: interruption,
            progress: progress
        ) {
            try await runOnce(
                stage,
                of: run.workload,
                in: run.file,
                interruption: interruption,
                repetition: 0,
                seed: seed,
                timesTightLoop: false,
                exposing: exposing,
                exposureRounds: rounds
            )
        }
        progress(.finished(stage, repetition: 0, of: 0, result))
        return result
    }

    /// One run of `stage` by `measure`, announced to `progress` as repetition `repetition` of `of` (0: an exposure
    /// run); measured once more, from the same seed in a fresh process, when main's wait for a core made every hang
    /// in it (``RepetitionResult/remeasurable``: the machine's other work stretched main's jobs past a hang's length).
    /// The new run replaces it and records the first attempt: a hang the stage makes comes back and counts; one a busy
    /// spell of the machine made rarely does.
    private func measuring(
        _ stage: Stage,
        repetition: Int,
        of: Int,
        durationSeconds: Double,
        interruption: Interruption,
        progress: @Sendable (Progress) -> Void,
        _ measure: () async throws -> RepetitionResult
    ) async throws -> RepetitionResult {
        let started = Progress.started(stage, repetition: repetition, of: of, durationSeconds: durationSeconds)
        progress(started)
        let result = try await measure()
        guard let first = result.remeasurable else { return result }
        progress(.finished(stage, repetition: repetition, of: of, result))
        if let signal = interruption.received { throw ProfileInterrupted(signal: signal) }
        progress(.remeasuring(stage, first))
        progress(started)
        var again = try await measure()
        again.remeasured = first
        return again
    }

    /// One result per stage, all four in journey order, from the runs so far.
    private func stageResults(
        _ runs: [Stage: [RepetitionResult]],
        exposure: [Stage: [RepetitionResult]]
    ) -> [StageResult] {
        Stage.allCases.map { stage in
            StageResult(
                stage: stage,
                repetitions: (runs[stage] ?? []).sorted { $0.repetition < $1.repetition },
                exposureRuns: exposure[stage] ?? [],
                workload: workload
            )
        }
    }
}

extension Profiler {
    /// The interactions an exposure run would schedule after the ordinary runs `results`: those they may not have
    /// exercised enough (``Workload/interactionsToExpose(arrivals:)``).
    func interactionsToExpose(after results: [Stage: [RepetitionResult]]) -> [Int] {
        let arrivals = results.values.map { runs in
            workload.interactions.indices.map { index in
                runs.compactMap(\.interactions).reduce(0) { $0 + ($1.indices.contains(index) ? $1[index].arrivals : 0) }
            }
        }
        return workload.interactionsToExpose(arrivals: arrivals)
    }
}

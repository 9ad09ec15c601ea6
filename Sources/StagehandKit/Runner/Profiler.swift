import Foundation

/// Profiles a workload: every selected stage, each run in a child process of its own under a watchdog, until the
/// verdict no longer needs more runs of any (or R times each, when asked for a fixed number).
///
/// Rounds interleave the stages (round r starts r − 1 stages further along), so a slow spell of the machine does not
/// land on one stage alone. A stage that crashes or hangs is not run again; the others still are. The order and when
/// each stage stops are the ``RoundSchedule``'s, the trace is a ``TraceCollection``'s.
package struct Profiler: Sendable {
    /// What the profiler is doing, for a progress display.
    package enum Progress: Sendable {
        /// A stage run starts; repetition 0 is the stage's exposure run.
        case started(Stage, repetition: Int, of: Int, durationSeconds: Double)
        case finished(Stage, repetition: Int, of: Int, RepetitionResult)
        /// The trace could not be written (the profile goes on without it): why.
        case traceNotWritten(String)
        /// Something the user should know that changes nothing measured, e.g. a search that cannot run.
        case warning(String)
        /// Main's wait for a core made every hang of the run of `stage` that just finished, these (the machine busy
        /// with other work): it is measured again, from the same seed, and the new run replaces it.
        case remeasuring(Stage, HangCount)
        /// The verdict is not decided on the runs so far: round `round`, beyond those planned at the start, follows,
        /// with one more run of each of these stages (each stage up to `cap` runs). A profile that stops each stage
        /// when decided plans the first run of each stage its walk reaches (announced by its run alone); a fixed
        /// one, the rounds `--repetitions` asks for.
        case moreRuns([Stage], round: Int, cap: Int)
        /// The verdict no longer needs runs, and did not read these stages: each has one table run of `seconds`
        /// (``RoundSchedule/isTableRound``), for the side-by-side table.
        case tableRuns([Stage], seconds: Double)
        /// An exposure run of each of `stages` stages follows, scheduling these interactions' arrivals on purpose.
        case exposing([String], stages: Int)
        /// One more exposure run of `stage` follows, with `arrivals` more of each of these interactions, whose holds on
        /// main are more than their arrivals so far can bound (``ArrivalTopUp``).
        case toppingUp(Stage, [String], arrivals: Int)
        /// The wall-time budget (`--max-time`) ended the runs before the verdict was decided: what it cut short.
        case outOfTime(TimeShortfall)
        /// The headroom search ran `stage` with its step costs × `multiplier` for `durationSeconds`: whether it met
        /// the budget.
        case headroomProbe(Stage, multiplier: Double, met: Bool, durationSeconds: Double)
    }

    package var workload: Workload
    package var options: ProfileOptions
    /// The `stagehand` executable, whose hidden `run-stage` command runs one stage.
    package var executable: URL
    /// This machine's work loop, measured once for the whole profile so that `ms: N` is the same work in every
    /// stage and repetition.
    package var calibration: CalibratedWork
    /// When the profile started: its wall-time budget (``ProfileOptions/maxSeconds``) counts from here.
    package var started: Instant

    package init(
        workload: Workload,
        options: ProfileOptions,
        executable: URL,
        calibration: CalibratedWork,
        started: Instant = .now
    ) {
        self.workload = workload
        self.options = options
        self.executable = executable
        self.calibration = calibration
        self.started = started
    }

    /// Runs the profile and returns one result per stage (all four, in journey order; unselected ones skipped).
    ///
    /// When ``ProfileOptions/traceFile`` is set, every measured run that finished also goes into one
    /// ``ChromeTrace`` there, put in place once all have run. A trace that cannot be written is reported through
    /// `progress` and dropped; it never costs the profile its results. With ``ProfileOptions/headroom``, each stage
    /// that ran cleanly then has its ``Headroom`` searched.
    ///
    /// - Parameters:
    ///   - interruption: when triggered, the running child is killed and the profile stops.
    ///   - progress: told as each stage run starts and finishes.
    /// - Throws: ``ProfileInterrupted`` when interrupted; otherwise only when the tool itself fails (a temporary
    ///   directory or file cannot be written).
    package func run(
        interruption: Interruption = Interruption(),
        progress: @Sendable (Progress) -> Void = { _ in }
    ) async throws -> [StageResult] {
        let scratch = FileManager.default.temporaryDirectory
            .appending(
                path: "stagehand-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
            )
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let workloadFile = scratch.appending(path: "workload.json")
        try JSONEncoder().encode(workload).write(to: workloadFile)

        var trace = TraceCollection(
            destination: options.traceFile,
            workload: workload.name,
            scratch: scratch,
            progress: progress
        )
        defer { trace.discard() }
        var stages = try await runRounds(
            workloadFile: workloadFile,
            trace: &trace,
            interruption: interruption,
            progress: progress
        )
        trace.finish(progress: progress)
        if options.headroom, options.maxSeconds != nil {
            // A search cut short finds no cliff, and a whole one takes minutes past any budget the runs were given.
            progress(.warning("--headroom is skipped: a search is not cut short, and --max-time bounds the profile"))
        } else if options.headroom {
            stages = try await searchingHeadroom(
                of: stages,
                scratch: scratch,
                interruption: interruption,
                progress: progress
            )
        }
        return stages
    }

    /// One run of `stage` of `workload` (written to `workloadFile`) in a child process under the watchdog. Its result
    /// file is named after the workload file, the stage and the repetition, so no run can read another's.
    ///
    /// - Parameter timesTightLoop: whether the run also times code `compute` steps alone in a tight loop, as the
    ///   profile's runs of the first stage do (when asked); a headroom probe does not.
    func runOnce(
        _ stage: Stage,
        of workload: Workload,
        in workloadFile: URL,
        interruption: Interruption,
        repetition: Int,
        seed: UInt64,
        traceFile: URL? = nil,
        timesTightLoop: Bool = true,
        exposing: [Int] = [],
        exposureRounds: Int = InteractionExposure.minimumArrivals,
        firstArrivals: Bool = false
    ) async throws -> RepetitionResult {
        let resultFile = workloadFile.deletingPathExtension()
            .appendingPathExtension("\(stage.rawValue)-\(repetition).result.json")
        // An exposure run and its top-up share a name: a child that ends without writing must not read as the run
        // before it.
        try? FileManager.default.removeItem(at: resultFile)
        return try await StageChildInvocation(
            stage: stage,
            workloadFile: workloadFile,
            resultFile: resultFile,
            seed: seed,
            repetition: repetition,
            calibration: calibration,
            priority: options.priority,
            traceFile: traceFile,
            cores: options.cores,
            allocator: options.allocator,
            ioSemantics: options.ioSemantics,
            tightLoop: timesTightLoop && options.tightLoop && stage == options.stages.first && workload.hasCodeCompute,
            exposing: exposing,
            exposureRounds: exposureRounds,
            firstArrivals: firstArrivals
        )
        .run(executable: executable, workload: workload, interruption: interruption)
    }
}

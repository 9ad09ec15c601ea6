import Foundation

/// The body of the hidden `run-stage` command: one stage run in this process, its result written as one JSON file.
///
/// A stage runs in a child process of its own so that a crash, a hang or a flood of output in the workload cannot
/// take the profile down, and so stages cannot disturb each other's threads or heap.
package enum StageChild {
    /// How long the watchdog lets a stage run of `workload` take before calling it hung: the first warm-up run (to
    /// its catch-up allowance) and the measured run (to its hard end: ``Workload/followThroughSeconds``, after each of
    /// `exposing` exposed arrivals too, which an exposure run may wait as long for, one after another), and the
    /// warm-up's settling runs (``WarmUp``: its limit, and one more run to its limit, which it may start just short of
    /// that), plus a grace period for process start-up and a run end delayed by a long step, plus the tight loops'
    /// allowance when the run times them (``TightLoop``), and the first arrivals' run (``FirstArrivals``) with a
    /// follow-through more for what it leaves, when the child measures them.
    static func watchdogSeconds(
        for workload: Workload,
        exposing: Int = 0,
        tightLoop: Bool = false,
        firstArrivals: Bool = false
    ) -> Double {
        let warmUpArrivals = min(WarmUp.seconds, workload.durationSeconds)
        let longestWarmUpRun = warmUpArrivals + Workload.catchUpSeconds(forDuration: warmUpArrivals)
        let measuredRun = workload.durationSeconds + Double(exposing + 1) * workload.followThroughSeconds
        let allowances = 5 + (tightLoop ? TightLoop.allowanceSeconds : 0)
        let first =
            firstArrivals ? FirstArrivals.longestSeconds(of: workload) + workload.followThroughSeconds : 0
        return 2 * longestWarmUpRun + WarmUp.settlingSeconds + measuredRun + allowances + first
    }

    /// How long before its watchdog's limit a child stops starting tight-loop calls: time to write its result.
    static let resultWritingSeconds = 1.0

    /// Runs the stage run `invocation` describes in this process and writes its ``RepetitionResult``.
    ///
    /// The profile's work-loop calibration is used when a quick measurement here agrees with it within 3%
    /// (``CalibratedWork/checkedHere()``), and measured here when it does not. With `cores`, the process first executes
    /// itself again restricted to that many CPUs (``CoreLimit/runOn(_:)``), so its cooperative pool is that wide.
    ///
    /// - Parameter catalog: where a workload declared in Swift finds its code, by name (this is the same executable
    ///   as the profile's, so it carries the same workloads).
    /// - Throws: when the workload file cannot be read or has code this executable lacks, the result cannot be
    ///   written, or the cores cannot be had.
    @MainActor
    package static func run(_ invocation: StageChildInvocation, catalog: WorkloadCatalog) async throws {
        var phases = ChildPhases()
        var lap = Instant.now
        /// The seconds since the last lap, and a new lap from now.
        func split() -> Double {
            let now = Instant.now
            defer { lap = now }
            return now.milliseconds(since: lap) / 1000
        }
        if let cores = invocation.cores { try CoreLimit.runOn(cores) }  // before anything starts a thread
        invocation.priority.apply()
        let lifetime = ChildLifetime.start(deadline: invocation.deadlineUptimeNanoseconds.map(DispatchTime.init))
        defer { lifetime.cancel() }
        MainQueue.mark()
        let workload = try JSONDecoder().decode(
            Workload.self,
            from: Data(contentsOf: URL(fileURLWithPath: invocation.workloadFile))
        )
        let code = try catalog.code(for: workload)
        let probes = !invocation.bare
        let seed = invocation.seed
        // Checked before the warm-up, so the warm-up runs with the calibration the measured run uses; the result
        // records which one that was.
        let calibration = invocation.calibration?.checkedHere() ?? CalibratedWork.calibrate()
        let tightLoopInputs = invocation.tightLoop ? TightLoop.Inputs() : nil
        // Each interaction's first arrival, before any other arrival of it (``FirstArrivals``). It brings every
        // interaction once, as a warm-up run does: when it leaves the heap steady, it is the warm-up.
        var firstArrivals: [InteractionSample]?
        var firstArrivalHangs: HangCount?
        var firstRunFaults: Int?
        phases.start = split()
        if invocation.firstArrivals, probes {
            let loop = MainLoop(
                workload: FirstArrivals.workload(of: workload),
                code: code,
                stage: invocation.stage,
                seed: seed,
                calibration: calibration,
                ioSemantics: invocation.ioSemantics,
                keepingInputs: tightLoopInputs,
                exposing: Array(workload.interactions.indices),
                exposureRounds: 1
            )
            let outcome = await loop.run()
            // Nothing of it may run on: the warm-up waits only for its own runs.
            let ended = await loop.endWhatIsLeft(waitingAtMost: workload.followThroughSeconds)
            firstArrivals = outcome.interactions
            firstArrivalHangs = HangCount(outcome.metrics)
            // It stands for the warm-up only when every first arrival ran to its end and nothing of it is left.
            let complete = ended && outcome.interactions.allSatisfy { $0.unfinished == 0 }
            firstRunFaults = complete ? outcome.pageFaults : nil
        }
        phases.firstArrivals = split()
        // Unmeasured runs first, until the heap is in its steady state, so first-use costs do not land in the
        // measured run.
        let warmUpRuns = await WarmUp.run(afterFirstRunFaulting: firstRunFaults) { round in
            let warmUp = await MainLoop(
                workload: WarmUp.workload(of: workload),
                code: code,
                stage: invocation.stage,
                seed: ~seed &+ UInt64(round),
                calibration: calibration,
                probes: probes,
                ioSemantics: invocation.ioSemantics,
                keepingInputs: tightLoopInputs
            )
            .run(finishingEverything: true)
            // Nothing of the warm-up may run on into the measured run, taking main or the pool from it.
            precondition(warmUp.runningAtEnd == 0, "the warm-up left \(warmUp.runningAtEnd) interactions running")
            return warmUp.pageFaults
        }
        // Once per process, just before the measured run: whether every allocation is counted here, in front of
        // whichever allocator serves them (the result records which).
        let allocationProblem = AllocationCheck.problem(with: AllocationCounter())
        phases.warmUp = split()
        let cpuAtStart = Platform.processCPUNanoseconds
        let outcome = await MainLoop(
            workload: workload,
            code: code,
            stage: invocation.stage,
            seed: seed,
            calibration: calibration,
            probes: probes,
            trace: invocation.traceFile != nil,
            ioSemantics: invocation.ioSemantics,
            exposing: invocation.exposing,
            exposureRounds: invocation.exposureRounds
        ).run()
        let cpuSeconds = Double(Platform.processCPUNanoseconds &- cpuAtStart) / 1e9
        phases.measured = split()
        let threadPriorities = BackgroundPriority.observedHere()  // on main, in the run's own context
        var metrics = outcome.metrics
        // The run's peak, before writing anything out.
        metrics.peakProcessResidentBytes = Platform.peakResidentBytes ?? 0
        metrics.allocationsCounted = allocationProblem == nil
        if let traceFile = invocation.traceFile, let trace = outcome.trace {
            try trace.write(to: URL(fileURLWithPath: traceFile))
        }
        phases.finish = split()
        // After the measured run, so that it warms nothing the run measured; stopping short of the watchdog's limit, so
        // that a slow function costs the loop its figure, never the run its result.
        let tightLoop = tightLoopInputs.map { inputs in
            let deadline = invocation.deadlineUptimeNanoseconds.map {
                Instant(nanoseconds: $0 &- UInt64(resultWritingSeconds * 1e9))
            }
            let means = Dictionary(
                outcome.stepTimings.filter(\.ran).map { ($0.key, $0.meanMs) },
                uniquingKeysWith: max
            )
            return TightLoop.measure(
                code,
                inputs: inputs,
                runMeans: means,
                stoppingBy: deadline ?? Instant(nanoseconds: .max)
            )
        }
        phases.tightLoop = split()
        var distributions = outcome.distributions
        if invocation.repetition != 1 { distributions.frameTimeline = nil }  // one run's frames draw the timeline
        var result = RepetitionResult(
            repetition: invocation.repetition,
            status: .ok,
            seed: seed,
            metrics: metrics,
            stepTimings: outcome.stepTimings,
            distributions: distributions,
            calibration: calibration,
            cores: CoreLimit.allowedCPUs?.count ?? RunRecorder.poolWidth,
            processCPUSeconds: cpuSeconds,
            allocationCheckFailure: allocationProblem,
            allocator: Allocator.servingThisProcess,
            tightLoop: tightLoop,
            warmUpRuns: warmUpRuns,
            interactions: outcome.interactions,
            firstArrivals: firstArrivals,
            threadPriorities: threadPriorities
        )
        if !invocation.exposing.isEmpty { result.exposed = invocation.exposing }
        result.firstArrivalHangs = firstArrivalHangs
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        phases.finish += split()
        result.phases = phases
        try encoder.encode(result).write(to: URL(fileURLWithPath: invocation.resultFile), options: .atomic)
    }
}

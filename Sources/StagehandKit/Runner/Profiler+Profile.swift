import Foundation
import Synchronization

/// A whole profile's outcome: the result to write, and what went wrong on the way without costing the results.
package struct ProfileOutcome: Sendable {
    package var result: ProfileResult
    /// Warnings for the user, e.g. a trace that could not be written (each also went to `progress` as it happened).
    package var warnings: [String]
}

extension Profiler {
    /// Profiles `workload` from start to verdict: calibrates this machine's work loop, runs every selected stage in
    /// child processes of `executable`, walks the decision tree, and returns the result the report is written from.
    ///
    /// This is what `stagehand profile` does between parsing its arguments and printing; a command line adds only
    /// argument parsing, signals and output.
    ///
    /// - Parameters:
    ///   - executable: the executable whose hidden `run-stage` command runs one stage; it must carry the workload's
    ///     code when the workload was declared in Swift (a user's executable re-executes itself).
    ///   - command: the command line that reproduces the run, for the report.
    ///   - interruption: when triggered, the running child is killed and the profile stops.
    ///   - progress: told as each stage run starts and finishes.
    /// - Throws: ``ProfileInterrupted`` when interrupted; otherwise only when the tool itself fails.
    package static func profile(
        _ workload: Workload,
        options: ProfileOptions,
        executable: URL,
        command: String,
        interruption: Interruption = Interruption(),
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) async throws -> ProfileOutcome {
        let started = Instant.now
        let clock = ProfileClock(repetitions: options.repetitions)
        let calibration = CalibratedWork.calibrate()
        let calibrated = Instant.now
        var environment = RunEnvironment.current(
            workload: workload,
            options: options,
            calibration: calibration,
            command: command
        )
        let warnings = WarningLog()
        var options = options
        if options.headroom, !workload.interactions.contains(where: { $0.steps.contains(where: \.cost.scales) }) {
            // Every probe would run the same workload: the search would report a cliff that is noise.
            options.headroom = false
            let warning =
                "--headroom is skipped: it multiplies simulated step costs, and every step of \(workload.name) is "
                + "your own code, which it cannot scale"
            warnings.add(warning)
            progress(.warning(warning))
        }
        let stages = try await Profiler(
            workload: workload,
            options: options,
            executable: executable,
            calibration: calibration,
            started: started
        )
        .run(interruption: interruption) { event in
            clock.observe(event)
            switch event {
            case .traceNotWritten(let reason): warnings.traceNotWritten(reason)
            case .warning(let warning): warnings.add(warning)
            default: break
            }
            progress(event)
        }
        if warnings.traceFailed { environment.traceFile = nil }  // the report must not point at it
        // A borderline verdict may have run more rounds than asked for: the environment says what ran.
        environment.repetitions = stages.map(\.repetitions.count).max() ?? options.repetitions
        // What the runs read as serving their allocations, not only what was asked for.
        environment.allocator = options.allocator.environmentDescription(served: stages.servedAllocator)
        // And the priorities the runs observed, beside the policy that was asked for.
        environment.priority = options.priority.environmentDescription(observed: stages.observedPriorities)
        let spec = workload.measuringCode(in: stages)
        let walked = Instant.now
        var times = clock.times
        let recommendation = options.decisionTree.recommend(for: spec, results: stages, outOfTime: times.outOfTime)
        times.calibrationSeconds = calibrated.milliseconds(since: started) / 1000
        times.verdictSeconds = Instant.now.milliseconds(since: walked) / 1000
        times.totalSeconds = Instant.now.milliseconds(since: started) / 1000
        environment.timeSpent = times
        return ProfileOutcome(
            result: ProfileResult(spec: spec, environment: environment, stages: stages, recommendation: recommendation),
            warnings: warnings.all
        )
    }
}

extension Workload {
    /// This workload with each code step's measured mean filled in, for the result's `spec` (the JSON records a code
    /// step as `"code"` with it): its mean over every run of the first stage, in journey order, that ran it
    /// (`firstRun(of:)`; `main-only` unless `--stages` left it out, where nothing runs beside it).
    func measuringCode(in stages: [StageResult]) -> Workload {
        var measured = self
        for (interaction, steps) in interactions.enumerated() {
            for (step, spec) in steps.steps.enumerated() {
                guard spec.cost.isCode else { continue }
                let mean = stages.firstRun(of: StepTiming.Key(interaction: interaction, step: step))?.timing.meanMs
                measured.interactions[interaction].steps[step].cost = .code(meanMs: mean)
            }
        }
        return measured
    }
}

/// The warnings of one profile, collected from its progress events (which may come from any thread).
private final class WarningLog: Sendable {
    private let state = Mutex<(warnings: [String], traceFailed: Bool)>(([], false))

    func add(_ warning: String) {
        state.withLock { $0.warnings.append(warning) }
    }

    func traceNotWritten(_ reason: String) {
        state.withLock { state in
            state.warnings.append("the trace is not written: \(reason)")
            state.traceFailed = true
        }
    }

    var all: [String] { state.withLock { $0.warnings } }
    var traceFailed: Bool { state.withLock { $0.traceFailed } }
}

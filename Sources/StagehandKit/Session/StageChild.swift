import Foundation

/// The body of the hidden `run-stage` command: one stage run in this process, its result written as one JSON file.
///
/// A stage runs in a child process of its own so that a crash, a hang or a flood of output in the workload cannot
/// take the profile down, and so stages cannot disturb each other's threads or heap.
public enum StageChild {
    /// This process's peak resident set (`VmHWM` in `/proc/self/status`), or 0 where that is not available.
    static var peakResidentBytes: Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    /// How long the unmeasured warm-up run before the measured one lasts, at most.
    public static let warmUpSeconds = 0.3

    /// Runs `stage` of the workload in `workloadFile` (JSON) and writes a ``RepetitionResult`` to `resultFile`.
    ///
    /// - Parameters:
    ///   - calibration: the profile's work-loop calibration, used when a quick measurement here agrees with it
    ///     within 3% (``CalibratedWork/checkedHere()``); measured here when it does not, or when `nil`.
    ///   - traceFile: where to write the measured run's ``TraceLog/Recording``, when a trace is asked for.
    /// - Throws: when the workload file cannot be read or the result cannot be written.
    @MainActor
    public static func run(
        stage: Stage,
        workloadFile: String,
        resultFile: String,
        seed: UInt64,
        repetition: Int,
        calibration: CalibratedWork? = nil,
        priority: BackgroundPriority = .defaultPolicy,
        probes: Bool = true,
        traceFile: String? = nil
    ) async throws {
        priority.apply()
        let parentWatch = ParentWatch.endWithParent()
        defer { parentWatch.cancel() }
        MainQueue.mark()
        let workload = try JSONDecoder().decode(
            Workload.self,
            from: Data(contentsOf: URL(fileURLWithPath: workloadFile))
        )
        // Checked before the warm-up, so the warm-up runs with the calibration the measured run uses; the result
        // records which one that was.
        let calibration = calibration?.checkedHere() ?? CalibratedWork.calibrate()
        // A short unmeasured run first, so first-use costs (page faults, lazily built runtime metadata, the
        // cooperative pool's threads) do not land in the measured run as hitches.
        var warmUp = workload
        warmUp.durationSeconds = min(Self.warmUpSeconds, workload.durationSeconds)
        for index in warmUp.interactions.indices {
            // Periodic and 4 to 50 per second: every interaction arrives at least once within the warm-up, and an
            // overloaded workload leaves no backlog for the measured run.
            warmUp.interactions[index].arrival = .periodic
            warmUp.interactions[index].ratePerSecond = min(max(warmUp.interactions[index].ratePerSecond, 4), 50)
        }
        _ = await MainLoop(workload: warmUp, stage: stage, seed: ~seed, calibration: calibration, probes: probes).run()
        let outcome = await MainLoop(
            workload: workload,
            stage: stage,
            seed: seed,
            calibration: calibration,
            probes: probes,
            trace: traceFile != nil
        ).run()
        var metrics = outcome.metrics
        metrics.peakProcessResidentBytes = Self.peakResidentBytes  // the run's peak, before writing anything out
        if let traceFile, let trace = outcome.trace {
            try trace.write(to: URL(fileURLWithPath: traceFile))
        }
        var distributions = outcome.distributions
        if repetition != 1 { distributions.frameTimeline = nil }  // one run's frames draw the timeline
        let result = RepetitionResult(
            repetition: repetition,
            status: .ok,
            seed: seed,
            metrics: metrics,
            stepTimings: outcome.stepTimings,
            distributions: distributions,
            calibration: calibration
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(result).write(to: URL(fileURLWithPath: resultFile), options: .atomic)
    }
}

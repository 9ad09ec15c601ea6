import Foundation

/// Measures what Stagehand's own probes cost: the same overloaded, compute-heavy workload run with the
/// per-interaction probes and without (`run-stage --bare`), alternating, each run in a child process of its own.
///
/// The workload arrives faster than the machine can serve it, so throughput is capacity; the probes' cost per
/// interaction is the difference of the two capacities' reciprocals. A benchmark, never a test: it times things.
public enum ProbeCostBenchmark {
    public struct Result: Sendable {
        /// Interactions completed per second, per round.
        public var bareThroughput: [Double] = []
        public var instrumentedThroughput: [Double] = []
        /// Main-thread utilisation of the instrumented runs (the bare ones do not measure it).
        public var instrumentedMainUtilization: [Double] = []

        /// The probes' cost per interaction in microseconds of wall time, from the median capacities.
        public var costPerInteractionUs: Double {
            guard !bareThroughput.isEmpty, !instrumentedThroughput.isEmpty else { return .nan }
            return (1 / median(instrumentedThroughput) - 1 / median(bareThroughput)) * 1e6
        }

        /// Instrumented capacity over bare capacity, from the medians: 1 when the probes cost nothing.
        public var instrumentedOverBare: Double {
            guard !bareThroughput.isEmpty, !instrumentedThroughput.isEmpty else { return .nan }
            return median(instrumentedThroughput) / median(bareThroughput)
        }
    }

    /// Many small `@concurrent` computations per interaction, so every probe (step, hop, job) fires often.
    public static let workload = Workload(
        name: "probe-cost",
        description: "Overloaded, compute-heavy: eight 50 µs computations, a state update and a view update.",
        durationSeconds: 2,
        frameWorkMs: 1,
        subsystems: ["store"],
        interactions: [
            Interaction(
                name: "burst",
                ratePerSecond: 8000,
                arrival: .poisson,
                steps: Array(repeating: Step(.compute, "work", .milliseconds(0.05)), count: 8) + [
                    Step(.state, "store", .milliseconds(0.01)), Step(.ui, "show", .milliseconds(0.01)),
                ]
            )
        ]
    )

    /// Runs `rounds` pairs of bare and instrumented runs of `stage`, with `executable`'s `run-stage`.
    ///
    /// - Throws: when a scratch file cannot be written or a child cannot be started.
    public static func run(executable: URL, stage: Stage = .offloaded, rounds: Int = 3) async throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "stagehand-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let workloadFile = scratch.appending(path: "workload.json")
        try JSONEncoder().encode(workload).write(to: workloadFile)
        let calibration = CalibratedWork.calibrate()
        var result = Result()
        for round in 0..<rounds {
            for bare in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                let resultFile = scratch.appending(path: "result-\(round)-\(bare).json")
                let run = try await StageChildInvocation(
                    stage: stage,
                    workloadFile: workloadFile,
                    resultFile: resultFile,
                    seed: UInt64(round + 1),
                    repetition: round + 1,
                    calibration: calibration,
                    priority: .defaultPolicy,
                    bare: bare
                )
                .run(executable: executable, durationSeconds: workload.durationSeconds)
                guard let metrics = run.metrics else { continue }
                // Capacity: completions over the whole run, drain included (an overloaded run completes work then too).
                let capacity = Double(metrics.interactionsCompleted) / metrics.runSeconds
                if bare {
                    result.bareThroughput.append(capacity)
                } else {
                    result.instrumentedThroughput.append(capacity)
                    result.instrumentedMainUtilization.append(metrics.mainThreadUtilization)
                }
            }
        }
        return result
    }
}

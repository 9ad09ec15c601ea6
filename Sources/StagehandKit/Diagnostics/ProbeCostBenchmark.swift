import Foundation

/// Measures what Stagehand's own probes cost in a whole run: the same compute-heavy workload run with the
/// per-interaction probes and without (`run-stage --bare`), alternating, each run in a child process of its own.
///
/// What the probes add is CPU work, so the figure is the stage process's CPU time per completed interaction, and the
/// capacity ratio it implies: bare CPU over instrumented CPU, which is instrumented over bare throughput wherever the
/// CPU is what runs out. The workload arrives at about a quarter of this machine's capacity. An overloaded run, which
/// this benchmark used before, measured throughput directly, but it was too noisy to decide 0.97 on this shared
/// machine: throughput moved ±15% between runs and drifted by a third over a minute, probes or not, and a saturated
/// process spends the cores it has whatever its work, so its CPU per interaction moved alike. Below capacity the pool
/// sleeps when idle, and CPU per interaction moved ±3%. Each round pairs a bare and an instrumented run, so drift
/// cancels in the pair's ratio. A benchmark, never a test: it times things.
package enum ProbeCostBenchmark {
    package struct Result: Sendable {
        /// Interactions completed per second, per round: the arrival rate while nothing falls behind.
        package var bareThroughput: [Double] = []
        package var instrumentedThroughput: [Double] = []
        /// Runs that completed fewer than 95% of the interactions that arrived: they fell behind, so their CPU per
        /// interaction includes work waiting, not only work done.
        package var runsFallingBehind = 0
        /// Process CPU time per completed interaction, in microseconds, per round.
        package var bareCPUPerInteractionUs: [Double] = []
        package var instrumentedCPUPerInteractionUs: [Double] = []

        /// Each round's bare CPU per interaction over its instrumented one: the capacity ratio the CPU allows, 1 when
        /// the probes cost nothing.
        package var ratios: [Double] {
            zip(bareCPUPerInteractionUs, instrumentedCPUPerInteractionUs).map { $0 / $1 }
        }

        /// Instrumented over bare capacity: the median of the rounds' ``ratios``.
        package var instrumentedOverBare: Double { ratios.isEmpty ? .nan : median(ratios) }

        /// What the probes add per interaction, in CPU microseconds: the median of the rounds' differences.
        package var costPerInteractionUs: Double {
            let differences = zip(instrumentedCPUPerInteractionUs, bareCPUPerInteractionUs).map { $0 - $1 }
            return differences.isEmpty ? .nan : median(differences)
        }
    }

    /// Many small `@concurrent` computations per interaction, so every probe (step, hop, job) fires often; 400 a
    /// second, about a quarter of what this machine (2 cores) completes when they arrive faster than that.
    package static let workload = Workload(
        name: "probe-cost",
        description: "400 interactions/s, each eight 50 µs computations, a state update and a view update.",
        durationSeconds: 2,
        frameWorkMs: 1,
        subsystems: ["store"],
        interactions: [
            Interaction(
                name: "burst",
                ratePerSecond: 400,
                arrival: .poisson,
                steps: Array(repeating: Step(.compute, "work", .milliseconds(0.05)), count: 8) + [
                    Step(.state, "store", .milliseconds(0.01)), Step(.ui, "show", .milliseconds(0.01)),
                ]
            )
        ]
    )

    /// Runs `rounds` pairs of bare and instrumented runs of `stage`, with `executable`'s `run-stage`; a round whose
    /// runs did not both finish is left out whole, so every figure is paired with its own round's.
    ///
    /// - Throws: when a scratch file cannot be written or a child cannot be started.
    package static func run(executable: URL, stage: Stage = .offloaded, rounds: Int = 7) async throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "stagehand-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let workloadFile = scratch.appending(path: "workload.json")
        try JSONEncoder().encode(workload).write(to: workloadFile)
        let calibration = CalibratedWork.calibrate()
        var result = Result()
        for round in 0..<rounds {
            // (throughput, CPU µs per interaction) of each mode this round; a round counts only with both.
            var measured: [Bool: (throughput: Double, cpuUs: Double)] = [:]
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
                .run(executable: executable, workload: workload)
                guard let metrics = run.metrics, metrics.interactionsCompleted > 0, let cpu = run.processCPUSeconds
                else { continue }
                let completed = Double(metrics.interactionsCompleted)
                if completed < Double(metrics.interactionsArrived) * 0.95 { result.runsFallingBehind += 1 }
                measured[bare] = (completed / metrics.runSeconds, cpu * 1e6 / completed)
            }
            guard let bare = measured[true], let instrumented = measured[false] else { continue }
            result.bareThroughput.append(bare.throughput)
            result.bareCPUPerInteractionUs.append(bare.cpuUs)
            result.instrumentedThroughput.append(instrumented.throughput)
            result.instrumentedCPUPerInteractionUs.append(instrumented.cpuUs)
        }
        return result
    }
}

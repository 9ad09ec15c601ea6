import ArgumentParser
import StagehandKit

extension StagehandCommand {
    /// `stagehand benchmark-probes`: what Stagehand's own measurements cost per interaction.
    struct BenchmarkProbes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "benchmark-probes",
            abstract: "Measure what the probes cost: an overloaded workload with and without them (about 15 s)."
        )

        @Option(help: "Pairs of bare and instrumented runs.")
        var rounds: Int = 3

        @Option(help: "The stage to run the workload in.")
        var stage: Stage = .offloaded

        func run() async throws {
            let result = try await ProbeCostBenchmark.run(
                executable: try Stagehand.executable,
                stage: stage,
                rounds: rounds
            )
            func list(_ values: [Double]) -> String { values.map(\.reportFormatted).joined(separator: ", ") }
            print("workload: \(ProbeCostBenchmark.workload.description) Stage \(stage.rawValue).")
            print("bare throughput (interactions/s):         \(list(result.bareThroughput))")
            print("instrumented throughput (interactions/s): \(list(result.instrumentedThroughput))")
            print(
                "instrumented main-thread utilisation:     \(list(result.instrumentedMainUtilization.map { $0 * 100 }))%"
            )
            print("probe cost per interaction: \(result.costPerInteractionUs.reportFormatted) µs")
            let steps = ProbeCostBenchmark.workload.interactions.reduce(0) { $0 + $1.steps.count }
            let ratio = result.instrumentedOverBare
            print(
                "instrumented / bare throughput:           \(ratio.reportFormatted) (\(steps) steps per interaction)"
            )
            print("probe time per step, in a tight loop:     \(ProbeCost.microsecondsPerStep().reportFormatted) µs")
        }
    }
}

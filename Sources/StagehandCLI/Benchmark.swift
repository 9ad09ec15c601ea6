import ArgumentParser
import StagehandKit

extension StagehandCommand {
    /// `stagehand benchmark-probes`: what Stagehand's own measurements cost per interaction.
    struct BenchmarkProbes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "benchmark-probes",
            abstract: "Measure what the probes cost: CPU per interaction with and without them (about 35 s)."
        )

        @Option(help: "Pairs of bare and instrumented runs.")
        var rounds: Int = 7

        @Option(help: "The stage to run the workload in.")
        var stage: Stage = .offloaded

        func run() async throws {
            let result = try await ProbeCostBenchmark.run(
                executable: try Stagehand.executable,
                stage: stage,
                rounds: rounds
            )
            func list(_ values: [Double]) -> String { values.map(\.reportFormatted).joined(separator: ", ") }
            let steps = ProbeCostBenchmark.workload.interactions.reduce(0) { $0 + $1.steps.count }
            print("workload: \(ProbeCostBenchmark.workload.description) Stage \(stage.rawValue).")
            print("completed/s, bare:                        \(list(result.bareThroughput))")
            print("completed/s, instrumented:                \(list(result.instrumentedThroughput))")
            print("CPU per interaction, bare (µs):           \(list(result.bareCPUPerInteractionUs))")
            print("CPU per interaction, instrumented (µs):   \(list(result.instrumentedCPUPerInteractionUs))")
            print(
                "probes' CPU per interaction:              \(result.costPerInteractionUs.reportFormatted) µs "
                    + "(\((result.costPerInteractionUs / Double(steps)).reportFormatted) µs per step, \(steps) steps)"
            )
            print("instrumented / bare capacity, per round:  \(list(result.ratios))")
            print("instrumented / bare capacity, median:     \(result.instrumentedOverBare.reportFormatted)")
            print("probe time per step, in a tight loop:     \(ProbeCost.microsecondsPerStep().reportFormatted) µs")
            if result.runsFallingBehind > 0 {
                print(
                    "warning: \(result.runsFallingBehind) run\(result.runsFallingBehind == 1 ? "" : "s") completed "
                        + "fewer than 95% of the interactions that arrived: they fell behind, so their CPU per "
                        + "interaction includes waiting work; the machine is busy or slow"
                )
            }
        }
    }
}

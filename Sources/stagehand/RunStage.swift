import ArgumentParser
import StagehandKit

extension Stagehand {
    /// One stage run in this process; `profile` starts one child per stage run with this command.
    struct RunStage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run-stage",
            abstract: "Run one stage of a workload and write its measurements (internal: used by profile).",
            shouldDisplay: false
        )

        @Argument(help: "The stage to run.")
        var stage: Stage

        @Option(help: "The workload, as JSON written by profile.")
        var workload: String

        @Option(help: "Where to write the result JSON.")
        var result: String

        @Option(help: "The seed for arrivals.")
        var seed: UInt64 = 1

        @Option(help: "The repetition number, for the record.")
        var repetition: Int = 1

        @Option(
            help: "The profile's work-loop calibration (checked here; measured here when absent or more than 3% off)."
        )
        var iterationsPerMs: Double?

        @Option(help: "Whether offloaded work yields to main.")
        var priority: BackgroundPriority = .defaultPolicy

        @Option(help: "Where to write the measured run's event timeline, for profile --trace.")
        var trace: String?

        @Flag(help: "Run without the per-interaction probes (only to measure what they cost).")
        var bare = false

        @Option(help: "Run on this many CPUs (this process executes itself again, restricted to them).")
        var cores: Int?

        func run() async throws {
            try await StageChild.run(
                stage: stage,
                workloadFile: workload,
                resultFile: result,
                seed: seed,
                repetition: repetition,
                calibration: iterationsPerMs.map(CalibratedWork.init(iterationsPerMs:)),
                priority: priority,
                probes: !bare,
                traceFile: trace,
                cores: cores
            )
        }
    }
}

extension Stage: ExpressibleByArgument {}
extension BackgroundPriority: ExpressibleByArgument {}

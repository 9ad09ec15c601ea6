import ArgumentParser
import StagehandKit

extension StagehandCommand {
    /// One stage run in this process; `profile` starts one child per stage run with this command.
    struct RunStage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: StageChildInvocation.commandName,
            abstract: "Run one stage of a workload and write its measurements (internal: used by profile).",
            shouldDisplay: false
        )

        @Argument(help: "The stage run, as JSON written by profile (StageChildInvocation).")
        var invocation: String

        func run() async throws {
            let invocation: StageChildInvocation
            do {
                invocation = try StageChildInvocation(argument: self.invocation)
            } catch {
                throw ValidationError("run-stage takes the JSON a profile writes: \(error)")
            }
            try await StageChild.run(invocation, catalog: WorkloadCatalog.current)
        }
    }
}

extension Stage: ExpressibleByArgument {}
extension BackgroundPriority: ExpressibleByArgument {}
extension Allocator: ExpressibleByArgument {}
extension IOSemantics: ExpressibleByArgument {}

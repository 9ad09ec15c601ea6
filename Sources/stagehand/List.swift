import ArgumentParser
import StagehandKit

extension Stagehand {
    /// `stagehand list`: the built-in workloads, one line each.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in workloads.")

        func run() throws {
            let workloads: [Workload]
            do {
                workloads = try BuiltinWorkloads.all()
            } catch {
                throw ToolFailure("a built-in workload is invalid: \(error)")
            }
            let width = workloads.map(\.name.count).max() ?? 0
            for workload in workloads {
                print(workload.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + workload.description)
            }
        }
    }
}

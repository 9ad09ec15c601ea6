import ArgumentParser
import StagehandKit

extension StagehandCommand {
    /// `stagehand list`: the workloads declared in this executable (or else the built-ins), one line each.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the workloads this executable profiles by name."
        )

        func run() throws {
            let workloads: [Workload]
            do {
                workloads = try WorkloadCatalog.current.listed()
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

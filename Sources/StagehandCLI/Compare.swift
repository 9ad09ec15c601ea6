import ArgumentParser
import Foundation
import StagehandKit

extension StagehandCommand {
    /// `stagehand compare A.json B.json`: before and after a change, regressions flagged, for CI.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two results of one workload; exit non-zero on a regression.",
            discussion: """
                Exit status: 0 no change beyond the thresholds; 2 a regression; 4 only improvements; 64 bad input \
                (unreadable file, unknown schema version, different workloads).
                """
        )

        @Argument(help: "The result before the change.")
        var before: String

        @Argument(help: "The result after the change.")
        var after: String

        @Option(help: ArgumentHelp("A change counts past this many percent.", valueName: "pct"))
        var threshold: Double = 10

        @Option(help: ArgumentHelp("Write <dir>/<name>-compare.md instead of printing.", valueName: "dir"))
        var output: String?

        func validate() throws {
            guard threshold.isFinite, threshold >= 0 else {
                throw ValidationError("--threshold must be a number ≥ 0, got \(threshold)")
            }
        }

        func run() throws {
            let comparison: Comparison
            do {
                comparison = try Comparison(
                    before: try ProfileResult.read(URL(fileURLWithPath: before)),
                    after: try ProfileResult.read(URL(fileURLWithPath: after)),
                    thresholdPercent: threshold
                )
            } catch {
                printError(
                    "error: \(error.description.hasPrefix(": ") ? String(error.description.dropFirst(2)) : error.description)"
                )
                throw ExitCode(64)
            }
            let markdown = comparison.render()
            if let output {
                let url = URL(fileURLWithPath: output).appending(path: "\(comparison.after.workload)-compare.md")
                do {
                    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                    try Data(markdown.utf8).write(to: url, options: .atomic)
                } catch {
                    throw ToolFailure("could not write \(url.path): \(error.localizedDescription)")
                }
                print(url.relativePath)
            } else {
                print(markdown, terminator: "")
            }
            switch comparison.outcome {
            case .unchanged: return
            case .regressed: throw ExitCode(2)
            case .improved: throw ExitCode(4)
            }
        }
    }
}

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
                (unreadable file, unknown schema version, different workloads). Through `swift package stagehand` \
                every non-zero status arrives as 1: gate CI on the `--json` verdict, or call the executable directly.
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

        @Option(
            help: ArgumentHelp(
                "Also append the Markdown comparison to <file> (e.g. $GITHUB_STEP_SUMMARY, or a pull-request comment).",
                valueName: "file"
            )
        )
        var summary: String?

        @Option(
            help: ArgumentHelp(
                "Also write the verdict as JSON to <file>: outcome, exit status, regressions and improvements per "
                    + "stage and metric. For CI that cannot trust the exit status (`swift package` turns it into 1).",
                valueName: "file"
            )
        )
        var json: String?

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
            if let summary { try append(markdown, to: summary) }
            if let json { try write(ComparisonVerdict(comparison), to: json) }
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
            let status = comparison.outcome.exitStatus
            if status != 0 { throw ExitCode(status) }
        }

        /// Appends to `path` (created if missing), as `$GITHUB_STEP_SUMMARY` expects of every step that writes to it.
        private func append(_ markdown: String, to path: String) throws {
            if !FileManager.default.fileExists(atPath: path),
                !FileManager.default.createFile(atPath: path, contents: nil)
            {
                throw ToolFailure("could not create \(path)")
            }
            do {
                let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                defer { try? file.close() }
                // A blank line after what earlier steps wrote, so the comparison's heading starts a block of its own.
                let separator = try file.seekToEnd() > 0 ? "\n" : ""
                try file.write(contentsOf: Data((separator + markdown).utf8))
            } catch {
                throw ToolFailure("could not append to \(path): \(error.localizedDescription)")
            }
        }

        private func write(_ verdict: ComparisonVerdict, to path: String) throws {
            do {
                try (ReportWriter.encoder.encode(verdict) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw ToolFailure("could not write \(path): \(error.localizedDescription)")
            }
        }
    }
}

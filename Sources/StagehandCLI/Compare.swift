import ArgumentParser
import Foundation
import StagehandKit

extension StagehandCommand {
    /// `stagehand compare A.json B.json` (or two suites): before and after a change, regressions flagged, for CI.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two results of one workload, or two suites; exit non-zero on a regression.",
            discussion: """
                Exit status: 0 no change beyond the thresholds; 2 a regression; 4 only improvements; 64 bad input \
                (unreadable file, unknown schema version, different workloads). Through `swift package stagehand` \
                every non-zero status arrives as 1: gate CI on the `--json` verdict, or call the executable directly.

                Given two suites (directories written by `profile --all`, or their suite.json), compares each \
                workload of both, flags a workload whose advised stage moved, lists the workloads added and \
                removed, and exits with the worst over the workloads.
                """
        )

        @Argument(help: "The result (or suite) before the change.")
        var before: String

        @Argument(help: "The result (or suite) after the change.")
        var after: String

        @Option(help: ArgumentHelp("A change counts past this many percent.", valueName: "pct"))
        var threshold: Double = 10

        @Option(
            help: ArgumentHelp(
                "Write <dir>/<name>-compare.md (suite-compare.md for suites) instead of printing.",
                valueName: "dir"
            )
        )
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
            let base = URL(fileURLWithPath: before)
            let new = URL(fileURLWithPath: after)
            for path in [before, after] where !FileManager.default.fileExists(atPath: path) {
                throw ExitCode.badInput("\(path): cannot read it: no such file or directory")
            }
            switch (SuiteResult.isSuite(base), SuiteResult.isSuite(new)) {
            case (false, false):
                let comparison = try readInput { () throws(ResultFileError) in
                    try Comparison(
                        before: try ProfileResult.read(base),
                        after: try ProfileResult.read(new),
                        thresholdPercent: threshold
                    )
                }
                try emit(
                    comparison.render(),
                    verdict: ComparisonVerdict(comparison),
                    named: "\(comparison.after.workload)-compare.md",
                    status: comparison.outcome.exitStatus
                )
            case (true, true):
                let comparison = try readInput { () throws(ResultFileError) in
                    try SuiteComparison(before: base, after: new, thresholdPercent: threshold)
                }
                try emit(
                    comparison.render(),
                    verdict: SuiteComparisonVerdict(comparison),
                    named: "suite-compare.md",
                    status: comparison.outcome.exitStatus
                )
            case (let baseIsSuite, _):
                let (suite, result) = baseIsSuite ? (before, after) : (after, before)
                throw ExitCode.badInput(
                    "compare needs two suites or two results; \(suite) is a suite (a directory or suite.json) "
                        + "and \(result) is not"
                )
            }
        }

        /// Reads the inputs with `read`; what cannot be read exits 64, naming the file and what is wrong with it.
        private func readInput<T>(_ read: () throws(ResultFileError) -> T) throws -> T {
            do {
                return try read()
            } catch {
                let description = error.description
                throw ExitCode.badInput(description.hasPrefix(": ") ? String(description.dropFirst(2)) : description)
            }
        }

        /// Prints `markdown` (or writes it into `--output` as `name`), appends it to `--summary`, writes `verdict` to
        /// `--json`, and exits with `status`.
        private func emit(_ markdown: String, verdict: some Encodable, named name: String, status: Int32) throws {
            if let summary { try append(markdown, to: summary) }
            if let json { try write(verdict, to: json) }
            if let output {
                let url = URL(fileURLWithPath: output).appending(path: name)
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

        private func write(_ verdict: some Encodable, to path: String) throws {
            do {
                try (ReportWriter.encoder.encode(verdict) + Data("\n".utf8)).write(
                    to: URL(fileURLWithPath: path),
                    options: .atomic
                )
            } catch {
                throw ToolFailure("could not write \(path): \(error.localizedDescription)")
            }
        }
    }
}

import ArgumentParser
import Foundation
import StagehandKit

extension StagehandCommand {
    /// `stagehand profile NAME-OR-PATH`: all four stages, the side-by-side table, and the report on disk.
    struct Profile: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Profile a workload under the four stages and write the migration report.",
            discussion: """
                Writes <output>/<name>.md and <output>/<name>.json. Exit status: 0 done (whatever it recommends), \
                64 bad arguments or spec, 1 the tool itself failed.

                With --all, profiles every workload (this executable's, or every spec in a directory), writing each \
                one's files and <output>/suite.md and <output>/suite.json beside them. Exit status: 0 all profiled, \
                1 one could not be (its row says why; the others still run), 64 bad arguments.
                """
        )

        @Argument(
            help: "A workload's name (see `list`) or the path of a YAML or JSON spec; with --all, a directory of specs."
        )
        var workload: String?

        @Flag(help: "Profile every workload: this executable's (see `list`), or every spec in the directory given.")
        var all = false

        @Option(
            help: ArgumentHelp(
                "With --all, only the workloads whose name this regular expression matches (anywhere in the name).",
                valueName: "regex"
            )
        )
        var filter: String?

        @Option(help: ArgumentHelp("Where reports go; created if missing.", valueName: "dir"))
        var output: String = "Reports"

        @Option(
            help: ArgumentHelp("The stages to run, comma-separated (default: all four).", valueName: "a,b"),
            transform: Stage.parseList
        )
        var stages: [Stage] = Stage.allCases

        @Option(help: ArgumentHelp("Seconds per stage run (overrides the spec's duration-s).", valueName: "s"))
        var duration: Double?

        @Option(
            help: ArgumentHelp(
                "Runs of every stage (a fixed design). Without it, each stage runs until the verdict no longer "
                    + "needs its runs: once when it fails beyond doubt or the verdict does not rest on it (for 1 s "
                    + "when the verdict never reached it), 3 or more when it does.",
                valueName: "r"
            )
        )
        var repetitions: Int?

        @Option(
            name: .customLong("max-repetitions"),
            help: ArgumentHelp(
                "When more runs could settle the verdict, run more of the stages it rests on (with --repetitions "
                    + "of 3 or more: more rounds of every stage), one at a time, up to this many "
                    + "(--max-repetitions 3 turns that off).",
                valueName: "n"
            )
        )
        var maxRepetitions: Int = ProfileOptions.defaultMaxRepetitions

        @Option(
            name: .customLong("max-time"),
            help: ArgumentHelp(
                "Wall-time budget per workload, in seconds: once it is spent, no more runs start (every stage still "
                    + "runs once), and a verdict they would have settled says what was left and how much more time would "
                    + "settle it.",
                valueName: "s"
            )
        )
        var maxTime: Double?

        @Option(
            name: .customLong("refresh-hz"),
            help: ArgumentHelp("Display refresh rate, 1–240 (overrides the spec's refresh-hz).", valueName: "hz")
        )
        var refreshHz: Double?

        @Option(help: ArgumentHelp("Seed for Poisson arrivals (repetition r uses seed + r − 1).", valueName: "n"))
        var seed: UInt64 = 1

        @Option(
            help: ArgumentHelp(
                "Whether offloaded work yields to the main thread as on Apple platforms (main-first) or competes "
                    + "with it as Linux schedules it by default (same).",
                valueName: "policy"
            )
        )
        var priority: BackgroundPriority = .defaultPolicy

        @Option(
            help: ArgumentHelp(
                "The allocator the code runs on: the system's (glibc malloc, libmalloc), or jemalloc preloaded, as a "
                    + "server that deploys it runs. Allocations are counted exactly on either.",
                valueName: "system|jemalloc"
            )
        )
        var allocator: Allocator = .defaultAllocator

        @Option(
            name: .customLong("io"),
            help: ArgumentHelp(
                "Where the synchronous parts of your io bodies run when awaited from main: on the caller's actor, as "
                    + "Swift 6.2 calls nonisolated(nonsending) code (nonsending), or on the pool, as @concurrent "
                    + "code (concurrent).",
                valueName: "nonsending|concurrent"
            )
        )
        var ioSemantics: IOSemantics = .defaultSemantics

        @Flag(
            inversion: .prefixedNo,
            help: ArgumentHelp(
                "Also time each of your compute steps alone in a tight loop, as a benchmark would, after the first "
                    + "stage's runs (--no-tight-loop for functions with side effects that must not run again)."
            )
        )
        var tightLoop = true

        @Option(
            help: ArgumentHelp(
                "Also write every measured run as a Chrome trace (JSON) that opens in ui.perfetto.dev: frames, "
                    + "steps on their threads, hops and waits.",
                valueName: "path"
            )
        )
        var trace: String?

        @Option(
            help: ArgumentHelp(
                "Run each stage on this many CPUs, as on a smaller device (Linux: the stage child restricts itself "
                    + "to the first n CPUs before it starts; its cooperative pool keeps one thread per online CPU).",
                valueName: "n"
            )
        )
        var cores: Int?

        @Flag(
            help: ArgumentHelp(
                "After the profile, find by measurement how far each stage's step costs can grow before it misses "
                    + "the budget (short runs; about two minutes for a built-in)."
            )
        )
        var headroom = false

        @Option(
            help: ArgumentHelp(
                "The JSON of `stagehand scan --json` over the package: the report then names the app's declarations "
                    + "each code step calls, shows the migration at them and at their main-actor callers, and lists "
                    + "the scan's findings in that code, those of the steps that made frames late first.",
                valueName: "file"
            )
        )
        var scan: String?

        @Flag(help: "No progress or table on the terminal; files only.")
        var quiet = false

        func validate() throws {
            if all {
                if let workload, !Self.isDirectory(workload) {
                    throw ValidationError("--all takes a directory of specs, and \(workload) is not one")
                }
                if let filter, (try? Regex(filter)) == nil {
                    throw ValidationError("--filter must be a regular expression, got '\(filter)'")
                }
            } else {
                guard workload != nil else {
                    throw ValidationError("give a workload's name or spec (see `list`), or --all for every workload")
                }
                if filter != nil { throw ValidationError("--filter selects workloads for --all; add --all") }
            }
            typealias Limits = WorkloadValidator.Limits
            let bounded: [(String, Double?, WorkloadValidator.Bound)] = [
                ("--duration", duration, Limits.durationSeconds),
                ("--refresh-hz", refreshHz, Limits.refreshHz),
                ("--repetitions", repetitions.map(Double.init), Limits.repetitions),
                ("--max-repetitions", Double(maxRepetitions), Limits.repetitions),
                ("--max-time", maxTime, Limits.maxTimeSeconds),
            ]
            for case (let option, let value?, let bound) in bounded {
                if let problem = bound.problem(option: option, value) { throw ValidationError(problem) }
            }
            if headroom, maxTime != nil {
                throw ValidationError(
                    "--headroom searches for minutes and is not cut short: it cannot run within --max-time"
                )
            }
            if let trace, trace.hasSuffix("/") || Self.isDirectory(trace) {
                throw ValidationError("--trace names a file to write, and \(trace) is a directory")
            }
            guard !stages.isEmpty else { throw ValidationError("--stages needs at least one stage") }
            if let cores, let problem = CoreLimit.problem(with: cores) { throw ValidationError(problem) }
            if let problem = allocator.problem { throw ValidationError(problem) }
        }

        func run() async throws {
            let writer = ReportWriter(directory: URL(fileURLWithPath: output))
            // Ctrl-C, a cancelled CI job or a closed terminal (or the plugin passing one of those on): kill the running
            // child, write nothing, exit 128 + the signal.
            let interruption = Interruption()
            do {
                try await interruption.whileWatchingSignals {
                    if all {
                        try await profileSuite(options: options, writer: writer, interruption: interruption)
                    } else {
                        try await profileOne(options: options, writer: writer, interruption: interruption)
                    }
                }
            } catch let interrupted as ProfileInterrupted {
                printError("\(Stagehand.commandName): \(interrupted)")
                throw ExitCode.interrupted(by: interrupted.signal)
            }
        }

        /// The engine's options, from the command's.
        var options: ProfileOptions {
            ProfileOptions(
                stages: stages,
                repetitions: repetitions ?? 3,
                maxRepetitions: maxRepetitions,
                stopsWhenDecided: repetitions == nil,
                seed: seed,
                priority: priority,
                traceFile: trace.map { URL(fileURLWithPath: $0) },
                cores: cores,
                headroom: headroom,
                allocator: allocator,
                ioSemantics: ioSemantics,
                tightLoop: tightLoop,
                maxSeconds: maxTime
            )
        }

        /// Makes the directories the profile writes into, once its input is known to be good (bad input writes
        /// nothing) and before minutes of profiling, not after: a directory that cannot be made is known now.
        func makeDirectories(for options: ProfileOptions, writer: ReportWriter) throws {
            for (option, directory) in [
                ("--output", writer.directory), ("--trace", options.traceFile?.deletingLastPathComponent()),
            ] {
                guard let directory else { continue }
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    throw ExitCode.badInput("\(option) \(directory.relativePath): \(error.localizedDescription)")
                }
            }
        }

        /// `profile NAME`: one workload, its table on the terminal, its report and result written.
        private func profileOne(
            options: ProfileOptions,
            writer: ReportWriter,
            interruption: Interruption
        ) async throws {
            let spec: Workload
            do {
                spec = try WorkloadCatalog.current.resolve(workload ?? "")
            } catch {
                throw ExitCode.badInput("\(error)")
            }
            let source: SourceMap?
            do {
                source = try sourceMap(for: spec)
            } catch {
                throw ExitCode.badInput("\(error)")
            }
            try makeDirectories(for: options, writer: writer)
            let result = try await profile(spec, source: source, options: options, interruption: interruption)
            do {
                try writer.write(result)
            } catch {
                throw ToolFailure("could not write the report to \(output): \(error.localizedDescription)")
            }
            if !quiet {
                print(TerminalSummary(result: result, colour: Terminal.wantsColour(STDOUT_FILENO)).render())
                print(
                    "\nReport: \(writer.markdownURL(for: result.workload).relativePath)  ·  JSON: \(writer.jsonURL(for: result.workload).relativePath)"
                        + (result.environment.traceFile.map { "  ·  Trace: \($0)" } ?? "")
                )
            }
        }

        /// What `--scan` says of `workload`'s code, or `nil` without `--scan`; in a suite, `nil` for a spec workload,
        /// which has no code for a scan to place.
        ///
        /// - Throws: ``ScanFileError`` when the scan cannot be read, or has no step of the workload.
        func sourceMap(for workload: Workload) throws(ScanFileError) -> SourceMap? {
            guard let scan, !all || workload.hasCode else { return nil }
            do {
                return try SourceMap.read(scanFile: URL(fileURLWithPath: scan), workload: workload)
            } catch {
                throw ScanFileError(underlying: "\(error)")
            }
        }

        /// Profiles `workload` as `profile` does, after the command's overrides, with its progress on the terminal.
        ///
        /// - Throws: ``ProfileInterrupted`` when interrupted, and ``ToolFailure`` when the tool itself fails.
        func profile(
            _ workload: Workload,
            source: SourceMap?,
            options: ProfileOptions,
            interruption: Interruption
        ) async throws -> ProfileResult {
            var spec = workload
            if let duration { spec.durationSeconds = duration }
            if let refreshHz { spec.refreshHz = refreshHz }
            let executable = try Stagehand.executable
            let progress = ProgressDisplay(
                enabled: !quiet,
                totalRuns: options.stages.count * (options.stopsWhenDecided ? 1 : options.repetitions)
            )
            if !quiet {
                let runs =
                    options.stopsWhenDecided
                    ? "each stage until the verdict no longer needs its runs (up to \(options.maxRepetitions))"
                    : "\(options.repetitions) repetitions"
                printError(
                    "Profiling \(spec.name): \(options.stages.count) stages × \(runs) × "
                        + "\(spec.durationSeconds.reportFormatted) s"
                )
            }
            var result: ProfileResult
            do {
                result = try await Profiler.profile(
                    spec,
                    options: options,
                    executable: executable,
                    command: Self.commandLine,
                    interruption: interruption
                ) { progress.show($0) }
                .result  // its warnings were shown as they happened
                progress.stop()
            } catch let interrupted as ProfileInterrupted {
                progress.stop()
                throw interrupted
            } catch {
                progress.stop()
                throw ToolFailure("profiling failed: \(error)")
            }
            result.source = source
            return result
        }

        static func isDirectory(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }

        /// `--scan` could not be read for a workload.
        struct ScanFileError: Error, CustomStringConvertible {
            var underlying: String
            var description: String { "--scan \(underlying)" }
        }

        /// The command line as typed, for the report's "reproduce" line.
        static var commandLine: String {
            let arguments = [Stagehand.commandName] + CommandLine.arguments.dropFirst()
            return arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        }
    }
}

extension Stage {
    /// Parses `a,b` into stages in journey order.
    ///
    /// - Throws: `ValidationError` naming an unknown stage and the known ones.
    static func parseList(_ text: String) throws -> [Stage] {
        var stages: Set<Stage> = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let stage = Stage(rawValue: name) else {
                throw ValidationError(
                    "unknown stage '\(name)'; stages are \(Stage.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            stages.insert(stage)
        }
        return stages.sorted()
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

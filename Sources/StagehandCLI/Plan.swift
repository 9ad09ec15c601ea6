import ArgumentParser
import Foundation
import StagehandKit

extension StagehandCommand {
    /// `stagehand plan [PATH]`: from a package to a measured plan. It runs the scanner to write a workload per
    /// candidate into a target of the package's own, builds it (leaving out any file the compiler refuses), profiles
    /// every workload as `profile --all --scan` does, and writes `plan.md` and `plan.json`. The work is the
    /// scanner's, the build's and the profile's; this command only runs them in order and joins what they say.
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure every candidate the scan finds in a package, and write the migration plan.",
            discussion: """
                Writes a workload per candidate it can measure into Stagehand/Plan/ in the package (target \
                StagehandPlan, added to Package.swift in a marked block, again on every run; a workload file you \
                edited is left as it is), builds it in release, profiles every workload, and writes \
                <output>/plan.md and <output>/plan.json beside the suite. Each value's source and each rate's are in the files and the \
                plan; a candidate it cannot measure is listed with why and what would let it be (one that talks to a \
                server, unless --allow-network). Needs the scanner \
                built beside this executable (swift build -c release --product stagehand-scan). Exit status: 0 \
                done; 1 the build or a profile failed; 64 not a package, nothing to measure, or a bad argument.
                """
        )

        /// The workload target: its name, and its directory in the package.
        static let target = "StagehandPlan"
        static let directory = "Stagehand/Plan"
        /// How many times a build may leave out the files the compiler refused before the plan gives up.
        static let buildAttempts = 4

        @Argument(help: "The package to plan: a directory with a Package.swift.")
        var path: String = "."

        @Option(
            help: ArgumentHelp(
                "Where the plan and reports go (default: Reports/Plan in the package).",
                valueName: "dir"
            )
        )
        var output: String?

        @Option(
            name: .customLong("max-time"),
            help: ArgumentHelp("Each workload's wall-time budget, in seconds, as for `profile`.", valueName: "s")
        )
        var maxTime: Double?

        @Option(
            help: ArgumentHelp(
                "The Stagehand package the workload target depends on when the package has none (default: the one "
                    + "this executable was built from).",
                valueName: "dir"
            )
        )
        var stagehand: String?

        @Option(
            name: .customLong("scratch-path"),
            help: ArgumentHelp(
                "The package's build directory (swift build's --scratch-path), for a plan run while another build "
                    + "holds .build, as the command plugin's does.",
                valueName: "dir"
            )
        )
        var scratchPath: String?

        @Option(
            help: ArgumentHelp(
                "The size of a collection or a sample the app sizes nowhere (default 40, said to be a guess).",
                valueName: "n"
            )
        )
        var scale: Int?

        @Flag(
            name: .customLong("allow-network"),
            help: "Measure the candidates that talk to a server too: their runs send real requests to it."
        )
        var allowNetwork = false

        @Flag(help: "No progress or tables from the profiles; the plan's summary only.")
        var quiet = false

        func validate() throws {
            if let maxTime, let problem = WorkloadValidator.Limits.maxTimeSeconds.problem(option: "--max-time", maxTime)
            {
                throw ValidationError(problem)
            }
            if let scale, !(1...1_000_000).contains(scale) {
                throw ValidationError("--scale must be from 1 to 1000000, got \(scale)")
            }
        }

        func run() throws {
            let started = Date()
            let package = URL(filePath: path, directoryHint: .isDirectory).standardizedFileURL
            let manifestFile = package.appending(path: "Package.swift")
            guard FileManager.default.fileExists(atPath: manifestFile.path) else {
                throw ExitCode.badInput(
                    "\(path) is not a package: it has no Package.swift (`stagehand scan` reads an app's sources; "
                        + "`plan` builds what it measures, so it needs a package)"
                )
            }
            let scanner = try Scan.scanner()
            let checkout = try stagehandCheckout()
            let outputDirectory =
                output.map { URL(filePath: $0, directoryHint: .isDirectory) }
                ?? package.appending(path: "Reports/Plan", directoryHint: .isDirectory)
            let targetDirectory = package.appending(path: Self.directory, directoryHint: .isDirectory)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: outputDirectory.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                throw ExitCode.badInput("--output \(outputDirectory.path) is a file; give a directory for the plan")
            }

            // Scan, write the workloads, and build them, leaving out each file the compiler refuses.
            var excluded: [String: String] = [:]
            var scan = try runScanner(scanner, package: package, excluded: excluded)
            guard !scan.candidates.isEmpty else {
                throw ExitCode.badInput("found nothing to measure in \(path): the scan found no candidate")
            }
            let description = try PlanPackage(
                dump: try Command.output(["swift", "package"] + swiftOptions(package) + ["dump-package"]),
                origin: manifestFile.path
            )
            if !scan.written.isEmpty {
                let text = try String(contentsOf: manifestFile, encoding: .utf8)
                let updated: String?
                do {
                    updated = try description.manifest(
                        text,
                        target: Self.target,
                        path: Self.directory,
                        modules: scan.modules,
                        checkout: checkout
                    )
                } catch {
                    throw ExitCode.badInput("\(manifestFile.path): \(error)")
                }
                if let updated {
                    try Data(updated.utf8).write(to: manifestFile, options: .atomic)
                    say("Added the target \(Self.target) (\(Self.directory)) to \(manifestFile.path).")
                }
            }
            var binary: URL?
            let toBuild = scan.written.count
            for attempt in 1...Self.buildAttempts where !scan.written.isEmpty {
                say("Building \(scan.written.count) workloads (swift build -c release --product \(Self.target))…")
                let build = try Command.run(
                    ["swift", "build"] + swiftOptions(package) + ["-c", "release", "--product", Self.target]
                )
                if build.status == 0 {
                    let bin = try Command.output(
                        ["swift", "build"] + swiftOptions(package) + ["-c", "release", "--show-bin-path"]
                    )
                    binary = URL(
                        filePath: String(decoding: bin, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    )
                    .appending(path: Self.target)
                    break
                }
                // The compiler may print the directory with its links resolved (`/private/tmp` for `/tmp`).
                let failures = BuildFailures(
                    output: build.output,
                    directories: [targetDirectory.path, targetDirectory.resolvingSymlinksInPath().path]
                )
                let refused = scan.written.filter { failures.byFile[$0.source ?? ""] != nil }
                guard attempt < Self.buildAttempts, !refused.isEmpty,
                    !refused.contains(where: { scan.leftAlone.contains($0.source ?? "") })
                else {
                    let edited = failures.byFile.keys.filter { scan.leftAlone.contains($0) }.sorted()
                    let why =
                        !edited.isEmpty
                        ? "a file you edited does not build (\(edited.joined(separator: ", "))): fix it or delete it"
                        : failures.byFile["main.swift"] != nil
                            ? "main.swift calls a function an edited file no longer declares: keep each file's "
                                + "make…Workload function under its name (\(failures.byFile["main.swift"] ?? ""))"
                            : failures.byFile.isEmpty
                                ? "the package does not build with the plan's target"
                                    + (failures.elsewhere.map { ": \($0)" } ?? "")
                                : "the workloads still do not build"
                    throw ToolFailure("\(why). No plan written. The build's last lines:\n\(Self.tail(build.output))")
                }
                for candidate in refused {
                    let error = failures.byFile[candidate.source ?? ""] ?? ""
                    let place = "\(Self.directory)/\(candidate.source ?? "")"
                    excluded[candidate.workload] = "its generated workload does not compile: \(place):\(error)"
                    say("Left out \(candidate.workload), which does not compile: \(place):\(error)")
                }
                scan = try runScanner(scanner, package: package, excluded: excluded)
            }

            // Profile what built, with the scan of the package now that it holds the workloads.
            try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
            var suite: SuiteResult?
            var results: [String: ProfileResult] = [:]
            // Workloads to build and none built: the plan says why for each, and the status says it failed.
            var someFailed = toBuild > 0 && binary == nil
            if let binary {
                let scanFile = outputDirectory.appending(path: "scan.json")
                try Command.output([scanner.path, package.path, "--json"]).write(to: scanFile, options: .atomic)
                var arguments = ["profile", "--all", "--output", outputDirectory.path, "--scan", scanFile.path]
                if let maxTime { arguments += ["--max-time", "\(maxTime)"] }
                if quiet { arguments.append("--quiet") }
                let status = try Command.runInheriting([binary.path] + arguments, in: package)
                guard status == 0 || status == 1 else {
                    throw ToolFailure(
                        "the plan's workloads could not be profiled (exit status \(status)); no plan written"
                    )
                }
                someFailed = status == 1
                let read = try SuiteResult.read(outputDirectory.appending(path: SuiteResult.fileName))
                suite = read
                for entry in read.workloads {
                    guard let file = entry.result else { continue }
                    results[entry.workload] = try ProfileResult.read(outputDirectory.appending(path: file))
                }
            }
            let plan = PlanResult(
                command: (["stagehand"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
                startedAt: ISO8601DateFormatter().string(from: started),
                wallSeconds: Date().timeIntervalSince(started),
                package: description.name,
                target: Self.target,
                path: Self.directory,
                suite: suite == nil ? nil : SuiteResult.fileName,
                leftAlone: scan.leftAlone,
                candidates: scan.candidates.map { candidate in
                    candidate.joined(
                        with: suite?.workloads.first { $0.workload == candidate.workload },
                        result: results[candidate.workload]
                    )
                }
            )
            let written = try plan.write(to: outputDirectory)
            let measured = plan.measured.count
            print(
                "Measured \(measured) of \(plan.candidates.count) candidates; wrote \(written.markdown.path) and "
                    + "\(written.json.lastPathComponent)."
            )
            // A workload that could not be profiled is in the plan, with why; the status says so too.
            if someFailed { throw ExitCode.someFailed }
        }

        /// What every `swift` command of the plan takes: the package, and `--scratch-path`.
        private func swiftOptions(_ package: URL) -> [String] {
            ["--package-path", package.path] + (scratchPath.map { ["--scratch-path", $0] } ?? [])
        }

        private func say(_ line: String) {
            if !quiet { printError(line) }
        }

        /// Runs the scanner with `--plan`, which writes the workload files and prints what it found.
        private func runScanner(_ scanner: URL, package: URL, excluded: [String: String]) throws -> PlanScan {
            let directory = package.appending(path: Self.directory).path
            var arguments = [scanner.path, package.path, "--plan", directory]
            if allowNetwork { arguments.append("--allow-network") }
            if let scale { arguments += ["--scale", "\(scale)"] }
            for (name, reason) in excluded.sorted(by: { $0.key < $1.key }) {
                arguments += ["--exclude", "\(name)=\(reason)"]
            }
            let result = try Command.run(arguments, separateErrors: true)
            guard result.status == 0 else {
                throw result.status == ExitCode.validationFailure.rawValue
                    ? ExitCode.badInput(result.errors.replacingOccurrences(of: "error: ", with: ""))
                    : ToolFailure("stagehand-scan failed (exit status \(result.status)): \(result.errors)")
            }
            do {
                return try PlanScan(json: Data(result.output.utf8), origin: "stagehand-scan --plan")
            } catch {
                throw ToolFailure("\(error)")
            }
        }

        /// The Stagehand package to depend on: `--stagehand`, or the checkout this executable was built in (its
        /// `.build/<configuration>/` is inside it).
        private func stagehandCheckout() throws -> URL? {
            if let stagehand {
                let url = URL(filePath: stagehand, directoryHint: .isDirectory).standardizedFileURL
                guard PlanPackage.isStagehand(url) else {
                    throw ExitCode.badInput("--stagehand \(stagehand) is not Stagehand's package (its Package.swift)")
                }
                return url
            }
            guard let executable = Platform.executablePath else { return nil }
            var directory = URL(filePath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            while directory.pathComponents.count > 1 {
                if PlanPackage.isStagehand(directory) { return directory }
                directory = directory.deletingLastPathComponent()
            }
            return nil
        }

        /// The last lines of a build's output, for an error.
        private static func tail(_ output: String) -> String {
            output.split(whereSeparator: \.isNewline).suffix(12).joined(separator: "\n")
        }
    }
}

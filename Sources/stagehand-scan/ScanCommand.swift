import ArgumentParser
import Foundation
import StagehandScan

/// `stagehand-scan [PATH]`, which `stagehand scan` runs: the static advisor's command line.
@main
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stagehand scan",
        abstract: "Find what the Swift concurrency guide warns about in a package's or an app's sources.",
        discussion: """
            Reads every Swift file under PATH (build products and dependencies' checkouts left out), infers the \
            isolation of each place (attributes, conformances, the targets' default isolation in Package.swift or \
            an Xcode project), and lists the findings by rule. Exit status: 0 done; 1 findings with --strict; 64 a \
            bad path, or a scaffold directory that is a file, is outside PATH, or already holds Swift files. A file \
            that does not parse is reported and skipped.

            --scaffold DIR writes DIR/main.swift (DIR a new directory inside PATH), a starting workload executable \
            with one workload per candidate: CPU work main-actor code calls (compute steps), CPU work on the main \
            actor (ui), async functions awaited from main-actor code (io), main-actor classes' shared state \
            (subsystems). Arguments and instances are values from the app's own code where it shows them (each \
            one's source above its workload). It prints the target to add to Package.swift. Fill the \
            <#placeholders#> left (the compiler \
            refuses the file until each is filled).
            """
    )

    @Argument(help: "The package or app directory to scan.")
    var path: String = "."

    @Flag(help: "Write the findings as JSON to standard output.")
    var json = false

    @Flag(help: "Write the findings as a Markdown section, for a pull request.")
    var markdown = false

    @Flag(help: "Exit with status 1 when there are findings.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "Write a starting workload executable (main.swift) from the candidates into this directory.",
            valueName: "dir"
        )
    )
    var scaffold: String?

    @Option(
        help: ArgumentHelp(
            "For `stagehand plan`: write a workload file per candidate it can measure, and main.swift, into this "
                + "directory (again on every run, leaving edited files alone); print what was found as JSON.",
            valueName: "dir"
        )
    )
    var plan: String?

    @Option(
        help: ArgumentHelp(
            "With --plan, leave out this workload, saying why (repeatable).",
            valueName: "name=reason"
        )
    )
    var exclude: [String] = []

    @Flag(
        name: .customLong("allow-network"),
        help: "With --plan, write a workload for a candidate that talks to a server too: its runs send real requests."
    )
    var allowNetwork = false

    @Option(
        help: ArgumentHelp(
            "With --scaffold or --plan, the size of a collection or a sample the app sizes nowhere (default 40, said "
                + "to be a guess).",
            valueName: "n"
        )
    )
    var scale: Int?

    func validate() throws {
        if json && markdown { throw ValidationError("--json and --markdown each choose the output; give one") }
        if scaffold != nil && (json || markdown || strict) {
            throw ValidationError("--scaffold writes a workload executable; it takes no --json, --markdown or --strict")
        }
        if plan != nil && (scaffold != nil || json || markdown || strict) {
            throw ValidationError(
                "--plan writes a workload target; it takes no --scaffold, --json, --markdown or --strict"
            )
        }
        if !exclude.isEmpty && plan == nil {
            throw ValidationError("--exclude leaves workloads out of --plan; add --plan")
        }
        if allowNetwork && plan == nil {
            throw ValidationError("--allow-network lets --plan measure what talks to a server; add --plan")
        }
        if let scale, !(1...1_000_000).contains(scale) {
            throw ValidationError("--scale must be from 1 to 1000000, got \(scale)")
        }
        if scale != nil && plan == nil && scaffold == nil {
            throw ValidationError("--scale sizes the values of --scaffold or --plan; add one")
        }
        if let bad = exclude.first(where: { !$0.contains("=") }) {
            throw ValidationError("--exclude takes NAME=REASON, got '\(bad)'")
        }
    }

    func run() throws {
        let root = URL(filePath: path, directoryHint: .isDirectory)
        let result: ScanResult
        do {
            result = try ConcurrencyScanner.scan(root: root, scale: scale)
        } catch let error as ConcurrencyScanner.BadPath {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.validationFailure
        }
        if let scaffold {
            try write(result, scaffoldingInto: scaffold)
            return
        }
        if let plan {
            try write(result, planningInto: plan)
            return
        }
        let output = json ? try result.json() : markdown ? result.markdown() : result.text()
        FileHandle.standardOutput.write(Data(output.utf8))
        if strict && !result.findings.isEmpty { throw ExitCode.failure }
    }

    /// Writes `DIR/main.swift` (never over an existing file) and prints the target to add. DIR must be a directory
    /// of its own in the package (``ScaffoldDirectory``).
    private func write(_ result: ScanResult, scaffoldingInto directory: String) throws {
        let place: ScaffoldDirectory
        do {
            place = try ScaffoldDirectory(directory, scanning: path)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.validationFailure
        }
        let main = place.mainSwift
        let scaffold = result.scaffold(target: place.url.lastPathComponent, path: place.packagePath)
        guard scaffold.workloads > 0 else {
            let nothing = "Found nothing to scaffold: no candidate workload; wrote nothing.\n"
            FileHandle.standardOutput.write(Data(nothing.utf8))
            return
        }
        try FileManager.default.createDirectory(at: place.url, withIntermediateDirectories: true)
        try Data(scaffold.mainSwift.utf8).write(to: main, options: .withoutOverwriting)
        var summary = "Wrote \(main.path): \(scaffold.workloads) workload\(scaffold.workloads == 1 ? "" : "s")"
        if scaffold.left > 0 { summary += " (\(scaffold.left) more candidates listed in its header)" }
        summary += ".\n\nAdd the target to Package.swift:\n\n\(scaffold.packageSnippet)\n\n"
        summary += "Fill the <#placeholders#> left, then: swift package --allow-writing-to-package-directory stagehand "
        summary += "profile <workload>\n"
        FileHandle.standardOutput.write(Data(summary.utf8))
    }

    /// Writes the plan's workload files into DIR (creating it; deleting the files of a run before that this one no
    /// longer writes and nobody edited) and prints the manifest.
    private func write(_ result: ScanResult, planningInto directory: String) throws {
        let place: ScaffoldDirectory
        do {
            place = try ScaffoldDirectory(directory, scanning: path, regeneratingFilesStartingWith: PlanSources.header)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.validationFailure
        }
        let manager = FileManager.default
        var existing: [String: String] = [:]
        for name in (try? manager.contentsOfDirectory(atPath: place.url.path)) ?? [] where name.hasSuffix(".swift") {
            existing[name] = try? String(contentsOf: place.url.appending(path: name), encoding: .utf8)
        }
        var excluded: [String: String] = [:]
        for item in exclude {
            let parts = item.split(separator: "=", maxSplits: 1)
            excluded[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        let sources = result.plan(
            path: place.packagePath,
            existing: existing,
            excluded: excluded,
            allowingNetwork: allowNetwork
        )
        // Nothing found: nothing written or deleted, so that `plan`, which stops there, leaves the tree as it was.
        guard !sources.manifest.candidates.isEmpty else {
            FileHandle.standardOutput.write(Data(try sources.manifest.json().utf8))
            return
        }
        if !sources.files.isEmpty { try manager.createDirectory(at: place.url, withIntermediateDirectories: true) }
        for name in sources.stale(existing: existing) {
            try manager.removeItem(at: place.url.appending(path: name))
        }
        for (name, text) in sources.files.sorted(by: { $0.key < $1.key }) where existing[name] != text {
            try Data(text.utf8).write(to: place.url.appending(path: name), options: .atomic)
        }
        FileHandle.standardOutput.write(Data(try sources.manifest.json().utf8))
    }
}

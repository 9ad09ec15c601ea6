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

    func validate() throws {
        if json && markdown { throw ValidationError("--json and --markdown each choose the output; give one") }
        if scaffold != nil && (json || markdown || strict) {
            throw ValidationError("--scaffold writes a workload executable; it takes no --json, --markdown or --strict")
        }
    }

    func run() throws {
        let root = URL(filePath: path, directoryHint: .isDirectory)
        let result: ScanResult
        do {
            result = try ConcurrencyScanner.scan(root: root)
        } catch let error as ConcurrencyScanner.BadPath {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.validationFailure
        }
        if let scaffold {
            try write(result, scaffoldingInto: scaffold)
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
}

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
            bad path. A file that does not parse is reported and skipped.
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

    func validate() throws {
        if json && markdown { throw ValidationError("--json and --markdown each choose the output; give one") }
    }

    func run() throws {
        let root = URL(filePath: path, directoryHint: .isDirectory)
        let result: ScanResult
        do {
            result = try ConcurrencyScanner.scan(root: root)
        } catch let error as ConcurrencyScanner.BadPath {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(64)
        }
        let output = json ? try result.json() : markdown ? result.markdown() : result.text()
        FileHandle.standardOutput.write(Data(output.utf8))
        if strict && !result.findings.isEmpty { throw ExitCode(1) }
    }
}

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
            (subsystems). It prints the target to add to Package.swift. Fill its <#placeholders#> (the compiler \
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
            throw ExitCode(64)
        }
        if let scaffold {
            try write(result, scaffoldingInto: scaffold)
            return
        }
        let output = json ? try result.json() : markdown ? result.markdown() : result.text()
        FileHandle.standardOutput.write(Data(output.utf8))
        if strict && !result.findings.isEmpty { throw ExitCode(1) }
    }

    /// Writes `DIR/main.swift` (never over an existing file) and prints the target to add. DIR must be a directory
    /// of its own inside the scanned one, because the target's `path:` is relative to the package and a target
    /// compiles every Swift file under it.
    private func write(_ result: ScanResult, scaffoldingInto directory: String) throws {
        func refuse(_ message: String) -> ExitCode {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            return ExitCode(64)
        }
        let manager = FileManager.default
        let url = Self.resolved(URL(filePath: directory, directoryHint: .isDirectory))
        let root = Self.resolved(URL(filePath: path, directoryHint: .isDirectory))
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw refuse("\(directory) is a file; --scaffold takes a directory to write main.swift into")
        }
        let rootComponents = root.pathComponents
        guard url.pathComponents.count > rootComponents.count,
            Array(url.pathComponents.prefix(rootComponents.count)) == rootComponents
        else {
            throw refuse(
                "\(directory) is not inside the scanned directory \(path): scaffold into a new directory inside it "
                    + "(Stagehand/AppWorkloads), which its Package.swift can name"
            )
        }
        let relative = url.pathComponents.dropFirst(rootComponents.count).joined(separator: "/")
        let main = url.appending(path: "main.swift")
        if manager.fileExists(atPath: main.path) {
            throw refuse("\(main.path) exists; scaffold into a new directory")
        }
        let sources = (manager.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".swift")
        }
        if !sources.isEmpty {
            throw refuse(
                "\(directory) holds Swift sources (\(sources.sorted().prefix(3).joined(separator: ", "))"
                    + (sources.count > 3 ? ", …" : "") + "), which the workload target would compile too; "
                    + "scaffold into a new directory"
            )
        }
        let scaffold = result.scaffold(target: url.lastPathComponent, path: relative)
        guard scaffold.workloads > 0 else {
            let nothing = "Found nothing to scaffold: no candidate workload; wrote nothing.\n"
            FileHandle.standardOutput.write(Data(nothing.utf8))
            return
        }
        try manager.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(scaffold.mainSwift.utf8).write(to: main, options: .withoutOverwriting)
        var summary = "Wrote \(main.path): \(scaffold.workloads) workload\(scaffold.workloads == 1 ? "" : "s")"
        if scaffold.left > 0 { summary += " (\(scaffold.left) more candidates listed in its header)" }
        summary += ".\n\nAdd the target to Package.swift:\n\n\(scaffold.packageSnippet)\n\n"
        summary += "Fill its <#placeholders#>, then: swift package --allow-writing-to-package-directory stagehand "
        summary += "profile <workload>\n"
        FileHandle.standardOutput.write(Data(summary.utf8))
    }

    /// `url` absolute, with `.`, `..` and symbolic links resolved as far as the path exists (`/tmp` is
    /// `/private/tmp` on macOS), so that two spellings of one place compare equal.
    private static func resolved(_ url: URL) -> URL {
        let absolute = url.absoluteURL.standardizedFileURL
        var existing = absolute
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appending(path: $1) }
    }
}

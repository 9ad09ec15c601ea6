import Foundation

/// Another program, run to its end: the scanner, `swift build`, the plan's workload executable. A name without a
/// slash is looked up on PATH (through `/usr/bin/env`).
enum Command {
    struct Outcome {
        var status: Int32
        /// Standard output, and standard error with it unless they were kept apart.
        var output: String
        var errors: String
    }

    /// Runs `arguments`, capturing what it prints; with `separateErrors`, standard error apart from standard output.
    static func run(_ arguments: [String], separateErrors: Bool = false) throws -> Outcome {
        let process = try process(arguments)
        // Files, not pipes: a build prints more than a pipe holds while nobody reads it.
        let output = try temporaryFile()
        let errors = separateErrors ? try temporaryFile() : output
        defer { try? FileManager.default.removeItem(at: output.url) }
        defer { if separateErrors { try? FileManager.default.removeItem(at: errors.url) } }
        process.standardOutput = output.handle
        process.standardError = errors.handle
        try process.run()
        process.waitUntilExit()
        try? output.handle.close()
        if separateErrors { try? errors.handle.close() }
        if process.terminationReason == .uncaughtSignal {
            throw ToolFailure("\(arguments[0]) was terminated by signal \(process.terminationStatus)")
        }
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return Outcome(
            status: process.terminationStatus,
            output: read(output.url),
            errors: separateErrors ? read(errors.url) : ""
        )
    }

    /// Runs `arguments` and returns its standard output.
    ///
    /// - Throws: ``ToolFailure`` with what it printed when it fails.
    static func output(_ arguments: [String]) throws -> Data {
        let outcome = try run(arguments, separateErrors: true)
        guard outcome.status == 0 else {
            throw ToolFailure(
                "`\(arguments.joined(separator: " "))` failed (exit status \(outcome.status)): \(outcome.errors)"
            )
        }
        return Data(outcome.output.utf8)
    }

    /// Runs `arguments` (in `directory`, or this process's) on this process's terminal, and returns its exit status.
    static func runInheriting(_ arguments: [String], in directory: URL? = nil) throws -> Int32 {
        let process = try process(arguments)
        if let directory { process.currentDirectoryURL = directory }
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            throw ToolFailure("\(arguments[0]) was terminated by signal \(process.terminationStatus)")
        }
        return process.terminationStatus
    }

    private static func process(_ arguments: [String]) throws -> Process {
        guard let first = arguments.first else { throw ToolFailure("no command to run") }
        let process = Process()
        if first.contains("/") {
            process.executableURL = URL(filePath: first)
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = arguments
        }
        return process
    }

    private static func temporaryFile() throws -> (url: URL, handle: FileHandle) {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-\(UUID().uuidString).out")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw ToolFailure("could not create \(url.path)")
        }
        return (url, try FileHandle(forWritingTo: url))
    }
}

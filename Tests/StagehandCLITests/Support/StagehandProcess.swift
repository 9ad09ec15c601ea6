import Foundation
import StagehandKit
import Testing

/// The `stagehand` executable built beside the tests, run as users and CI run it: arguments in, exit status and
/// terminal text out.
enum StagehandProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `stagehand` built beside this test bundle.
    static let executable = productsDirectory.appending(path: "stagehand")

    /// Where `swift build` put the products: beside the image this test code was loaded from
    /// (``Platform/imagePath(containing:)`` of `#dsohandle`). On Linux that image is the test executable in the
    /// products directory. On macOS it is the binary inside the `.xctest` bundle, which `swiftpm-testing-helper` (in
    /// the toolchain) loads, so the running executable's path would name the helper's directory (read from SwiftPM's
    /// sources; not run on a Mac here).
    static let productsDirectory: URL = {
        guard let image = Platform.imagePath(containing: #dsohandle) else {
            return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        }
        return productsDirectory(ofImage: image)
    }()

    /// The products directory of the test image at `path`: its own directory, or, for the binary of a macOS bundle
    /// (`<products>/X.xctest/Contents/MacOS/X`), the directory holding the bundle.
    static func productsDirectory(ofImage path: String) -> URL {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let contents = directory.deletingLastPathComponent()
        guard directory.lastPathComponent == "MacOS", contents.lastPathComponent == "Contents",
            contents.deletingLastPathComponent().pathExtension == "xctest"
        else { return directory }
        return contents.deletingLastPathComponent().deletingLastPathComponent()
    }

    static func run(_ arguments: String..., in directory: URL? = nil) async throws -> Run {
        try await run(arguments: arguments, in: directory)
    }

    /// Profiles `spec`, written as `<name>.yaml`, once per stage of `stages` (all four when `nil`), quietly, and
    /// returns its result; the profile must exit 0.
    static func profileOnce(
        _ spec: String,
        name: String,
        stages: [Stage]? = nil,
        arguments extra: [String] = []
    ) async throws -> ProfileResult {
        let directory = try Scratch.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Scratch.write(spec, to: directory, name: "\(name).yaml")
        let run = try await run(
            arguments: ["profile", path, "--repetitions", "1", "--quiet", "--output", directory.path]
                + (stages.map { ["--stages", $0.map(\.rawValue).joined(separator: ",")] } ?? []) + extra
        )
        #expect(run.status == 0, "\(run.stderr)")
        return try ProfileResult.read(directory.appending(path: "\(name).json"))
    }

    /// Runs `stagehand` (or `executable`) to completion; its output goes to files, so no pipe can fill up and block it.
    ///
    /// - Parameter environment: variables added to this process's environment for the run.
    static func run(
        arguments: [String],
        executable: URL = StagehandProcess.executable,
        in directory: URL? = nil,
        environment: [String: String] = [:]
    ) async throws -> Run {
        let scratch = try Scratch.directory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdout = scratch.appending(path: "stdout")
        let stderr = scratch.appending(path: "stderr")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let running = try Running(
            arguments,
            executable: executable,
            in: directory,
            environment: environment.isEmpty
                ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 },
            stdout: try FileHandle(forWritingTo: stdout),
            stderr: try FileHandle(forWritingTo: stderr)
        )
        return Run(
            status: await running.status(),
            stdout: try String(contentsOf: stdout, encoding: .utf8),
            stderr: try String(contentsOf: stderr, encoding: .utf8)
        )
    }

    /// `stagehand`, or another executable built beside the tests, started in the background.
    struct Running {
        let process = Process()
        private let exited = DispatchSemaphore(value: 0)

        init(
            _ arguments: [String],
            executable: URL = StagehandProcess.executable,
            in directory: URL? = nil,
            environment: [String: String]? = nil,
            stdout: FileHandle = .nullDevice,
            stderr: FileHandle = .nullDevice
        ) throws {
            process.executableURL = executable
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
            if let environment { process.environment = environment }
            process.standardOutput = stdout
            process.standardError = stderr
            let exited = self.exited
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
        }

        /// Waits for the exit, without holding a cooperative-pool thread (other suites run beside this one).
        func status() async -> Int32 {
            let exited = self.exited
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    exited.wait()
                    continuation.resume()
                }
            }
            return process.terminationStatus
        }

        /// Sends `signal` once the profile's first stage child has started (bounded wait), and waits for the exit.
        func interrupt(with signal: Int32) async throws -> Int32 {
            var children: [String] = []
            for _ in 0..<300 where children.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                children = StagehandProcess.stageChildren(ofProfile: process.processIdentifier)
            }
            #expect(!children.isEmpty, "a stage child started")
            kill(process.processIdentifier, signal)
            return await status()
        }
    }

    /// Whether process `pid` is still running (a zombie not yet reaped by its parent counts as ended).
    static func isRunning(_ pid: Int32) -> Bool {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !status.contains(") Z ")
        #else
        return kill(pid, 0) == 0
        #endif
    }

    /// The `run-stage` children a profile with process id `pid` has running (its scratch folder names the pid).
    static func stageChildren(ofProfile pid: Int32) -> [String] {
        commandLines().filter { $0.contains("run-stage") && $0.contains("stagehand-\(pid)-") }
    }

    /// Every running process's command line.
    ///
    /// Linux reads `/proc/PID/cmdline`, which needs nothing installed; elsewhere `ps -A -ww -o command=` (`ps`
    /// as macOS has it) lists them.
    static func commandLines() -> [String] {
        #if os(Linux)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { entry in
            guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
        }
        #else
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/ps")
        process.arguments = ["-A", "-ww", "-o", "command="]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        #endif
    }
}

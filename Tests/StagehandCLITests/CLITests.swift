import Foundation
import StagehandKit
import Testing

/// The `stagehand` executable as users and CI call it: arguments in, exit status, terminal text and files out.
@Suite(.serialized) struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `stagehand` built beside this test bundle.
    static let executable = productsDirectory.appending(path: "stagehand")

    /// Where `swift build` put the products. On Linux the tests are an executable there; on macOS they are an
    /// `.xctest` bundle there, loaded by a runner elsewhere, so the bundle is looked for (as SwiftPM's own package
    /// templates did).
    static let productsDirectory: URL = {
        #if os(macOS)
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return URL(fileURLWithPath: Platform.executablePath ?? CommandLine.arguments[0]).deletingLastPathComponent()
    }()

    static func stagehand(_ arguments: String..., in directory: URL? = nil) async throws -> Run {
        try await stagehand(arguments: arguments, in: directory)
    }

    /// Runs `stagehand` to completion; its output goes to files, so no pipe can fill up and block it.
    static func stagehand(arguments: [String], in directory: URL? = nil) async throws -> Run {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdout = scratch.appending(path: "stdout")
        let stderr = scratch.appending(path: "stderr")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let running = try Running(
            arguments,
            in: directory,
            stdout: try FileHandle(forWritingTo: stdout),
            stderr: try FileHandle(forWritingTo: stderr)
        )
        return Run(
            status: await running.status(),
            stdout: try String(contentsOf: stdout, encoding: .utf8),
            stderr: try String(contentsOf: stderr, encoding: .utf8)
        )
    }

    /// `stagehand` started in the background.
    struct Running {
        let process = Process()
        private let exited = DispatchSemaphore(value: 0)

        init(
            _ arguments: [String],
            in directory: URL? = nil,
            stdout: FileHandle = .nullDevice,
            stderr: FileHandle = .nullDevice
        ) throws {
            process.executableURL = CLITests.executable
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
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
                children = CLITests.stageChildren(ofProfile: process.processIdentifier)
            }
            #expect(!children.isEmpty, "a stage child started")
            kill(process.processIdentifier, signal)
            return await status()
        }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ spec: String, to directory: URL, name: String = "app.yaml") throws -> String {
        let url = directory.appending(path: name)
        try spec.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func listNamesEveryBuiltIn() async throws {
        let run = try await Self.stagehand("list")
        #expect(run.status == 0)
        for name in ["counter", "news-feed", "image-pipeline", "network-manager", "color-extraction"] {
            #expect(run.stdout.contains(name))
        }
    }

    @Test func aBadSpecExits64NamingFileLineAndFieldAndWritesNothing() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Self.write(
            """
            name: broken
            interactions:
              - name: tap
                rate-per-s: 2
                steps:
                  - { compute: decode, ms: -1 }
            """,
            to: directory
        )
        let run = try await Self.stagehand("profile", spec, "--output", directory.appending(path: "out").path)
        #expect(run.status == 64)
        #expect(
            run.stderr.contains("\(spec):6: interactions[0].steps[0].ms: must be a finite number ≥ 0"),
            "\(run.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "out").path))
    }

    @Test(arguments: [
        (["--stages", "main-only,threaded"], "unknown stage 'threaded'"),
        (["--repetitions", "0"], "--repetitions must be from 1 to 100"),
        (["--duration=-1"], "--duration must be more than 0"),
        (["--refresh-hz", "500"], "--refresh-hz must be from 1 to 240"),
        (["--trace", "/tmp"], "--trace names a file to write, and /tmp is a directory"),
        (["--cores", "0"], CoreLimit.isSupported ? "--cores must be from 1 to" : "--cores needs Linux"),
    ])
    func badArgumentsExit64(_ arguments: [String], _ message: String) async throws {
        let process = try await Self.stagehand(arguments: ["profile", "counter"] + arguments)
        #expect(process.status == 64)
        #expect(process.stderr.contains(message), "\(process.stderr)")
    }

    @Test func anUnknownWorkloadExits64() async throws {
        let run = try await Self.stagehand("profile", "no-such-workload")
        #expect(run.status == 64)
        #expect(run.stderr.contains("no built-in workload by that name"))
    }

    /// One interaction with a step of each kind.
    static let placementSpec = """
        name: placement
        duration-s: 0.5
        subsystems: [store]
        interactions:
          - name: tap
            rate-per-s: 8
            steps:
              - { state: store, ms: 0.3 }
              - { io: fetch, ms: 3 }
              - { compute: work, ms: 0.5 }
              - { ui: show, ms: 0.3 }
        """

    /// A tiny workload through the whole tool: four child processes, the table, the Markdown and the JSON.
    @Test func profilesATinyWorkloadEndToEnd() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Self.write(Self.placementSpec, to: directory)
        let run = try await Self.stagehand("profile", spec, "--repetitions", "1", "--output", "reports", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("main-only"))
        #expect(run.stdout.contains("Verdict:"))
        #expect(run.stderr.contains("repetition 1/1"))
        #expect(!run.stderr.contains("\r") && !run.stderr.contains("\u{1B}"), "piped progress is plain lines")
        let json = directory.appending(path: "reports/placement.json")
        let markdown = directory.appending(path: "reports/placement.md")
        let result = try ProfileResult.read(json)
        #expect(result.stages.map(\.status) == [.ok, .ok, .ok, .ok])
        #expect(result.stages.allSatisfy { ($0.metrics?.frames ?? 0) > 0 })
        #expect(Stage(rawValue: result.recommendation.stage) != nil || result.recommendation.stage == "none")
        // The report renders from the saved JSON alone, exactly as profile wrote it.
        #expect(try String(contentsOf: markdown, encoding: .utf8) == MarkdownReport(result: result).render())
    }

    /// `--cores 1`: every stage child restricts itself to one CPU before it starts, and says so in its result.
    @Test(.enabled(if: CoreLimit.isSupported)) func aProfileOnOneCoreRunsEveryStageOnOneCPU() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await Self.stagehand(
            "profile",
            "counter",
            "--cores",
            "1",
            "--duration",
            "0.5",
            "--repetitions",
            "1",
            "--output",
            "reports",
            "--quiet",
            in: directory
        )
        #expect(run.status == 0, "\(run.stderr)")
        let result = try ProfileResult.read(directory.appending(path: "reports/counter.json"))
        #expect(result.environment.cores == 1)
        #expect(result.stages.map(\.status) == [.ok, .ok, .ok, .ok])
        #expect(result.stages.flatMap(\.repetitions).map(\.cores) == [1, 1, 1, 1], "as each child saw itself")
        #expect(result.recommendation.summary.contains("on 1 core"))
    }

    /// On a terminal the progress line is redrawn in place with the elapsed time; with `CI` set it is plain lines,
    /// terminal or not. Run under `script`, which gives the profile a pseudo-terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")), arguments: [false, true])
    func progressRedrawsInPlaceOnlyOnATerminalOutsideCI(ci: Bool) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transcript = directory.appending(path: "transcript")
        let command =
            [Self.executable.path, "profile", "counter", "--stages", "main-only", "--duration", "0.6"]
            + ["--repetitions", "1", "--output", directory.path]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        #if os(Linux)
        // util-linux script(1): -q quiet, -e the command's exit status, -c the command, then the transcript.
        process.arguments = ["-qec", command.joined(separator: " "), transcript.path]
        #else
        // BSD script(1), as on macOS: -q quiet, the transcript, then the command and its arguments; it exits with the
        // command's status.
        process.arguments = ["-q", transcript.path] + command
        #endif
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = ci ? "true" : nil
        environment["TERM"] = "xterm"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        #expect(process.terminationStatus == 0)
        let output = String(decoding: try Data(contentsOf: transcript), as: UTF8.self)
        #expect(output.contains("[1/1] main-only"), "\(output)")
        #expect(output.contains("\r\u{1B}[2K") == !ci, "redrawn in place: \(!ci)")
        #expect(output.contains("/~") == !ci, "elapsed time against the expected shown: \(!ci)")
    }

    /// Every step kind lands where the stage says: read back from where the child saw each step run.
    @Test func eachStageRunsEachStepKindWhereTheStageSays() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Self.write(Self.placementSpec, to: directory)
        let run = try await Self.stagehand("profile", spec, "--repetitions", "1", "--quiet", "--output", directory.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "--quiet prints nothing")
        let result = try ProfileResult.read(directory.appending(path: "placement.json"))
        let kinds = result.spec.interactions[0].steps.map(\.kind)
        // Handler + Task start + one resumption per awaited io (+ per offloaded compute); actor-extracted: handler + ui.
        let expectedHops: [Stage: Double] = [.mainOnly: 1, .async: 3, .offloaded: 4, .actorExtracted: 2]
        // Main-actor jobs besides frames: the handler, then one per stretch on main between suspensions.
        let expectedJobs: [Stage: Int] = [.mainOnly: 1, .async: 3, .offloaded: 4, .actorExtracted: 2]
        for stage in result.stages {
            for timing in stage.stepTimings where timing.runs > 0 {
                let kind = kinds[timing.key.step]
                let onMain = stage.stage.runsOnMain(kind)
                #expect(
                    timing.runsOnMain == (onMain ? timing.runs : 0),
                    "\(stage.stage.rawValue): \(kind.rawValue) ran on main \(timing.runsOnMain) of \(timing.runs) times"
                )
            }
            #expect(stage.stepTimings.count == kinds.count, "every step ran in \(stage.stage.rawValue)")
            #expect(stage.metrics?.mainActorHopsPerInteraction == expectedHops[stage.stage], "\(stage.stage.rawValue)")
            let metrics = try #require(stage.metrics)
            #expect(metrics.interactionsUnfinished == 0)
            #expect(
                metrics.mainActorJobs.count - metrics.frames
                    == metrics.interactionsCompleted * (expectedJobs[stage.stage] ?? 0),
                "\(stage.stage.rawValue): \(metrics.mainActorJobs.count) jobs, \(metrics.frames) frames"
            )
        }
        let actorHops = try #require(result.stages[3].metrics?.subsystemHopWaitMs["store"])
        #expect(actorHops.count > 0)
    }

    /// `--trace` writes one trace-event file that draws each stage as a process and each step on the thread that
    /// ran it: main for what the stage keeps on main, a pool thread for the rest.
    @Test func theTraceDrawsEveryStepOnTheThreadThatRanIt() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Self.write(Self.placementSpec, to: directory)
        let trace = directory.appending(path: "traces/placement.trace.json")
        let run = try await Self.stagehand(
            "profile",
            spec,
            "--repetitions",
            "1",
            "--quiet",
            "--output",
            directory.path,
            "--trace",
            trace.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        let file = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any],
            "the trace is one JSON object"
        )
        let events = try #require(file["traceEvents"] as? [[String: Any]])
        let processes = events.filter { $0["name"] as? String == "process_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(processes == Stage.allCases.map(\.rawValue), "one process per stage, in journey order")
        let kinds: [String: StepKind] = ["store": .state, "fetch": .io, "work": .compute, "show": .ui]
        for stage in Stage.allCases {
            let slices = events.filter { $0["pid"] as? Int == stage.number && $0["ph"] as? String == "X" }
            #expect(slices.contains { $0["name"] as? String == "frame" && $0["tid"] as? Int == 1 }, "frames on main")
            for (name, kind) in kinds {
                // Main-only blocks main with its io ("fetch (blocking)"); elsewhere an awaited io holds no thread.
                let threads = Set(
                    slices.filter { ($0["name"] as? String)?.split(separator: " ").first.map(String.init) == name }
                        .compactMap { $0["tid"] as? Int }
                )
                if kind == .io && stage != .mainOnly {
                    #expect(threads.isEmpty, "\(stage.rawValue): an awaited io is a wait")
                    continue
                }
                let expected: Bool = stage.runsOnMain(kind)
                #expect(!threads.isEmpty, "\(stage.rawValue): \(name) drawn")
                #expect(
                    threads.allSatisfy { ($0 == 1) == expected },
                    "\(stage.rawValue): \(name) drawn on threads \(threads.sorted())"
                )
            }
            let waits = Set(
                events.filter { $0["pid"] as? Int == stage.number && $0["ph"] as? String == "b" }
                    .compactMap { $0["name"] as? String }
            )
            #expect(waits.isSuperset(of: ["tap", "measured run", "event waits for its handler"]), "\(waits)")
        }
    }

    /// An io step of ten minutes blocks main in main-only: the watchdog ends it as hung, and async still runs.
    @Test func aStageThatBlocksMainForMinutesIsReportedHung() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Self.write(
            """
            name: stuck
            duration-s: 0.5
            interactions:
              - name: tap
                rate-per-s: 4
                steps:
                  - { io: forever, ms: 600000 }
            """,
            to: directory
        )
        let run = try await Self.stagehand(
            "profile",
            spec,
            "--stages",
            "main-only,async",
            "--repetitions",
            "2",
            "--output",
            directory.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        let result = try ProfileResult.read(directory.appending(path: "stuck.json"))
        #expect(result.stages[0].status == .hung)
        #expect(result.stages[0].repetitions.count == 1, "a hung stage is not run again")
        #expect(result.stages[1].status == .ok)
        #expect(result.stages[1].metrics?.interactionsUnfinished ?? 0 > 0)
        let markdown = try String(contentsOf: directory.appending(path: "stuck.md"), encoding: .utf8)
        #expect(markdown.contains("**hung**"))
        #expect(markdown.contains("the watchdog stopped it"))
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

    /// Ctrl-C in the middle of a stage run: the child is gone, no report is written, and the exit status says so.
    @Test func anInterruptStopsTheChildrenAndWritesNothing() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Self.write(
            """
            name: long
            duration-s: 60
            interactions:
              - name: tap
                rate-per-s: 2
                steps:
                  - { io: forever, ms: 600000 }
            """,
            to: directory
        )
        // main-only blocks its stage child for ten minutes.
        let out = directory.appending(path: "out")
        let running = try Running([
            "profile", spec, "--output", out.path, "--trace", out.appending(path: "long.trace.json").path, "--quiet",
        ])
        let pid = running.process.processIdentifier
        #expect(try await running.interrupt(with: SIGINT) == 128 + SIGINT)
        #expect(Self.stageChildren(ofProfile: pid).isEmpty, "no orphaned stage child")
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(left.isEmpty, "no report, result or trace, whole or partial: \(left)")
    }

    /// A workload that crashes in every stage: each stage is reported crashed with the evidence, and the report is
    /// still written.
    @Test func aCrashingWorkloadIsReportedCrashedWithEvidence() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Self.write(
            """
            name: crashing
            duration-s: 0.5
            interactions:
              - name: tap
                rate-per-s: 4
                steps:
                  - { compute: boom, kernel: test-trap, size: 1 }
            """,
            to: directory
        )
        let run = try await Self.stagehand(
            "profile",
            spec,
            "--stages",
            "main-only,offloaded",
            "--repetitions",
            "2",
            "--output",
            directory.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        let result = try ProfileResult.read(directory.appending(path: "crashing.json"))
        for stage in [result.stages[0], result.stages[2]] {
            #expect(stage.status == .crashed)
            #expect(stage.repetitions.count == 1, "a crashed stage is not run again")
            let failure = try #require(stage.repetitions.first?.failure)
            #expect(failure.contains("killed by signal"), "\(failure)")
            #expect(failure.contains("crashes on purpose"), "the child's last output is the evidence")
        }
        #expect(result.recommendation.stage == "none")
        let markdown = try String(contentsOf: directory.appending(path: "crashing.md"), encoding: .utf8)
        #expect(markdown.contains("## What went wrong"))
    }

    /// A workload that writes megabytes to standard output in every stage: the profiler drains it, keeps only the
    /// tail, and measures the stage as usual.
    @Test func aFloodingWorkloadIsStillMeasured() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Self.write(
            """
            name: chatty
            duration-s: 0.5
            interactions:
              - name: tap
                rate-per-s: 4
                steps:
                  - { compute: chatter, kernel: test-flood, size: 8192 }
            """,
            to: directory
        )
        let run = try await Self.stagehand(
            "profile",
            spec,
            "--stages",
            "async,offloaded",
            "--repetitions",
            "1",
            "--output",
            directory.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        let result = try ProfileResult.read(directory.appending(path: "chatty.json"))
        #expect(result.stages[1].status == .ok)
        #expect(result.stages[2].status == .ok)
        #expect(result.stages[1].metrics?.interactionsCompleted ?? 0 > 0)
    }

    /// A profile that does not finish never touches the report an earlier run wrote.
    @Test func anInterruptedProfileKeepsTheEarlierReport() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let earlier = directory.appending(path: "counter.md")
        try "an earlier report".write(to: earlier, atomically: true, encoding: .utf8)
        let running = try Running(["profile", "counter", "--duration", "30", "--output", directory.path, "--quiet"])
        #expect(try await running.interrupt(with: SIGTERM) == 128 + SIGTERM)
        #expect(try String(contentsOf: earlier, encoding: .utf8) == "an earlier report")
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "counter.json").path))
    }

    /// `report` renders the Markdown and charts again from a saved result, exactly as the library renders them, and
    /// prints the table; a result it cannot read exits 64 and writes nothing.
    @Test func reportRendersASavedResultAgain() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = directory.appending(path: "image-pipeline.json")
        try FileManager.default.copyItem(at: Self.fixture, to: saved)
        let run = try await Self.stagehand("report", saved.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(" offloaded ✔ "))
        #expect(run.stdout.contains("Report: "))
        let result = try ProfileResult.read(saved)
        let markdown = try String(contentsOf: directory.appending(path: "image-pipeline.md"), encoding: .utf8)
        #expect(markdown == MarkdownReport(result: result).render())
        #expect(
            FileManager.default.fileExists(atPath: directory.appending(path: "image-pipeline-frame-timeline.svg").path)
        )

        let truncated = directory.appending(path: "truncated.json")
        try Data(try Data(contentsOf: saved).prefix(500)).write(to: truncated)
        let refused = try await Self.stagehand(
            "report",
            truncated.path,
            "--output",
            directory.appending(path: "out").path
        )
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("truncated.json"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "out").path))
    }

    /// The image-pipeline result kept as a test fixture.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../StagehandKitTests/Fixtures/image-pipeline.json").standardized

    /// `compare` exits 0, 2 or 4 for CI, and 64 for results it cannot compare.
    @Test func compareExitsWithWhatChanged() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var result = try ProfileResult.read(Self.fixture)
        let before = directory.appending(path: "before.json")
        try JSONEncoder().encode(result).write(to: before)
        #expect(try await Self.stagehand("compare", before.path, before.path).status == 0)

        result.stages[2].metrics?.hitchTimeRatioMsPerS = 40  // offloaded, in every repetition: past the noise
        for run in result.stages[2].repetitions.indices {
            result.stages[2].repetitions[run].metrics?.hitchTimeRatioMsPerS = 40
        }
        let worse = directory.appending(path: "worse.json")
        try JSONEncoder().encode(result).write(to: worse)
        let regressed = try await Self.stagehand("compare", before.path, worse.path)
        #expect(regressed.status == 2)
        #expect(regressed.stdout.contains("**Regression**"))
        #expect(try await Self.stagehand("compare", worse.path, before.path).status == 4)

        result.workload = "other"
        let other = directory.appending(path: "other.json")
        try JSONEncoder().encode(result).write(to: other)
        let refused = try await Self.stagehand("compare", before.path, other.path)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("two results of one workload"))
        #expect(try await Self.stagehand("compare", before.path, "/nonexistent.json").status == 64)
    }
}

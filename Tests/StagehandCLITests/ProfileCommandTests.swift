import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// `profile` through the whole tool: what bad input exits with, what a run writes and prints, where each step runs,
    /// and `--cores`.
    @Suite struct ProfileCommandTests {
        @Test func aBadSpecExits64NamingFileLineAndFieldAndWritesNothing() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(
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
            let run = try await StagehandProcess.run("profile", spec, "--output", directory.appending(path: "out").path)
            #expect(run.status == 64)
            #expect(
                run.stderr.contains("\(spec):6: interactions[0].steps[0].ms: must be a finite number ≥ 0"),
                "\(run.stderr)"
            )
            #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "out").path))
        }

        @Test(arguments: [
            (["--stages", "main-only,threaded"], "unknown stage 'threaded'"),
            (["--repetitions", "0"], "--repetitions must be a whole number from 1 to 100, got 0"),
            (["--duration=-1"], "--duration must be a finite number > 0 and ≤ 3600, got -1"),
            (["--refresh-hz", "500"], "--refresh-hz must be a number from 1 to 240, got 500"),
            (["--max-time", "0"], "--max-time must be a finite number > 0 and ≤ 86400, got 0"),
            (["--max-time", "60", "--headroom"], "--headroom searches for minutes and is not cut short"),
            (["--trace", "/tmp"], "--trace names a file to write, and /tmp is a directory"),
            (["--cores", "0"], CoreLimit.isSupported ? "--cores must be from 1 to" : "--cores needs Linux"),
        ])
        func badArgumentsExit64(_ arguments: [String], _ message: String) async throws {
            let process = try await StagehandProcess.run(arguments: ["profile", "counter"] + arguments)
            #expect(process.status == 64)
            #expect(process.stderr.contains(message), "\(process.stderr)")
        }

        @Test func anUnknownWorkloadExits64() async throws {
            let run = try await StagehandProcess.run("profile", "no-such-workload")
            #expect(run.status == 64)
            #expect(run.stderr.contains("no built-in workload by that name"))
        }

        /// A tiny workload through the whole tool: four child processes, the table, the Markdown and the JSON.
        @Test func profilesATinyWorkloadEndToEnd() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(Specs.placement, to: directory)
            let run = try await StagehandProcess.run(
                "profile",
                spec,
                "--repetitions",
                "1",
                "--output",
                "reports",
                in: directory
            )
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
            // Where the time went: every run (extra rounds included) under its purpose, each child's phases in it.
            let times = try #require(result.environment.timeSpent)
            let runs = result.stages.flatMap { $0.repetitions + ($0.exposureRuns ?? []) }
            #expect(times.runs.values.reduce(0) { $0 + $1.count } == runs.count)
            #expect(runs.allSatisfy { ($0.phases?.measured ?? 0) > 0 })
            #expect(times.inChildren.measured >= result.stages.compactMap(\.metrics?.runSeconds).reduce(0, +) * 0.9)
            #expect(times.totalSeconds >= times.runSeconds + times.calibrationSeconds)
            #expect(times.runSeconds >= times.inChildren.total, "each child's phases lie within its run's wall time")
        }

        /// `--max-time`: once the budget is spent no more runs start, though every stage runs once (offloaded, which
        /// the walk never reached, its table run after the cut); the verdict the runs left short says so, and the
        /// JSON records what was cut.
        @Test func aProfileStopsAtItsTimeBudget() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(Specs.placement, to: directory)
            let run = try await StagehandProcess.run(
                "profile",
                spec,
                "--stages",
                "main-only,offloaded",
                "--max-time",
                "0.5",
                "--output",
                "reports",
                in: directory
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("out of time: the --max-time 0.5 s budget has no room for the next run"))
            let result = try ProfileResult.read(directory.appending(path: "reports/placement.json"))
            #expect(result.stages.filter { $0.status == .ok }.map(\.stage) == [.mainOnly, .offloaded])
            #expect(result.stages.filter { $0.status == .ok }.map(\.repetitions.count) == [1, 1])
            #expect(result.environment.maxTimeSeconds == 0.5)
            let outOfTime = try #require(result.environment.timeSpent?.outOfTime)
            #expect(outOfTime.moreRuns[.mainOnly] == 2, "main-only meets on one run: two more make the 3 it needs")
            #expect(outOfTime.moreRuns[.offloaded] == nil, "the verdict does not read offloaded")
            #expect(result.recommendation.confidence == .tentative)
            #expect(result.recommendation.settle?.contains("Out of time") == true)
        }

        /// `--cores 1`: every stage child restricts itself to one CPU before it starts, and says so in its result.
        @Test(.enabled(if: CoreLimit.isSupported)) func aProfileOnOneCoreRunsEveryStageOnOneCPU() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try await StagehandProcess.run(
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
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let transcript = directory.appending(path: "transcript")
            let command =
                [StagehandProcess.executable.path, "profile", "counter", "--stages", "main-only", "--duration", "0.6"]
                + ["--repetitions", "1", "--output", directory.path]
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            #if os(Linux)
            // util-linux script(1): -q quiet, -e the command's exit status, -c the command, then the transcript.
            process.arguments = ["-qec", command.joined(separator: " "), transcript.path]
            #else
            // BSD script(1), as on macOS: -q quiet, the transcript, then the command and its arguments; it exits with
            // the command's status.
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
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(Specs.placement, to: directory)
            let run = try await StagehandProcess.run(
                "profile",
                spec,
                "--repetitions",
                "1",
                "--quiet",
                "--output",
                directory.path
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.isEmpty, "--quiet prints nothing")
            let result = try ProfileResult.read(directory.appending(path: "placement.json"))
            let kinds = result.spec.interactions[0].steps.map(\.kind)
            // Handler + Task start + one resumption per awaited io (+ per offloaded compute); actor-extracted: handler
            // + ui.
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
                #expect(stage.stepTimings.allSatisfy { $0.runs > 0 }, "every step ran in \(stage.stage.rawValue)")
                #expect(
                    stage.metrics?.mainActorHopsPerInteraction == expectedHops[stage.stage],
                    "\(stage.stage.rawValue)"
                )
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
    }
}

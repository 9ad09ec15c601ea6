import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// Stage children that do not behave, and a profile stopped midway: each is reported, or leaves nothing behind, and
    /// never takes the profile down or leaves a child running.
    @Suite struct StageProcessTests {
        /// Ctrl-C where the child cannot be signalled: the profiler stops waiting and exits, and its child, seeing
        /// its parent gone, ends itself within a second.
        @Test func anInterruptEndsTheProfileEvenWhenItsChildCannotBeSignalled() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(
                Specs.stuckForMinutes,
                to: directory
            )
            let out = directory.appending(path: "out")
            let running = try StagehandProcess.Running(
                ["profile", spec, "--output", out.path, "--quiet"],
                environment: ProcessInfo.processInfo.environment.merging(["STAGEHAND_SIGNALS_REFUSED": "1"]) { $1 }
            )
            let pid = running.process.processIdentifier
            var children = StagehandProcess.stageChildren(ofProfile: pid)
            for _ in 0..<100 where children.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                children = StagehandProcess.stageChildren(ofProfile: pid)
            }
            #expect(!children.isEmpty, "a stage child was running before the interrupt")
            #expect(try await running.interrupt(with: SIGINT) == 128 + SIGINT)
            var left = StagehandProcess.stageChildren(ofProfile: pid)
            for _ in 0..<30 where !left.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                left = StagehandProcess.stageChildren(ofProfile: pid)
            }
            #expect(left.isEmpty, "the stage child ended with its parent (was \(children))")
            #expect(!FileManager.default.fileExists(atPath: out.appending(path: "long.json").path))
        }

        /// Started the way the command plugin starts it: when the plugin is gone (SwiftPM ends it on Ctrl-C, and under
        /// the sandbox it cannot pass the signal on), the profile ends too, with its stage child, writing nothing.
        @Test func aProfileStartedByThePluginEndsWhenThePluginDoes() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(
                Specs.stuckForMinutes,
                to: directory
            )
            let out = directory.appending(path: "out")
            // A shell stands in for the plugin: it starts the profile, says its pid, and exits two seconds later.
            let pidFile = directory.appending(path: "pid")
            let plugin = try StagehandProcess.Running(
                [
                    "-c", "\"$0\" profile \"$1\" --output \"$2\" --quiet & echo $! > \"$3\"; sleep 2",
                    StagehandProcess.executable.path, spec, out.path, pidFile.path,
                ],
                executable: URL(fileURLWithPath: "/bin/sh"),
                environment: ProcessInfo.processInfo.environment.merging(
                    ["STAGEHAND_END_WITH_PARENT": "1", "STAGEHAND_SIGNALS_REFUSED": "1"]
                ) { $1 }
            )
            #expect(await plugin.status() == 0)
            let pid = try #require(
                Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
            )
            var running = true
            for _ in 0..<50 where running {
                try await Task.sleep(for: .milliseconds(100))
                running = StagehandProcess.isRunning(pid) || !StagehandProcess.stageChildren(ofProfile: pid).isEmpty
            }
            #expect(!running, "the profile and its stage child ended with the plugin")
            #expect(!FileManager.default.fileExists(atPath: out.appending(path: "long.json").path))
        }

        /// Ctrl-C in the middle of a stage run: the child is gone, no report is written, and the exit status says so.
        @Test func anInterruptStopsTheChildrenAndWritesNothing() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(
                Specs.stuckForMinutes,
                to: directory
            )
            // main-only blocks its stage child for ten minutes.
            let out = directory.appending(path: "out")
            let running = try StagehandProcess.Running([
                "profile", spec, "--output", out.path, "--trace", out.appending(path: "long.trace.json").path,
                "--quiet",
            ])
            let pid = running.process.processIdentifier
            #expect(try await running.interrupt(with: SIGINT) == 128 + SIGINT)
            #expect(StagehandProcess.stageChildren(ofProfile: pid).isEmpty, "no orphaned stage child")
            let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
            #expect(left.isEmpty, "no report, result or trace, whole or partial: \(left)")
        }

        /// A workload that crashes in every stage: each stage is reported crashed with the evidence, and the report is
        /// still written.
        @Test func aCrashingWorkloadIsReportedCrashedWithEvidence() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(
                Specs.oneStep("crashing", step: "{ compute: boom, kernel: test-trap, size: 1 }"),
                to: directory
            )
            let run = try await StagehandProcess.run(
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
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(
                Specs.oneStep("chatty", step: "{ compute: chatter, kernel: test-flood, size: 8192 }"),
                to: directory
            )
            let run = try await StagehandProcess.run(
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
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let earlier = directory.appending(path: "counter.md")
            try "an earlier report".write(to: earlier, atomically: true, encoding: .utf8)
            let running = try StagehandProcess.Running([
                "profile", "counter", "--duration", "30", "--output", directory.path, "--quiet",
            ])
            #expect(try await running.interrupt(with: SIGTERM) == 128 + SIGTERM)
            #expect(try String(contentsOf: earlier, encoding: .utf8) == "an earlier report")
            #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "counter.json").path))
        }
    }
}

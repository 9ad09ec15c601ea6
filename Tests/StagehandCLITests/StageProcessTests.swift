import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// Stage children that do not behave, and a profile stopped midway: each is reported, or leaves nothing behind, and
    /// never takes the profile down or leaves a child running.
    @Suite(.serialized) struct StageProcessTests {
        /// An io step of ten minutes blocks main in main-only: the watchdog ends it as hung, and async still runs.
        @Test func aStageThatBlocksMainForMinutesIsReportedHung() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(Specs.oneStep("stuck", step: "{ io: forever, ms: 600000 }"), to: directory)
            let run = try await StagehandProcess.run(
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

        /// Ctrl-C in the middle of a stage run: the child is gone, no report is written, and the exit status says so.
        @Test func anInterruptStopsTheChildrenAndWritesNothing() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(
                Specs.oneStep("long", duration: "60", ratePerSecond: 2, step: "{ io: forever, ms: 600000 }"),
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

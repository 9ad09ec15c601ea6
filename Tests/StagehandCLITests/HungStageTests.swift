import Foundation
import StagehandKit
import Testing

/// Stage runs that hang until their watchdog ends them. A profile of one spends most of its time waiting, its stage
/// child blocked rather than busy: after a calibration (about 80 ms) and the warm-up of a workload of light steps, it
/// waits seconds on end for the watchdog (27 s, 20 s and 23 s here, the watchdog allowing for the run's 10 s
/// follow-through of arrivals). So these tests take no turn on the machine
/// (``MachineShare``): they would hold three of its four shared turns for that long while using next to no CPU. What
/// they assert is a status, an error and an ending, never a timing.
@Suite struct HungStageTests {
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

    /// Where the profiler may not signal its child (SwiftPM's macOS plugin sandbox refuses `kill`), a hung stage
    /// ends itself at the watchdog's limit, is reported hung, and leaves no process behind.
    @Test func aHungStageEndsItselfWhenItsParentCannotKillIt() async throws {
        let directory = try Scratch.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try Scratch.write(Specs.oneStep("stuck", step: "{ io: forever, ms: 600000 }"), to: directory)
        let started = Date()
        let profile = try StagehandProcess.Running(
            [
                "profile", spec, "--stages", "main-only", "--repetitions", "1", "--quiet", "--output",
                directory.path,
            ],
            environment: ProcessInfo.processInfo.environment.merging(["STAGEHAND_SIGNALS_REFUSED": "1"]) { $1 }
        )
        let status = await profile.status()
        let seconds = Date().timeIntervalSince(started)
        #expect(status == 0)
        let result = try ProfileResult.read(directory.appending(path: "stuck.json"))
        #expect(result.stages[0].status == .hung)
        let failure = try #require(result.stages[0].repetitions.first?.failure)
        #expect(failure.contains("the watchdog stopped it"), "\(failure)")
        // Ended by itself at its deadline, before the parent tried a kill and had to give up on it.
        #expect(!failure.contains("could not signal it"), "\(failure)")
        // The limit of this 0.5 s run is about 20 s; the parent would only give up 2 × 2 s after it. A bound, not a
        // timing: a child that could not end itself would make the profile take the whole ten-minute step.
        #expect(seconds < 60, "took \(seconds) s")
        // Its children's scratch files are named after the profile's process.
        #expect(
            StagehandProcess.stageChildren(ofProfile: profile.process.processIdentifier).isEmpty,
            "no stage child left"
        )
    }

    /// A workload's io body that needs the main actor deadlocks main-only, which blocks main for it: hung, with
    /// the deadlock named.
    @Test func anIoBodyThatNeedsMainDeadlocksMainOnlyAndTheHangSaysWhy() async throws {
        let run = try await CLITests.CodeWorkloadTests.profile("deadlocks", stages: [.mainOnly, .async])
        defer { try? FileManager.default.removeItem(at: run.output) }
        let result = try run.result("deadlocks")
        let mainOnly = try #require(result.stages.first { $0.stage == .mainOnly })
        #expect(mainOnly.status == .hung)
        let failure = try #require(mainOnly.repetitions.first?.failure)
        #expect(failure.contains("deadlock"))
        #expect(failure.contains("`io: load` of `refresh`"))
        #expect(result.stages.first { $0.stage == .async }?.status == .ok, "awaited, the same body is fine")
    }
}

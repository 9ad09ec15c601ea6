import Foundation
import Testing

@testable import StagehandKit

/// How the profiler treats children that do not behave: it must report them, not fail or hang itself.
@Suite(.serialized) struct ProfilerTests {
    static let workload = Workload(
        name: "tiny",
        durationSeconds: 0.2,
        interactions: [Interaction(name: "tap", ratePerSecond: 5, steps: [Step(.ui, "show", .milliseconds(1))])]
    )

    static let calibration = CalibratedWork(iterationsPerMs: 100_000)

    /// Profiles the tiny workload with `executable` standing in for `stagehand`.
    static func profile(_ executable: URL, stages: [Stage], repetitions: Int) async throws -> [StageResult] {
        let options = ProfileOptions(stages: stages, repetitions: repetitions, stopsWhenDecided: false)
        return try await Profiler(
            workload: workload,
            options: options,
            executable: executable,
            calibration: calibration
        )
        .run()
    }

    /// A stand-in for the `stagehand` executable: a shell script with the given body.
    static func script(_ body: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-test-\(UUID().uuidString).sh")
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    @Test func aChildKilledByASignalIsCrashedAndTheOtherStagesStillRun() async throws {
        let executable = try Self.script("echo 'about to fail'; kill -SEGV $$")
        defer { try? FileManager.default.removeItem(at: executable) }
        let results = try await Self.profile(executable, stages: [.mainOnly, .async], repetitions: 2)
        #expect(results.map(\.stage) == Stage.allCases)
        #expect(results[0].status == .crashed)
        #expect(results[1].status == .crashed)
        #expect(results[2].status == .skipped)
        // A crashed stage is not run again.
        #expect(results[0].repetitions.count == 1)
        let failure = try #require(results[0].repetitions[0].failure)
        #expect(failure.contains("signal 11"))
        #expect(failure.contains("about to fail"))
    }

    @Test func aChildThatExitsWithoutAResultIsCrashed() async throws {
        let executable = try Self.script("exit 3")
        defer { try? FileManager.default.removeItem(at: executable) }
        let results = try await Self.profile(executable, stages: [.offloaded], repetitions: 1)
        #expect(results[2].status == .crashed)
        #expect(results[2].repetitions[0].failure?.contains("exited with status 3") == true)
    }

    @Test func aMissingExecutableIsReportedNotThrown() async throws {
        let results = try await Self.profile(
            URL(fileURLWithPath: "/nonexistent/stagehand"),
            stages: [.async],
            repetitions: 1
        )
        #expect(results[1].status == .crashed)
        #expect(results[1].repetitions[0].failure?.contains("could not start") == true)
    }
}

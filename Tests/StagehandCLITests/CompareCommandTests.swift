import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// `compare`: two saved results, and the exit status CI reads.
    @Suite struct CompareCommandTests {
        /// `compare` exits 0, 2 or 4 for CI, and 64 for results it cannot compare.
        @Test func compareExitsWithWhatChanged() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            var result = try ProfileResult.read(Fixtures.imagePipeline)
            // Every stage's figures from its runs, as the edited stage's are: the file keeps no histograms.
            result.stages = result.stages.map { $0.replacingRuns(workload: result.spec) }
            let before = directory.appending(path: "before.json")
            try JSONEncoder().encode(result).write(to: before)
            #expect(try await StagehandProcess.run("compare", before.path, before.path).status == 0)

            // Offloaded, in every repetition: past the noise.
            result.stages[2] = result.stages[2].editingRuns(workload: result.spec) {
                $0.metrics?.hitchTimeRatioMsPerS = 40
            }
            let worse = directory.appending(path: "worse.json")
            try JSONEncoder().encode(result).write(to: worse)
            let regressed = try await StagehandProcess.run("compare", before.path, worse.path)
            #expect(regressed.status == 2)
            #expect(regressed.stdout.contains("**Regression**"))
            #expect(try await StagehandProcess.run("compare", worse.path, before.path).status == 4)

            // The same verdict, written for CI, which may not see the exit status.
            let summary = directory.appending(path: "summary.md")
            try Data("# Earlier step\n".utf8).write(to: summary)
            let verdict = directory.appending(path: "verdict.json")
            let gated = try await StagehandProcess.run(
                "compare",
                before.path,
                worse.path,
                "--summary",
                summary.path,
                "--json",
                verdict.path
            )
            #expect(gated.status == 2)
            let markdown = try String(contentsOf: summary, encoding: .utf8)
            #expect(
                markdown.hasPrefix("# Earlier step\n\n# Stagehand compare: image-pipeline"),
                "appended, not replaced"
            )
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: verdict)) as? [String: Any])
            #expect(json["outcome"] as? String == "regressed")
            #expect(json["exitStatus"] as? Int == 2)
            #expect((json["regressions"] as? [[String: Any]])?.first?["metric"] as? String == "hitchTimeRatioMsPerS")

            result.workload = "other"
            let other = directory.appending(path: "other.json")
            try JSONEncoder().encode(result).write(to: other)
            let refused = try await StagehandProcess.run("compare", before.path, other.path)
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("two results of one workload"))
            #expect(try await StagehandProcess.run("compare", before.path, "/nonexistent.json").status == 64)
        }
    }
}

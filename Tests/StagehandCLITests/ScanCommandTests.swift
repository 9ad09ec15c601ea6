import Foundation
import Testing

extension CLITests {
    /// `scan`: `stagehand` runs the scanner built beside it, and passes its output and exit status on.
    @Suite(.serialized) struct ScanCommandTests {
        @Test func scanFindsWritesJSONAndExitsByStrictness() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let source = "@MainActor final class Model {\n    func load() { sleep(1) }\n}\n"
            try FileManager.default.createDirectory(
                at: directory.appending(path: "Sources/App"),
                withIntermediateDirectories: true
            )
            try Data(source.utf8).write(to: directory.appending(path: "Sources/App/Model.swift"))

            let text = try await StagehandProcess.run("scan", directory.path)
            #expect(text.status == 0)
            #expect(text.stdout.contains("blocking-call-on-main (1)"))
            #expect(text.stdout.contains("Sources/App/Model.swift:2:19"))

            let strict = try await StagehandProcess.run("scan", directory.path, "--json", "--strict")
            #expect(strict.status == 1)
            let json = try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any]
            let findings = try #require(json?["findings"] as? [[String: Any]])
            #expect(findings.map { $0["rule"] as? String } == ["blocking-call-on-main"])
            #expect(findings.first?["isolation"] as? String == "main-actor")
        }

        @Test func aBadPathExits64() async throws {
            let run = try await StagehandProcess.run("scan", "/nonexistent/stagehand-scan-fixture")
            #expect(run.status == 64)
            #expect(run.stderr.contains("no such directory"))
        }
    }
}

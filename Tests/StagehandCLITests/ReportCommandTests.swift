import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// `report`: a saved result rendered again.
    @Suite struct ReportCommandTests {
        /// `report` renders the Markdown and charts again from a saved result, exactly as the library renders them, and
        /// prints the table; a result it cannot read exits 64 and writes nothing.
        @Test func reportRendersASavedResultAgain() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let saved = directory.appending(path: "image-pipeline.json")
            try FileManager.default.copyItem(at: Fixtures.imagePipeline, to: saved)
            let run = try await StagehandProcess.run("report", saved.path)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(" offloaded ✔ "))
            #expect(run.stdout.contains("Report: "))
            let result = try ProfileResult.read(saved)
            let markdown = try String(contentsOf: directory.appending(path: "image-pipeline.md"), encoding: .utf8)
            #expect(markdown == MarkdownReport(result: result).render())
            #expect(
                FileManager.default.fileExists(
                    atPath: directory.appending(path: "image-pipeline-frame-timeline.svg").path
                )
            )

            let truncated = directory.appending(path: "truncated.json")
            try Data(try Data(contentsOf: saved).prefix(500)).write(to: truncated)
            let refused = try await StagehandProcess.run(
                "report",
                truncated.path,
                "--output",
                directory.appending(path: "out").path
            )
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("truncated.json"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "out").path))
        }
    }
}

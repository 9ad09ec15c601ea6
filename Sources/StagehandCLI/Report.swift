import ArgumentParser
import Foundation
import StagehandKit

extension StagehandCommand {
    /// `stagehand report RUN.json`: the Markdown migration report again, from saved results alone.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render the Markdown migration report again from a saved JSON result.",
            discussion: """
                Writes <output>/<name>.md and its charts, byte-identical to what profile wrote for the same JSON, and \
                prints the stages side by side with the verdict.
                """
        )

        @Argument(help: "A JSON result written by `stagehand profile`.")
        var result: String

        @Option(help: ArgumentHelp("Where the report goes (default: beside the JSON).", valueName: "dir"))
        var output: String?

        func run() throws {
            let url = URL(fileURLWithPath: result)
            let profile: ProfileResult
            do {
                profile = try ProfileResult.read(url)
            } catch {
                throw ExitCode.badInput("\(error)")
            }
            let directory = output.map { URL(fileURLWithPath: $0) } ?? url.deletingLastPathComponent()
            let writer = ReportWriter(directory: directory)
            do {
                try writer.writeMarkdown(profile)
            } catch {
                throw ToolFailure("could not write the report to \(directory.path): \(error.localizedDescription)")
            }
            print(TerminalSummary(result: profile, colour: Terminal.wantsColour(STDOUT_FILENO)).render())
            print("\nReport: \(writer.markdownURL(for: profile.workload).relativePath)")
        }
    }
}

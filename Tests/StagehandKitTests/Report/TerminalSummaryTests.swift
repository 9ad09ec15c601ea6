import Foundation
import Testing

@testable import StagehandKit

/// The table `profile` prints: aligned, the recommended stage marked, colour only when asked for.
struct TerminalSummaryTests {
    @Test func theTableIsAlignedAndMarksTheRecommendedStage() throws {
        let result = try Fixtures.imagePipeline()
        let text = TerminalSummary(result: result, colour: false).render()
        #expect(!text.contains("\u{1B}"), "no escape codes without colour")
        let table = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        #expect(table.count == 15, "header, rule, status, runs, ten metrics and the headroom")
        #expect(Set(table.map(\.count)).count == 1, "every line is as wide as the others")
        #expect(table.allSatisfy { $0.count <= 80 }, "fits an 80-column terminal")
        #expect(table.first?.contains("offloaded ✔") == true)
        let hitch = try #require(table.first { $0.hasPrefix("hitch-time ratio") })
        let cells = hitch.split(separator: " ").suffix(result.stages.count).map(String.init)
        let expected = result.stages.map { $0.metrics?.hitchTimeRatioMsPerS.reportFormatted ?? "–" }
        #expect(cells == expected)
        #expect(text.contains("Verdict: offloaded — "))
    }

    @Test func colourIsOnlyWhereAskedFor() throws {
        let text = TerminalSummary(result: try Fixtures.imagePipeline(), colour: true).render()
        #expect(text.contains("\u{1B}[32mVerdict: offloaded"))
    }
}

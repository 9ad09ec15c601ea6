import Foundation
import Testing

@testable import StagehandKit

/// The table `profile` prints: aligned, the recommended stage marked, colour only when asked for.
struct TerminalSummaryTests {
    @Test func theTableIsAlignedAndMarksTheRecommendedStage() throws {
        let result = try ReportTests.fixture()
        let text = TerminalSummary(result: result, colour: false).render()
        #expect(!text.contains("\u{1B}"), "no escape codes without colour")
        let table = text.split(separator: "\n").prefix { $0.hasPrefix("+") || $0.hasPrefix("|") }
        #expect(table.count == 15, "rules, header, status and ten metrics")
        #expect(Set(table.map(\.count)).count == 1, "every line is as wide as the others")
        let header = try #require(table.dropFirst().first)
        #expect(header.contains("offloaded ✔"))
        let hitch = try #require(table.first { $0.hasPrefix("| hitch-time ratio") })
        let cells = hitch.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let expected = result.stages.map { $0.metrics?.hitchTimeRatioMsPerS.reportFormatted ?? "–" }
        #expect(Array(cells.dropFirst()) == expected)
        #expect(text.contains("Verdict: offloaded — "))
    }

    @Test func colourIsOnlyWhereAskedFor() throws {
        let text = TerminalSummary(result: try ReportTests.fixture(), colour: true).render()
        #expect(text.contains("\u{1B}[32mVerdict: offloaded"))
    }
}

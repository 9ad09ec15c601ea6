import Foundation
import Testing

@testable import StagehandKit

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct HeadroomChartTests {
    /// A stage that missed the budget at every multiplier tried is labelled "< ×0.031": its "<" must be escaped, or
    /// the SVG is not XML and no browser draws it.
    @Test func aStageThatMissedEverywhereStillGivesWellFormedSVG() throws {
        var result = try Fixtures.imagePipeline()
        result.stages[0].headroom = Headroom(multiplier: 0, metAt: [], missedAt: [1.0 / 32, 1])
        result.stages[2].headroom = Headroom(multiplier: 5.7, metAt: [1, 4, 5.7], missedAt: [6.4])
        let svg = try #require(HeadroomChart(result: result).render())
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.contains(">&lt; ×0.031</text>"))
    }
}

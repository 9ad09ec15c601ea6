import Foundation
import Testing

@testable import StagehandKit

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct LatencyChartTests {
    @Test func theChartIsWellFormedSVGWithEveryStageLabelled() throws {
        let svg = try #require(LatencyChart(result: try Fixtures.imagePipeline()).render())
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        for stage in Stage.allCases { #expect(svg.contains(">\(stage.rawValue)</text>")) }
        #expect(svg.contains("frame budget 16.67 ms"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 4)
    }

    @Test func theFrameTimelineIsWellFormedSVGWithHitchesMarked() throws {
        let svg = try #require(FrameTimelineChart(result: try Fixtures.imagePipeline()).render())
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        for stage in Stage.allCases { #expect(svg.contains(">\(stage.rawValue) (repetition 1)</text>")) }
        // image-pipeline hitches six times per run in main-only and in async, never later.
        #expect(svg.components(separatedBy: "<path d=").count - 1 == 12)
    }

    @Test func aResultWithoutFrameSamplesHasNoChart() throws {
        var result = try Fixtures.imagePipeline()
        result.stages = result.stages.map { $0.editingRuns(workload: result.spec) { $0.distributions = nil } }
        #expect(LatencyChart(result: result).render() == nil)
        #expect(FrameTimelineChart(result: result).render() == nil)
        #expect(!MarkdownReport(result: result).render().contains("## Main-loop latency"))
    }
}

import Foundation
import Testing

@testable import StagehandKit

/// The one list of metrics: complete, and each entry's JSON key leads to the value it judges by.
@Suite struct MetricCatalogueTests {
    @Test func everyMetricHasExactlyOneEntry() {
        let ids = Metric.catalogue.map(\.id)
        #expect(ids.count == Set(ids).count)
        #expect(Set(ids) == Set(Metric.ID.allCases))
    }

    /// Metrics with every field different, so a key that leads to the wrong field reads the wrong number.
    static func distinctMetrics() -> StageMetrics {
        var metrics = StageMetrics()
        metrics.hitchTimeRatioMsPerS = 1.5
        metrics.hitches = 2
        metrics.droppedFrames = 3
        metrics.hangs = 4
        metrics.mainLoopLatencyMs = LatencySummary(p50: 5, p90: 5.5, p99: 6, max: 7, count: 8)
        metrics.inputLatencyMs = LatencySummary(p50: 9, p90: 9.5, p99: 10, max: 11, count: 12)
        metrics.interactionLatencyMs = LatencySummary(p50: 13, p90: 13.5, p99: 14, max: 15, count: 16)
        metrics.throughputPerS = 17
        metrics.interactionsUnfinished = 18
        metrics.mainActorHopsPerInteraction = 19
        metrics.hopWaitMs = LatencySummary(p50: 20, p90: 20.5, p99: 21, max: 22, count: 23)
        metrics.mainActorEntriesPerFrame = 24
        metrics.mainActorJobs.overFrame = 25
        metrics.mainActorBlockingMsPerS = 26
        metrics.mainThreadUtilization = 0.27
        metrics.poolHopWaitMs = LatencySummary(p50: 28, p90: 28.5, p99: 29, max: 30, count: 31)
        metrics.poolUtilization = 0.32
        metrics.allocationsPerInteraction = 33
        metrics.allocatedBytesPerInteraction = 34
        metrics.peakProcessResidentBytes = 35
        return metrics
    }

    @Test(arguments: Metric.catalogue.filter { $0.id != .subsystemHopWait })
    func theJSONKeyLeadsToTheJudgedValue(_ metric: Metric) throws {
        let metrics = Self.distinctMetrics()
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(metrics))
        var node: Any? = json
        for part in metric.key.split(separator: ".") { node = (node as? [String: Any])?[String(part)] }
        let number = try #require(node as? NSNumber, "\(metric.key) is a number in the JSON")
        #expect(number.doubleValue == metric.value(metrics))
    }

    @Test func bandsAndThresholdsHaveOneSource() {
        #expect(Thresholds().hitchTimeRatioMsPerS == Metric.hitchBands.good)
        #expect(Metric.of(.hitchTimeRatio).bands?.mark(Metric.hitchBands.critical + 0.1) == "⛔")
        #expect(Metric.of(.hitchTimeRatio).bands?.mark(4.9) == "✅")
        #expect(Metric.of(.hitchTimeRatio).bands?.mark(10) == "⚠️")
        #expect(Metric.of(.hitchTimeRatio).bands?.mark(10.1) == "⛔")
        #expect(Metric.of(.hangs).label.contains("≥ 250 ms"))
    }

    @Test func theListsNameMetricsWithADirection() {
        for id in Metric.compared + Metric.budget {
            #expect(Metric.of(id).better != nil, "\(id) is compared or judged, so one direction is better")
        }
    }

    /// What the catalogue says of how runs aggregate is what a stage's result does: a total is the sum of the runs,
    /// a median the middle run (a figure pooled from samples or time is neither, and is checked in its own tests).
    @Test func theAggregateOfEachMetricIsWhatAStageResultComputes() throws {
        let runs = [1.0, 10.0, 2.0].map { factor in
            var metrics = Self.distinctMetrics()
            metrics.hangs = Int(factor) * 2
            metrics.throughputPerS *= factor
            metrics.mainThreadUtilization *= factor
            metrics.allocationsPerInteraction *= factor
            metrics.droppedFrames *= Int(factor)
            metrics.mainActorHopsPerInteraction *= factor
            return metrics
        }
        let figure = try #require(StageResult.measured(.async, runs).metrics)
        for metric in Metric.catalogue {
            let values = runs.map(metric.value)
            switch metric.aggregate {
            case .total: #expect(metric.value(figure) == values.reduce(0, +), "\(metric.id) is a total")
            case .median: #expect(metric.value(figure) == values.sorted()[1], "\(metric.id) is a median")
            case .pooled: continue
            }
        }
    }
}

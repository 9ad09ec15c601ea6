import Foundation
import Testing

@testable import StagehandKit

/// A new figure of ``StageMetrics`` takes several places: its field, its coding key and decoding (results written
/// before it keep reading), the run that measures it (`RunMeasurements`), the aggregation's lists of key paths
/// (`StageMetrics+Aggregate`), and, for a metric a table shows, the catalogue. This test fails when the decoding or the
/// aggregation is missed: every field of the JSON, set to a value other than its default, must come back from a
/// decode, and then from aggregating three such runs, as something other than its default.
@Suite struct StageMetricsFieldsTests {
    /// The JSON of a stage's metrics with every field away from its default: every number 7, every flag false, every
    /// list four quarters, every map one entry.
    static func everyFieldSet() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var text = String(decoding: try encoder.encode(StageMetrics()), as: UTF8.self)
        let summary = #"{"count":7,"max":7,"p50":7,"p90":7,"p99":7}"#
        let maps = [
            "hitchTimeByCause": #"{"compute: decode":7}"#,
            "mainThreadBusyMsPerS": #"{"compute":7}"#,
            "subsystemHopWaitMs": #"{"cache":\#(summary)}"#,
        ]
        for (key, value) in maps { text = text.replacingOccurrences(of: "\"\(key)\":{}", with: "\"\(key)\":\(value)") }
        text = text.replacingOccurrences(of: "[]", with: "[7,7,7,7]")
        text = text.replacingOccurrences(of: "true", with: "false")
        text = text.replacingOccurrences(
            of: #":-?[0-9]+(\.[0-9]+)?(e-?[0-9]+)?"#,
            with: ":7",
            options: .regularExpression
        )
        return Data(text.utf8)
    }

    /// Every leaf of `json` by its path (`mainActorJobs.count`): numbers, flags, and empty lists and maps (as leaves).
    static func leaves(_ json: Any, path: String = "") -> [String: String] {
        if let map = json as? [String: Any], !map.isEmpty {
            return map.reduce(into: [:]) { all, entry in
                all.merge(leaves(entry.value, path: path.isEmpty ? entry.key : "\(path).\(entry.key)")) { $1 }
            }
        }
        if let list = json as? [Any], !list.isEmpty {
            return list.enumerated().reduce(into: [:]) { all, entry in
                all.merge(leaves(entry.element, path: "\(path)[\(entry.offset)]")) { $1 }
            }
        }
        return [path: "\(json)"]
    }

    static func leaves(of metrics: StageMetrics) throws -> [String: String] {
        leaves(try JSONSerialization.jsonObject(with: JSONEncoder().encode(metrics)))
    }

    @Test func everyFieldIsDecodedAndAggregated() throws {
        let run = try JSONDecoder().decode(StageMetrics.self, from: Self.everyFieldSet())
        let defaults = try Self.leaves(of: StageMetrics())
        let set = try Self.leaves(of: run)
        // Decoded: a field its decoding leaves out keeps its default.
        for (path, value) in set {
            #expect(value != defaults[path], "`\(path)` is not decoded (StageMetrics.init(from:))")
        }
        // Aggregated: a field the aggregation's lists leave out comes back at its default.
        let stage = StageMetrics(aggregating: [run, run, run], distributions: [])
        for (path, value) in try Self.leaves(of: stage) {
            #expect(value != defaults[path], "`\(path)` is not aggregated (StageMetrics+Aggregate)")
        }
    }

    /// One run's figures aggregated are that run's, field by field, as the rules make them from two runs alike: a
    /// median, a total, a longest and a pool of one run are the run (the aggregation takes the run whole then).
    @Test func oneRunAggregatesToItself() throws {
        let run = try JSONDecoder().decode(StageMetrics.self, from: Self.everyFieldSet())
        let one = StageMetrics(aggregating: [run], distributions: [])
        #expect(one == run)
        var two = StageMetrics(aggregating: [run, run], distributions: [])
        // Two runs total their counts; halved, every field is the one run's.
        for path: WritableKeyPath<StageMetrics, Int> in [\.hangs, \.hangsFromCoreWait, \.interactionsFailed] {
            two[keyPath: path] /= 2
        }
        let summaries: [WritableKeyPath<StageMetrics, LatencySummary>] = [
            \.mainLoopLatencyMs, \.frameOverrunMs, \.inputLatencyMs, \.interactionLatencyMs, \.hopWaitMs,
            \.poolHopWaitMs,
        ]
        for summary in summaries { two[keyPath: summary].count /= 2 }
        for (key, value) in two.subsystemHopWaitMs { two.subsystemHopWaitMs[key]?.count = value.count / 2 }
        #expect(try Self.leaves(of: one) == Self.leaves(of: two))
    }
}

import Foundation
import Testing

@testable import StagehandKit

/// The profile's trace as runs finish: what goes in, and what a trace that cannot be written costs (only itself).
@Suite struct TraceCollectionTests {
    /// A scratch directory of its own, removed by the caller.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-collection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func run(_ status: StageStatus) -> RepetitionResult {
        RepetitionResult(repetition: 1, status: status, seed: 1)
    }

    /// What a stage child writes: a run with no events but its own span.
    static func record(_ stage: Stage, repetition: Int, in collection: TraceCollection) throws {
        let file = try #require(collection.recordingFile(of: stage, repetition: repetition))
        try TraceLog.Recording(start: Instant(nanoseconds: 1_000), end: Instant(nanoseconds: 2_000)).write(to: file)
    }

    /// The trace file's `otherData` and the names of its events.
    static func read(_ url: URL) throws -> (other: [String: String], names: [String]) {
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let events = try #require(file["traceEvents"] as? [[String: Any]])
        return (file["otherData"] as? [String: String] ?? [:], events.compactMap { $0["name"] as? String })
    }

    @Test func measuredRunsGoIntoOneTraceAndCrashedOnesDoNot() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let destination = scratch.appending(path: "trace.json")
        var reports: [Profiler.Progress] = []
        var collection = TraceCollection(destination: destination, workload: "w", scratch: scratch) {
            reports.append($0)
        }
        try Self.record(.mainOnly, repetition: 1, in: collection)
        try Self.record(.async, repetition: 1, in: collection)
        collection.add(Self.run(.ok), of: .mainOnly, repetition: 1) { reports.append($0) }
        collection.add(Self.run(.crashed), of: .async, repetition: 1) { reports.append($0) }
        #expect(!FileManager.default.fileExists(atPath: destination.path), "in place only once finished")
        collection.finish { reports.append($0) }
        collection.discard()  // as the profile's defer does: the finished trace stays
        let trace = try Self.read(destination)
        #expect(trace.names.filter { $0 == "measured run" }.count == 2, "one run: its begin and its end")
        #expect(trace.names.filter { $0 == "process_name" }.count == 1)
        #expect(trace.other["runs without a trace"] == nil)
        #expect(reports.isEmpty)
    }

    @Test func aRunWhoseRecordingCannotBeReadIsNamedInTheTrace() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let destination = scratch.appending(path: "trace.json")
        var reports: [Profiler.Progress] = []
        var collection = TraceCollection(destination: destination, workload: "w", scratch: scratch) {
            reports.append($0)
        }
        collection.add(Self.run(.ok), of: .offloaded, repetition: 2) { reports.append($0) }
        collection.finish { reports.append($0) }
        #expect(try Self.read(destination).other["runs without a trace"] == "offloaded repetition 2")
        #expect(reports.isEmpty)
    }

    @Test func aTraceThatCannotStartIsReportedOnceAndRunsStillRecord() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let destination = scratch.appending(path: "missing/trace.json")
        var reports: [String] = []
        func report(_ event: Profiler.Progress) {
            if case .traceNotWritten(let reason) = event { reports.append(reason) }
        }
        var collection = TraceCollection(destination: destination, workload: "w", scratch: scratch, progress: report)
        #expect(collection.recordingFile(of: .mainOnly, repetition: 1) != nil)
        try Self.record(.mainOnly, repetition: 1, in: collection)
        collection.add(Self.run(.ok), of: .mainOnly, repetition: 1, progress: report)
        collection.finish(progress: report)
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix(destination.path + ": ") == true)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func noTraceAskedForMeansNoRecordingsAndNoReports() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var reports: [Profiler.Progress] = []
        var collection = TraceCollection(destination: nil, workload: "w", scratch: scratch) { reports.append($0) }
        #expect(collection.recordingFile(of: .mainOnly, repetition: 1) == nil)
        collection.add(Self.run(.ok), of: .mainOnly, repetition: 1) { reports.append($0) }
        collection.finish { reports.append($0) }
        #expect(reports.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }
}

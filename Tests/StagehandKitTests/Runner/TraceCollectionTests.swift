import Foundation
import Testing

@testable import StagehandKit

/// The profile's trace as runs finish: what goes in, and what a trace that cannot be written costs (only itself).
@Suite struct TraceCollectionTests {
    /// What a collection reported, as `progress` would have shown it.
    final class Reports {
        private(set) var reasons: [String] = []
        private(set) var count = 0

        func report(_ event: Profiler.Progress) {
            count += 1
            if case .traceNotWritten(let reason) = event { reasons.append(reason) }
        }
    }

    /// A collection whose trace goes to `destination` in a scratch directory of its own.
    struct Fixture {
        let scratch: URL
        let destination: URL?
        let reports = Reports()
        var collection: TraceCollection

        init(destination name: String? = "trace.json") throws {
            let scratch = FileManager.default.temporaryDirectory
                .appending(path: "stagehand-collection-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let destination = name.map { scratch.appending(path: $0) }
            self.scratch = scratch
            self.destination = destination
            collection = TraceCollection(
                destination: destination,
                workload: "w",
                scratch: scratch,
                progress: reports.report
            )
        }

        /// Writes what a stage child writes: a run with no events but its own span.
        func record(_ stage: Stage, repetition: Int = 1) throws {
            let file = try #require(collection.recordingFile(of: stage, repetition: repetition))
            try TraceLog.Recording(start: Instant(nanoseconds: 1_000), end: Instant(nanoseconds: 2_000)).write(to: file)
        }

        mutating func add(_ status: StageStatus, of stage: Stage, repetition: Int = 1) {
            let result = RepetitionResult(repetition: repetition, status: status, seed: 1)
            collection.add(result, of: stage, repetition: repetition, progress: reports.report)
        }

        func finish() {
            collection.finish(progress: reports.report)
        }

        /// The trace file's `otherData` and the names of its events.
        func read() throws -> (other: [String: String], names: [String]) {
            let url = try #require(destination)
            let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let events = try #require(file["traceEvents"] as? [[String: Any]])
            return (file["otherData"] as? [String: String] ?? [:], events.compactMap { $0["name"] as? String })
        }

        func remove() {
            try? FileManager.default.removeItem(at: scratch)
        }
    }

    @Test func measuredRunsGoIntoOneTraceAndCrashedOnesDoNot() throws {
        var fixture = try Fixture()
        defer { fixture.remove() }
        try fixture.record(.mainOnly)
        try fixture.record(.async)
        fixture.add(.ok, of: .mainOnly)
        fixture.add(.crashed, of: .async)
        #expect(!FileManager.default.fileExists(atPath: try #require(fixture.destination).path), "in place when done")
        fixture.finish()
        fixture.collection.discard()  // as the profile's defer does: the finished trace stays
        let trace = try fixture.read()
        #expect(trace.names.filter { $0 == "measured run" }.count == 2, "one run: its begin and its end")
        #expect(trace.names.filter { $0 == "process_name" }.count == 1)
        #expect(trace.other["runs without a trace"] == nil)
        #expect(fixture.reports.count == 0)
    }

    @Test func aRunWhoseRecordingCannotBeReadIsNamedInTheTrace() throws {
        var fixture = try Fixture()
        defer { fixture.remove() }
        fixture.add(.ok, of: .offloaded, repetition: 2)
        fixture.finish()
        #expect(try fixture.read().other["runs without a trace"] == "offloaded repetition 2")
        #expect(fixture.reports.count == 0)
    }

    @Test func aTraceThatCannotStartIsReportedOnceAndRunsStillRecord() throws {
        var fixture = try Fixture(destination: "missing/trace.json")
        defer { fixture.remove() }
        let destination = try #require(fixture.destination)
        try fixture.record(.mainOnly)
        fixture.add(.ok, of: .mainOnly)
        fixture.finish()
        #expect(fixture.reports.count == 1)
        #expect(fixture.reports.reasons.first?.hasPrefix(destination.path + ": ") == true)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func noTraceAskedForMeansNoRecordingsAndNoReports() throws {
        var fixture = try Fixture(destination: nil)
        defer { fixture.remove() }
        #expect(fixture.collection.recordingFile(of: .mainOnly, repetition: 1) == nil)
        fixture.add(.ok, of: .mainOnly)
        fixture.finish()
        #expect(fixture.reports.count == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.scratch.path).isEmpty)
    }
}

import Foundation
import Testing

@testable import StagehandKit

/// The trace-event file built from constructed recordings: what Perfetto reads from it.
struct ChromeTraceTests {
    static func at(_ ms: Double) -> Instant { Instant(nanoseconds: 1_000_000_000 + UInt64(ms * 1e6)) }

    static func event(
        _ what: TraceLog.Event.What,
        _ label: String = "",
        thread: Int? = nil,
        from start: Double,
        to end: Double
    ) -> TraceLog.Event {
        TraceLog.Event(
            what,
            label: label,
            interaction: "tap",
            kind: .compute,
            thread: thread,
            start: at(start),
            end: at(end)
        )
    }

    /// The events of a trace of `runs`, written to a file and read back as JSON.
    static func events(of runs: [ChromeTrace.Run]) throws -> [[String: Any]] {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-trace-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let trace = try ChromeTrace(destination: url, workload: "w", origin: at(0))
        for run in runs { try trace.add(run) }
        try trace.finish()
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect((file["otherData"] as? [String: Any])?["workload"] as? String == "w")
        return try #require(file["traceEvents"] as? [[String: Any]])
    }

    @Test func slicesKeepTheirThreadAndTimesStartAtTheFirstRun() throws {
        var offloaded = TraceLog.Recording(threads: 2, start: Self.at(10), end: Self.at(30))
        offloaded.events = [
            Self.event(.frame, thread: 0, from: 10, to: 12),
            Self.event(.step, "decode", thread: 1, from: 12.5, to: 20),
            Self.event(.hitch, thread: 0, from: 29, to: 29),
        ]
        let events = try Self.events(of: [ChromeTrace.Run(stage: .offloaded, repetition: 1, recording: offloaded)])
        let threadNames = events.filter { $0["name"] as? String == "thread_name" }
            .map { ($0["tid"] as? Int ?? 0, ($0["args"] as? [String: Any])?["name"] as? String ?? "") }
        #expect(threadNames.map(\.0) == [1, 2])
        #expect(threadNames.map(\.1) == ["main thread", "pool thread 1"])
        let decode = try #require(events.first { $0["name"] as? String == "decode" })
        #expect(decode["ph"] as? String == "X")
        #expect(decode["pid"] as? Int == Stage.offloaded.number)
        #expect(decode["tid"] as? Int == 2)
        #expect(decode["ts"] as? Double == 12500, "microseconds from the profile's start")
        #expect(decode["dur"] as? Double == 7500)
        #expect(decode["cat"] as? String == "compute")
        #expect((decode["args"] as? [String: Any])?["interaction"] as? String == "tap")
        let hitch = try #require(events.first { $0["name"] as? String == "hitch" })
        #expect(hitch["ph"] as? String == "i")
        #expect(hitch["s"] as? String == "t")
        let sortIndex = try #require(events.first { $0["name"] as? String == "process_sort_index" })
        #expect((sortIndex["args"] as? [String: Any])?["sort_index"] as? Int == Stage.offloaded.number)
    }

    /// Overlapping waits of one name go to separate rows (async ids); a wait after one ends reuses its row.
    @Test func waitsArePackedIntoRowsThatNeverOverlap() throws {
        var run = TraceLog.Recording(start: Self.at(0), end: Self.at(100))
        run.events = [
            Self.event(.mainActorHop, from: 0, to: 10),
            Self.event(.mainActorHop, from: 5, to: 15),
            Self.event(.mainActorHop, from: 12, to: 20),
            Self.event(.poolHop, from: 5, to: 6),
        ]
        let events = try Self.events(of: [ChromeTrace.Run(stage: .async, repetition: 1, recording: run)])
        let begins = events.filter { $0["ph"] as? String == "b" }
        let ends = events.filter { $0["ph"] as? String == "e" }
        #expect(begins.count == 5, "four waits and the measured run")
        #expect(ends.count == begins.count)
        let hops = begins.filter { $0["name"] as? String == "hop to main actor" }.map { $0["id"] as? Int ?? 0 }
        #expect(hops.count == 3)
        #expect(hops[0] != hops[1], "overlapping waits get separate rows")
        #expect(hops[2] == hops[0], "the first row is free again at 12 ms")
        let pool = try #require(begins.first { $0["name"] as? String == "hop to pool" }?["id"] as? Int)
        #expect(!hops.contains(pool), "each name has rows of its own")
    }

    /// A frame still waiting when the run ends is in the trace as in the metrics: its wait, its hitch, its hang.
    @Test func aFrameStillWaitingAtTheEndIsTraced() throws {
        let trace = TraceLog()
        let recorder = RunRecorder(refreshHz: 60, trace: trace)
        recorder.pendingFrame(vsync: Self.at(0), at: Self.at(300))
        let measured = recorder.measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil)
        let metrics = measured.metrics
        let events = try #require(recorder.traceRecording(from: Self.at(0), to: Self.at(300), hangs: measured.hangs))
            .events
        #expect(events.map(\.what) == [.frameWait, .hitch, .hang])
        #expect(events.first?.end == Self.at(300))
        #expect(
            metrics.hangs == events.filter { $0.what == .hang }.count,
            "the trace marks the hangs the metrics count"
        )
        #expect(events.last?.milliseconds == 300)
    }

    /// Each hitch is named after what held main longest between its vsync and its end.
    @Test func eachHitchNamesItsCause() throws {
        let trace = TraceLog()
        let recorder = RunRecorder(refreshHz: 60, trace: trace)
        let key = StepTiming.Key(interaction: 0, step: 0)
        recorder.prepare(
            stepKeys: [key],
            subsystems: [],
            deliveries: 4,
            arrivalsStart: Self.at(0),
            arrivalsEnd: Self.at(1000),
            causeLabels: ["frame work", "job overhead", "compute: decode"]
        )
        recorder.stepRan(key, kind: .compute, from: Self.at(1), to: Self.at(60), onMain: true)
        recorder.frame(vsync: Self.at(10), started: Self.at(60), ended: Self.at(62), coalesced: 2)
        let recording = try #require(recorder.traceRecording(from: Self.at(0), to: Self.at(100), hangs: []))
        #expect(recording.events.first { $0.what == .hitch }?.label == "compute: decode")
        let events = try Self.events(of: [ChromeTrace.Run(stage: .async, repetition: 1, recording: recording)])
        let hitch = try #require(events.first { ($0["name"] as? String)?.hasPrefix("hitch") == true })
        #expect(hitch["name"] as? String == "hitch: compute: decode")
        #expect((hitch["args"] as? [String: Any])?["caused mostly by"] as? String == "compute: decode")
        // 50 of the 52 ms from the vsync to the frame's end.
        #expect((hitch["args"] as? [String: Any])?["its share of the late time (%)"] as? Int == 96)
    }

    /// What a child writes is what the profile reads back, names with tabs included (made safe).
    @Test func aRecordingSurvivesItsFile() throws {
        var recording = TraceLog.Recording(threads: 3, dropped: 2, start: Self.at(1), end: Self.at(9))
        recording.events = [
            Self.event(.step, "decode", thread: 2, from: 1, to: 2),
            TraceLog.Event(.frame, start: Self.at(3), end: Self.at(4), milliseconds: 0.25, count: 1),
            Self.event(.actorHop, "store", from: 5, to: 6),
        ]
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try recording.write(to: url)
        #expect(try TraceLog.Recording(contentsOf: url) == recording)

        try Data("not a trace\n".utf8).write(to: url)
        #expect(throws: CocoaError.self) { try TraceLog.Recording(contentsOf: url) }
    }

    /// Each stage is one process, however many repetitions it ran; a recording that dropped events says so.
    @Test func repetitionsShareTheirStagesProcess() throws {
        var first = TraceLog.Recording(start: Self.at(0), end: Self.at(50))
        first.dropped = 7
        let second = TraceLog.Recording(start: Self.at(200), end: Self.at(250))
        let events = try Self.events(of: [
            ChromeTrace.Run(stage: .mainOnly, repetition: 1, recording: first),
            ChromeTrace.Run(stage: .mainOnly, repetition: 2, recording: second),
        ])
        #expect(events.filter { $0["name"] as? String == "process_name" }.count == 1)
        let runs = events.filter { $0["name"] as? String == "measured run" && $0["ph"] as? String == "b" }
        #expect(runs.map { $0["ts"] as? Double } == [0, 200_000])
        #expect(runs.map { ($0["args"] as? [String: Any])?["repetition"] as? Int } == [1, 2])
        let kept = (runs.first?["args"] as? [String: Any])?["events not kept"] as? String
        #expect(kept?.hasPrefix("7,") == true)
    }
}

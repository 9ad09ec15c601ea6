import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// `profile --trace`: the trace-event file the stage children's recordings make.
    @Suite struct TraceTests {
        /// `--trace` writes one trace-event file that draws each stage as a process and each step on the thread that
        /// ran it: main for what the stage keeps on main, a pool thread for the rest.
        @Test func theTraceDrawsEveryStepOnTheThreadThatRanIt() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = try Scratch.write(Specs.placement, to: directory)
            let trace = directory.appending(path: "traces/placement.trace.json")
            let run = try await StagehandProcess.run(
                "profile",
                spec,
                "--repetitions",
                "1",
                "--quiet",
                "--output",
                directory.path,
                "--trace",
                trace.path
            )
            #expect(run.status == 0, "\(run.stderr)")
            let file = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any],
                "the trace is one JSON object"
            )
            let events = try #require(file["traceEvents"] as? [[String: Any]])
            let processes = events.filter { $0["name"] as? String == "process_name" }
                .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
            #expect(processes == Stage.allCases.map(\.rawValue), "one process per stage, in journey order")
            let kinds: [String: StepKind] = ["store": .state, "fetch": .io, "work": .compute, "show": .ui]
            for stage in Stage.allCases {
                let slices = events.filter { $0["pid"] as? Int == stage.number && $0["ph"] as? String == "X" }
                #expect(
                    slices.contains { $0["name"] as? String == "frame" && $0["tid"] as? Int == 1 },
                    "frames on main"
                )
                for (name, kind) in kinds {
                    // Main-only blocks main with its io ("fetch (blocking)"); elsewhere an awaited io holds no thread.
                    let threads = Set(
                        slices.filter { ($0["name"] as? String)?.split(separator: " ").first.map(String.init) == name }
                            .compactMap { $0["tid"] as? Int }
                    )
                    if kind == .io && stage != .mainOnly {
                        #expect(threads.isEmpty, "\(stage.rawValue): an awaited io is a wait")
                        continue
                    }
                    let expected: Bool = stage.runsOnMain(kind)
                    #expect(!threads.isEmpty, "\(stage.rawValue): \(name) drawn")
                    #expect(
                        threads.allSatisfy { ($0 == 1) == expected },
                        "\(stage.rawValue): \(name) drawn on threads \(threads.sorted())"
                    )
                }
                let waits = Set(
                    events.filter { $0["pid"] as? Int == stage.number && $0["ph"] as? String == "b" }
                        .compactMap { $0["name"] as? String }
                )
                #expect(waits.isSuperset(of: ["tap", "measured run", "event waits for its handler"]), "\(waits)")
            }
        }
    }
}

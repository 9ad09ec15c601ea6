import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// Work that comes after a long wait, through the whole tool: each run follows every arrival of its window to its
    /// end, so what an arrival does after its wait is measured, however late it comes.
    ///
    /// Its figures of time are lower bounds that a busy machine can only raise (a 120 ms step on main holds main at
    /// least that long, and its late frames hitch at least that much), so it takes shared turns, not a turn alone.
    @Suite struct LateWorkTests {
        /// A 0.5 s window of syncs, six a second (three arrivals), each waiting `fetchMs` and then running `step`.
        static func sync(_ name: String, fetchMs: Int, then step: String) -> String {
            """
            name: \(name)
            duration-s: 0.5
            interactions:
              - name: sync
                rate-per-s: 6
                steps:
                  - { io: fetch, ms: \(fetchMs) }
                  - \(step)
            """
        }

        /// Three syncs in a 0.5 s window each wait 1.5 s, then parse for 120 ms on main in `async`: every parse comes
        /// after the window and after the old drain (1.05 s) had ended the run, which read no parse at all. Now each is
        /// measured where it lands: the sync holds main for the parse, its hitch time counts, and none is unfinished;
        /// and so is the first arrival, measured alone in the first run's fresh process.
        @Test func aParseAfterALongFetchIsMeasuredWhereItLands() async throws {
            let spec = Self.sync("late-parse", fetchMs: 1500, then: "{ compute: parse, ms: 120 }")
            let result = try await StagehandProcess.profileOnce(spec, name: "late-parse", stages: [.async])
            let stage = try #require(result.stages.first { $0.stage == .async })
            let metrics = try #require(stage.metrics)
            let sync = try #require(stage.interactions?.first)
            #expect(sync.arrivals == 3)
            #expect(sync.unfinished == 0)
            #expect(metrics.interactionsCompleted == 3)
            #expect(sync.longestBlockMs >= 100, "each parse held main: \(sync.longestBlockMs) ms")
            // Its first arrival in the fresh process, before the warm-up, is followed to its end too.
            #expect(stage.repetitions.first?.firstArrivals?.map(\.arrivals) == [1])
            #expect((sync.firstBlockMs ?? 0) >= 100, "the first parse held main: \(sync.firstBlockMs ?? 0) ms")
            // Three parses of 120 ms over a 0.5 s window: hundreds of ms/s, most of it the parse's (the rest frames'
            // own work, which a busy machine makes late too: 89% was the parse's once, under a full test run).
            let parse = metrics.hitchTimeByCause["compute: parse"] ?? 0
            #expect(parse > 300, "\(metrics.hitchTimeByCause)")
            #expect(parse / metrics.hitchTimeRatioMsPerS > 0.8, "\(metrics.hitchTimeByCause)")
        }

        /// A trap after a long fetch is reached in `async` too, whose fetch does not block main: the stage crashed,
        /// where the run used to end before the fetch came back, and call the stage fine.
        @Test func aTrapAfterALongFetchCrashesTheStage() async throws {
            let spec = Self.sync("late-trap", fetchMs: 1600, then: "{ compute: merge, kernel: test-trap, size: 1 }")
            let result = try await StagehandProcess.profileOnce(spec, name: "late-trap", stages: [.async])
            let stage = try #require(result.stages.first { $0.stage == .async })
            #expect(stage.status == .crashed, "\(stage.repetitions.first?.failure ?? "")")
        }
    }
}

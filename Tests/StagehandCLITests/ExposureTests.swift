import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// Exposure through the whole tool: a rare interaction that blocks main is found whatever the seed's arrivals.
    ///
    /// Its one figure of time is a lower bound that a busy machine can only raise (a 300 ms block on main holds it at
    /// least that long, a hang each time), and its counts of arrivals are the schedule's, which a busy machine does not
    /// change now that every run follows each arrival to its end: so it takes shared turns, not a turn alone (alone,
    /// its three seeds held the machine for 20 s, a fifth of the whole suite).
    @Suite struct ExposureTests {
        /// At 0.05 a second a 1.5 s run sees the 300 ms block about one seed in fourteen; the exposure run schedules it
        /// three times, so main-only fails on every seed, named after the interaction and its step. (Its arrivals are
        /// 500 ms apart, so each block ends before the next arrives even on a busy machine. In a 1 s run they were
        /// 333 ms apart: a block slowed past that delayed the next arrival, and the last, due before the window ended
        /// but delivered after it, was counted unfinished rather than a hang.)
        @Test(arguments: [1, 101] as [UInt64])
        func aRareBlockOfMainFailsMainOnlyOnEverySeed(_ seed: UInt64) async throws {
            let spec = """
                name: rare-block
                duration-s: 1.5
                interactions:
                  - name: sync
                    rate-per-s: 0.05
                    arrival: poisson
                    steps:
                      - { compute: merge, ms: 300 }
                  - name: tap
                    rate-per-s: 4
                    steps:
                      - { ui: redraw, ms: 0.5 }
                """
            let result = try await StagehandProcess.profileOnce(
                spec,
                name: "rare-block",
                stages: [.mainOnly],
                arguments: ["--seed", "\(seed)"]
            )
            let stage = try #require(result.stages.first { $0.stage == .mainOnly })
            let sync = try #require(stage.interactions?.first)
            #expect(sync.exposureArrivals == 3)
            // Four taps a second, periodic, in a 1.5 s run: the main loop counts each interaction's arrivals.
            #expect(stage.interactions?.last?.arrivals == 6)
            #expect(stage.interactions?.last?.exposureArrivals == 6)
            #expect(sync.hangs >= 3, "each of its arrivals held main for 300 ms")
            let judgment = try #require(result.recommendation.judgments.first { $0.stage == .mainOnly })
            #expect(judgment.judgment == .fails)
            #expect(judgment.reason.contains("`sync` held main for"), "\(judgment.reason)")
            #expect(judgment.reason.contains("(`compute: merge`)"), "\(judgment.reason)")
        }
    }
}

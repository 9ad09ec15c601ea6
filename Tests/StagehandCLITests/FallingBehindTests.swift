import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// Whether the verdict says a stage falls behind, through real stage runs of two workloads whose answer cannot
    /// flip with noise: one kept up with by a wide margin, one overloaded about twice over.
    @Suite(.tags(.timing)) struct FallingBehindTests {
        /// The verdict of one run of `stage` profiling `spec`, and that stage's figures.
        static func profile(_ spec: String, name: String, stage: Stage) async throws -> (String, StageMetrics) {
            let result = try await StagehandProcess.profileOnce(spec, name: name, stages: [stage])
            let metrics = try #require(result.stages.first { $0.stage == stage }?.metrics)
            return (result.recommendation.summary, metrics)
        }

        /// The defect this guards against: every 2 s request of a 1 s run was still out when the run's drain (1.1 s)
        /// ended, and `async`, which keeps up with them (none waits for main), was said to fall behind "because its
        /// interactions take longer than their arrivals allow". The run now follows each request to its end (up to
        /// 1 + 1.5 × 2 s after the window): all of them finish, and none of them is unfinished.
        @Test func aStageKeepingUpWithRequestsLongerThanTheDrainDoesNotFallBehind() async throws {
            let spec = Specs.oneStep("slow-io", duration: "1", ratePerSecond: 4, step: "{ io: fetch, ms: 2000 }")
            let (summary, metrics) = try await Self.profile(spec, name: "slow-io", stage: .async)
            #expect(metrics.interactionsUnfinished == 0, "each request is followed to its end")
            #expect(metrics.interactionsCompleted == metrics.interactionsArrived)
            #expect(!summary.contains("falls behind"), "\(summary)")
        }

        /// 30 ms of main per arrival at 60 a second asks for 1.8 s of main per second: main-only's queue for main
        /// grows by about 30 interactions a second, far past the limit of 4.5.
        @Test func anOverloadedMainFallsBehind() async throws {
            let spec = Specs.oneStep("overload", duration: "1", ratePerSecond: 60, step: "{ compute: work, ms: 30 }")
            let (summary, metrics) = try await Self.profile(spec, name: "overload", stage: .mainOnly)
            #expect(summary.contains("But main-only falls behind"), "\(summary)")
            #expect(metrics.queuedByQuarter.count == 4)
        }
    }
}

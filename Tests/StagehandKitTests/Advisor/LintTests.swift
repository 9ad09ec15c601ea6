import Testing

@testable import StagehandKit

/// Each lint fires on constructed metrics past its threshold, and stays quiet below it.
@Suite struct LintTests {
    static let workload = Workload(
        name: "app",
        subsystems: ["table"],
        interactions: [
            Interaction(
                name: "tap",
                ratePerSecond: 2,
                steps: [Step(.state, "table", .milliseconds(1)), Step(.ui, "show", .milliseconds(30))]
            )
        ]
    )

    static func lints(_ results: StageResult...) -> [String] {
        DecisionTree().recommend(for: workload, results: results).antiPatterns.map(\.id)
    }

    static func stage(_ stage: Stage, _ edit: (inout StageMetrics) -> Void) -> StageResult {
        var metrics = StageMetrics()
        metrics.mainThreadBusyMsPerS = ["compute": 100]
        metrics.hitchTimeRatioMsPerS = 50
        edit(&metrics)
        return .measured(stage, [metrics])
    }

    @Test func mainActorContentionFiresAtHalfTheBudget() {
        let contended = Self.lints(Self.stage(.offloaded) { $0.hopWaitMs = LatencySummary(p99: 9, count: 50) })
        #expect(contended.contains("main-actor-contention"))
        let calm = Self.lints(Self.stage(.offloaded) { $0.hopWaitMs = LatencySummary(p99: 8, count: 50) })
        #expect(!calm.contains("main-actor-contention"))
    }

    @Test func hopStormFiresPastFourEntriesPerFrame() {
        #expect(Self.lints(Self.stage(.async) { $0.mainActorEntriesPerFrame = 4.5 }).contains("hop-storm"))
        #expect(!Self.lints(Self.stage(.async) { $0.mainActorEntriesPerFrame = 3 }).contains("hop-storm"))
    }

    @Test func poolSaturationNeedsABusyPoolAndWaitingWork() {
        let saturated = Self.lints(
            Self.stage(.offloaded) {
                $0.poolUtilization = 0.9
                $0.poolHopWaitMs = LatencySummary(p99: 40, count: 20)
            }
        )
        #expect(saturated.contains("pool-saturation"))
        let busyButFlowing = Self.lints(
            Self.stage(.offloaded) {
                $0.poolUtilization = 0.9
                $0.poolHopWaitMs = LatencySummary(p99: 1, count: 20)
            }
        )
        #expect(!busyButFlowing.contains("pool-saturation"))
        let idleButSlowToStart = Self.lints(
            Self.stage(.offloaded) {
                $0.poolUtilization = 0.3
                $0.poolHopWaitMs = LatencySummary(p99: 40, count: 20)
            }
        )
        #expect(!idleButSlowToStart.contains("pool-saturation"))
    }

    @Test(arguments: [(120.0, true), (60.0, false)])
    func uiWorkLongerThanAFrameIsFlagged(totalMs: Double, flagged: Bool) {
        var run = RepetitionResult(repetition: 1, status: .ok, seed: 1, metrics: StageMetrics())
        // Four runs of the 16.67 ms-budget `ui` step: 30 ms each is over, 15 ms each is not.
        run.stepTimings = [StepTiming(key: .init(interaction: 0, step: 1), runs: 4, totalMs: totalMs, runsOnMain: 4)]
        let lints = Self.lints(StageResult(stage: .mainOnly, repetitions: [run]))
        #expect(lints.contains("ui-work-exceeds-budget") == flagged)
    }

    @Test func everyLintNamesItsThresholdAndFix() {
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [
                Self.stage(.offloaded) {
                    $0.hopWaitMs = LatencySummary(p99: 30, count: 50)
                    $0.mainActorEntriesPerFrame = 9
                }
            ]
        )
        #expect(recommendation.antiPatterns.count == 2)
        for lint in recommendation.antiPatterns {
            #expect(!lint.threshold.isEmpty && !lint.evidence.isEmpty && !lint.fix.isEmpty)
        }
    }
}

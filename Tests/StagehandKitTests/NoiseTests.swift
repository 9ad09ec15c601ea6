import Testing

@testable import StagehandKit

/// The noise rule: a later stage is adopted as decided only when it is better beyond the run-to-run noise.
@Suite struct NoiseTests {
    static func samples(_ values: [UInt64: UInt64]) -> LatencySamples {
        LatencySamples(buckets: values.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
    }

    @Test func identicalSamplesAreNoEvidence() throws {
        let frames = Self.samples([150: 100, 200: 60, 900: 5])
        let p = try #require(MannWhitney.pLower(frames, than: frames))
        #expect(abs(p - 0.5) < 0.01)
    }

    @Test func clearlySeparatedSamplesAreSignificant() throws {
        let fast = Self.samples([150: 100, 180: 80])
        let slow = Self.samples([300: 90, 20_000: 40])
        let p = try #require(MannWhitney.pLower(fast, than: slow))
        #expect(p < 1e-10)
        let reverse = try #require(MannWhitney.pLower(slow, than: fast))
        #expect(reverse > 0.999)
    }

    /// Ten tied values against ten tied larger values: U = 0, and the tie-corrected variance is
    /// 100/12 · (21 − 2·990/(20·19)), so z = −4.359 and p = Φ(z) = 6.54e-6 (computed by hand).
    @Test func theTieCorrectedStatisticMatchesAHandComputedCase() throws {
        let test = try #require(MannWhitney.test(Self.samples([1: 10]), than: Self.samples([2: 10]), minimumCount: 10))
        #expect(abs(test.p - 6.5359e-6) < 1e-9)
        #expect(test.probabilityLower == 1)
    }

    @Test func tooFewSamplesGiveNoAnswer() {
        #expect(MannWhitney.pLower(Self.samples([1: 5]), than: Self.samples([2: 5])) == nil)
    }

    @Test func samplesRoundTripAndMerge() {
        let samples = Self.samples([120: 1, 150: 2, 1500: 1])
        #expect(samples.count == 4)
        #expect(LatencySamples(samples.histogram()) == samples)
        let merged = LatencySamples.merged([samples, samples])
        #expect(merged.count == 8)
        #expect(LatencySummary(merged).p50 == 0.15)
    }

    static func run(hitch: Double, inputP99: Double = 1, frames: LatencySamples) -> RepetitionResult {
        var metrics = StageMetrics()
        metrics.hitchTimeRatioMsPerS = hitch
        metrics.inputLatencyMs = LatencySummary(p99: inputP99, count: 10)
        let busy = ["compute": 100.0]
        metrics.mainThreadBusyMsPerS = busy
        var distributions = RunDistributions()
        distributions.mainLoopLatency = frames
        return RepetitionResult(repetition: 1, status: .ok, seed: 1, metrics: metrics, distributions: distributions)
    }

    static let workload = Workload(
        name: "app",
        interactions: [Interaction(name: "tap", ratePerSecond: 1, steps: [Step(.compute, "work", .milliseconds(50))])]
    )

    /// Every main-only run fails the budget, but not on one metric, so no metric's runs separate the stages:
    /// hitch-time ratios overlap (3 in main-only, 4.5 in offloaded), and input latency fails only once.
    static func mainOnly(_ frames: LatencySamples) -> StageResult {
        StageResult(
            stage: .mainOnly,
            repetitions: [
                run(hitch: 6, frames: frames), run(hitch: 3, inputP99: 150, frames: frames),
                run(hitch: 7, frames: frames),
            ]
        )
    }

    static func offloaded(_ frames: LatencySamples) -> StageResult {
        StageResult(stage: .offloaded, repetitions: [4, 4.5, 2].map { run(hitch: $0, frames: frames) })
    }

    @Test func overlappingRunsWithIdenticalFramesAreInconclusive() {
        let frames = Self.samples([150: 170, 40_000: 10])
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [Self.mainOnly(frames), Self.offloaded(frames)]
        )
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.confidence == .inconclusive)
    }

    @Test func overlappingRunsWithClearlyBetterFramesAreDecided() {
        let slow = Self.samples([150: 90, 40_000: 90])
        let fast = Self.samples([150: 180])
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [Self.mainOnly(slow), Self.offloaded(fast)]
        )
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.confidence == .decided)
        let rankTest = recommendation.path.last?.evidence.last
        #expect(rankTest?.metric.contains("Mann-Whitney") == true)
        #expect(rankTest?.holds == true)
    }
}

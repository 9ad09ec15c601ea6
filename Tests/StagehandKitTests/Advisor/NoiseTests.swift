import Testing

@testable import StagehandKit

/// The noise rule: a later stage is adopted as decided only when it is better beyond the run-to-run noise.
@Suite struct NoiseTests {
    static func samples(_ values: [UInt64: UInt64]) -> LatencySamples {
        LatencySamples(buckets: values.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
    }

    @Test func identicalRunsAreNoEvidence() throws {
        let test = try #require(MannWhitney.test([5, 6, 7], than: [5, 6, 7]))
        #expect(test.p > 0.4)
        #expect(test.probabilityLower == 0.5)
    }

    /// Every run below every other: the most extreme of the C(6, 3) = 20 equally likely splits.
    @Test func threeRunsEachBelowThreeOthersGiveOneInTwenty() throws {
        let test = try #require(MannWhitney.test([0, 0.2, 0.1], than: [589, 594, 590]))
        #expect(abs(test.p - 0.05) < 1e-12)
        #expect(test.probabilityLower == 1)
        let reverse = try #require(MannWhitney.test([589, 594, 590], than: [0, 0.2, 0.1]))
        #expect(reverse.p == 1)
    }

    /// [1, 3] against [2, 4]: 3 of the 4 pairs are lower. Of the C(4, 2) = 6 splits, counted by hand ({1,2}: 4,
    /// {1,3}: 3, {1,4}: 2, {2,3}: 2, {2,4}: 1, {3,4}: 0 pairs lower), two are as extreme: p = 2/6.
    @Test func theExactPMatchesAHandCount() throws {
        let test = try #require(MannWhitney.test([1, 3], than: [2, 4]))
        #expect(abs(test.p - 2.0 / 6) < 1e-12)
        #expect(test.probabilityLower == 0.75)
    }

    @Test func tiesCountHalfAndAllTiedIsNoEvidence() throws {
        let tied = try #require(MannWhitney.test([0, 0, 0], than: [0, 0, 0]))
        #expect(tied.p == 1)
        let oneHang = try #require(MannWhitney.test([0, 0, 0], than: [0, 1, 0]))
        #expect(oneHang.p > 0.05, "one hang in one run of three does not separate the stages")
    }

    @Test func anEmptySideGivesNoAnswer() {
        #expect(MannWhitney.test([], than: [1, 2, 3]) == nil)
    }

    @Test func samplesRoundTripAndMerge() {
        let samples = Self.samples([120: 1, 150: 2, 1500: 1])
        #expect(samples.count == 4)
        #expect(LatencySamples(samples.histogram()) == samples)
        let merged = LatencySamples.merged([samples, samples])
        #expect(merged.count == 8)
        #expect(LatencySummary(merged).p50 == 0.15)
    }

    static func run(hitch: Double, inputP99: Double = 1) -> RepetitionResult {
        var metrics = StageMetrics()
        metrics.hitchTimeRatioMsPerS = hitch
        metrics.arrivalSeconds = 1
        metrics.inputLatencyMs = LatencySummary(p99: inputP99, count: 10)
        metrics.mainThreadBusyMsPerS = ["compute": 100.0]
        return RepetitionResult(repetition: 1, status: .ok, seed: 1, metrics: metrics)
    }

    static let workload = Workload(
        name: "app",
        interactions: [Interaction(name: "tap", ratePerSecond: 1, steps: [Step(.compute, "work", .milliseconds(50))])]
    )

    static func stage(_ stage: Stage, _ hitches: [Double]) -> StageResult {
        StageResult(stage: stage, repetitions: hitches.map { run(hitch: $0) })
    }

    /// main-only fails the budget in every run (6, 7, 8 ms/s); offloaded meets it in every run (2, 4, 4.5): adopted,
    /// decided.
    @Test func runsThatSeparateAreDecided() {
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [Self.stage(.mainOnly, [6, 7, 8]), Self.stage(.offloaded, [2, 4, 4.5])]
        )
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.confidence == .decided)
    }

    /// main-only met the budget in one run of three (3 ms/s) and missed it in two, and misses it over all three: it
    /// is borderline. offloaded met it in every run and is adopted, but the verdict says it rests on a borderline
    /// stage, and on which metric.
    @Test func aBorderlineEarlierStageMakesTheVerdictBorderline() {
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [Self.stage(.mainOnly, [6, 3, 7]), Self.stage(.offloaded, [4, 4.5, 2])]
        )
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.confidence == .borderline)
        #expect(recommendation.judgments.first?.judgment == .borderline)
        #expect(recommendation.judgments.first?.overall == .fails)
        #expect(recommendation.judgments.first?.metric == "hitch-time ratio")
        #expect(recommendation.settle?.hasPrefix("Borderline: main-only met the budget in 1 of 3 runs") == true)
    }

    /// One hitch in one 3 s run of async (11 ms/s in that run, 3.7 ms/s over the three) while its other runs had
    /// none: async is borderline and meets the budget over its runs, not a stage that failed. (This workload has no
    /// io, so the tree goes to offloaded, and the verdict says async met the budget too.)
    @Test func oneStrayHitchMakesAStageBorderlineNotFailing() {
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [
                Self.stage(.mainOnly, [600, 600, 600]), Self.stage(.async, [0, 0, 11.1]),
                Self.stage(.offloaded, [0, 0, 0]),
            ]
        )
        let async = recommendation.judgments.first { $0.stage == .async }
        #expect(async?.judgment == .borderline)
        #expect(async?.overall == .meets)
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.summary.contains("async also met the budget, but the tree did not try it"))
    }

    /// With fewer runs than a decision needs, the verdict is tentative: it still names the stage the tree reaches.
    @Test func fewerThanThreeRunsAreTentative() {
        for runs in 1...2 {
            let recommendation = DecisionTree().recommend(
                for: Self.workload,
                results: [
                    Self.stage(.mainOnly, Array(repeating: 600, count: runs)),
                    Self.stage(.offloaded, Array(repeating: 0, count: runs)),
                ]
            )
            #expect(recommendation.stage == "offloaded")
            #expect(recommendation.confidence == .tentative)
            #expect(recommendation.settle?.contains("needs at least 3") == true)
        }
    }

    @Test func aStayMainOnlyVerdictAlsoNeedsThreeRuns() {
        let one = DecisionTree().recommend(for: Self.workload, results: [Self.stage(.mainOnly, [0])])
        let three = DecisionTree().recommend(for: Self.workload, results: [Self.stage(.mainOnly, [0, 0, 1])])
        #expect(one.stage == "main-only")
        #expect(one.confidence == .tentative)
        #expect(three.confidence == .decided)
    }

    /// A hang in one run of three fails the stage: it is a total, never a median that hides it.
    @Test func aHangInOneRunFailsTheStage() {
        var hung = Self.run(hitch: 0)
        hung.metrics?.hangs = 1
        hung.metrics?.longestHangMs = 300
        let mainOnly = StageResult(stage: .mainOnly, repetitions: [Self.run(hitch: 0), hung, Self.run(hitch: 0)])
        #expect(mainOnly.metrics?.hangs == 1)
        #expect(mainOnly.metrics?.longestHangMs == 300)
        let recommendation = DecisionTree().recommend(for: Self.workload, results: [mainOnly])
        #expect(recommendation.path.first?.answer == false)
        #expect(recommendation.stage != "main-only")
    }
}

import Foundation
import Testing

@testable import StagehandKit

/// The noise rule: a stage is passed by, as decided, only when its runs miss the budget beyond the run-to-run noise.
@Suite struct NoiseTests {
    static func samples(_ values: [UInt64: UInt64]) -> LatencySamples {
        LatencySamples(buckets: values.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
    }

    /// z for the default per-test level: 0.05, less the early looks' 0.002, over 2 metrics and 5 looks is 0.0048,
    /// one-sided: 2.5899 (0.005's is 2.5758).
    @Test func theDefaultLevelIsFivePercentOverTwoMetricsAndFiveLooks() {
        let thresholds = Thresholds()
        #expect(thresholds.looks == 5)
        #expect(abs(thresholds.perTestLevel - 0.0048) < 1e-12)
        #expect(abs(BudgetInterval.normalQuantile(1 - 0.0048) - 2.5899) < 1e-4)
        #expect(abs(BudgetInterval.normalQuantile(0.995) - 2.5758) < 1e-4)
        #expect(abs(BudgetInterval.normalQuantile(0.5)) < 1e-9)
        #expect(Thresholds(maxRuns: 3).looks == 1, "a fixed number of runs is one look")
    }

    /// The model's spread at a hitch-time ratio μ in 3 s runs at 60 Hz: √(g·P·μ/D + (c·μ)²).
    @Test func theHitchSpreadCountsHitchesNearTheBudgetAndDriftFarAboveIt() {
        let noise = NoiseModel()
        let atLimit = noise.standardDeviation(of: .hitchTimeRatio, atMean: 5, budgetMs: 1000.0 / 60, seconds: 3)
        #expect(abs(atLimit - (0.59 * 1000.0 / 60 * 5 / 3 + pow(0.215 * 5, 2)).squareRoot()) < 1e-9)
        let longer = noise.standardDeviation(of: .hitchTimeRatio, atMean: 5, budgetMs: 1000.0 / 60, seconds: 30)
        #expect(longer < atLimit / 2, "ten times longer runs count ten times more hitches")
        #expect(noise.standardDeviation(of: .hitchTimeRatio, atMean: 0, budgetMs: 16.7, seconds: 3) == 0)
    }

    /// An interval's side: below, within or above its limit by more than z·s/√n, s the larger of the runs' own
    /// spread and the model's.
    @Test func anIntervalIsAboveOnlyBeyondTheNoise() {
        func interval(_ values: [Double], model: Double = 0) -> BudgetInterval {
            BudgetInterval(metric: .hitchTimeRatio, values: values, limit: 5, level: 0.005) { _ in model }
        }
        #expect(interval([0, 0, 0]).side == .below)
        #expect(interval([6, 6, 6]).side == .above, "no spread at all: any distance is beyond it")
        #expect(interval([6, 6, 6], model: 1).side == .within, "6 ± 2.58·1/√3 reaches 5")
        #expect(interval([8, 8, 8], model: 1).side == .above)
        #expect(interval([2, 5, 8]).side == .within, "the runs' own spread counts when the model's is smaller")
        #expect(abs(interval([6, 6, 6], model: 1).halfWidth() - 2.5758 / 3.0.squareRoot()) < 1e-3)
    }

    /// More runs settle a mean a little inside the limit, never one at it: [0, 0, 4] (mean 1.33) spreads within the
    /// model's 2.68, so h is 2.58·2.68/√n: 2.6 < 3.67 at 7 runs, 4.0 at 3.
    @Test func moreRunsSettleOnlyAMeanAwayFromTheLimit() {
        let near = BudgetInterval(metric: .hitchTimeRatio, values: [0, 0, 4], limit: 5, level: 0.005) { _ in 2.68 }
        #expect(near.side == .within)
        #expect(near.couldSettle(with: 7))
        #expect(!near.couldSettle(with: 3))
        let at = BudgetInterval(metric: .hitchTimeRatio, values: [5, 5, 5], limit: 5, level: 0.005) { _ in 2 }
        #expect(!at.couldSettle(with: 1000))
    }

    /// Student's quantiles against the printed tables, and the incomplete beta function they rest on.
    @Test func studentQuantilesMatchTheTables() {
        #expect(abs(BudgetInterval.studentQuantile(0.975, degreesOfFreedom: 1) - 12.706) < 1e-3)
        #expect(abs(BudgetInterval.studentQuantile(0.995, degreesOfFreedom: 2) - 9.925) < 1e-3)
        #expect(abs(BudgetInterval.studentQuantile(0.995, degreesOfFreedom: 6) - 3.707) < 1e-3)
        #expect(abs(BudgetInterval.studentQuantile(0.95, degreesOfFreedom: 1000) - 1.646) < 1e-3)
        #expect(abs(BudgetInterval.regularizedIncompleteBeta(x: 0.3, a: 1, b: 1) - 0.3) < 1e-12)
        #expect(abs(BudgetInterval.regularizedIncompleteBeta(x: 0.5, a: 2, b: 2) - 0.5) < 1e-12)
    }

    /// Runs much noisier than the model (2·36/1 = 72 against χ²(0.95, 2) = 5.99) are judged on their own spread with
    /// Student's t: [2, 8, 14] against a model of 1 per run is 8 ± 9.92·6/√3 = 8 ± 34, not 8 ± 2.58·6/√3; runs as
    /// noisy as the model are not.
    @Test func runsNoisierThanTheModelAreJudgedOnTheirOwnSpreadWithStudentsT() {
        let noisy = BudgetInterval(metric: .hitchTimeRatio, values: [2, 8, 14], limit: 5, level: 0.005) { _ in 1 }
        #expect(abs(noisy.halfWidth() - 9.925 * 6 / 3.0.squareRoot()) < 1e-2)
        #expect(noisy.noisierThanModel)
        #expect(noisy.side == .within)
        let fitting = BudgetInterval(metric: .hitchTimeRatio, values: [7, 8, 9], limit: 5, level: 0.005) { _ in 1 }
        #expect(!fitting.noisierThanModel)
        #expect(abs(BudgetInterval.chiSquareQuantile(0.95, degreesOfFreedom: 2) - 5.991) < 1e-3)
        #expect(abs(BudgetInterval.chiSquareQuantile(0.95, degreesOfFreedom: 6) - 12.592) < 1e-3)
    }

    /// Both tests take the model's spread at the limit: under any truth on the other side of it, the spread is at most
    /// that, so each claim (fails, meets) is wrong at most at its level.
    @Test func bothSidesTakeTheModelAtTheLimit() {
        let interval = BudgetInterval(metric: .hitchTimeRatio, values: [9, 9, 9], limit: 5, level: 0.005) { $0 / 2 }
        #expect(abs(interval.halfWidth() - 2.5758 * 2.5 / 3.0.squareRoot()) < 1e-3, "not the model's 4.5 at the mean")
        #expect(interval.side == .above)
    }

    /// A part of the mean estimated from a rare interaction's arrivals is the same in every run: the model's spread is
    /// taken at the rest, and the estimate's own error is added.
    @Test func anEstimatedPartAddsItsOwnErrorNotTheModelsSpread() {
        let interval = BudgetInterval(
            metric: .hitchTimeRatio,
            values: [10, 10, 10],
            limit: 5,
            level: 0.005,
            estimated: 10,
            estimatedStandardError: 0.5
        ) { $0 }
        #expect(interval.modelSpreadAtLimit == 0, "the rest of the limit past the estimate is 0")
        #expect(abs(interval.halfWidth() - 2.5758 * 0.5) < 1e-3)
        #expect(interval.side == .above)
        #expect(
            BudgetInterval(metric: .hitchTimeRatio, values: [0, 0, 0], limit: 5, level: 0.005) { _ in 4 }.side
                == .below,
            "hitch-free runs are the hitch-free rule's to bound"
        )
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
        metrics.arrivalSeconds = 3
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

    /// main-only misses the budget beyond the noise of 3 s runs (30–35 ms/s: about six hitches a run); offloaded
    /// met it in every run: adopted, decided.
    @Test func runsBeyondTheNoiseAreDecided() {
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [Self.stage(.mainOnly, [30, 32, 35]), Self.stage(.offloaded, [0, 0, 0])]
        )
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.confidence == .decided)
        #expect(recommendation.judgments.first?.judgment == .fails)
        #expect(recommendation.judgments.first?.reason.contains("beyond the run-to-run noise") == true)
    }

    /// 6–8 ms/s in 3 s runs is one or two hitches a run: every run missed, but a stage truly at 5 ms/s misses like
    /// that too often to adopt offloaded as decided on it. The walk still follows main-only's figures to offloaded,
    /// and says it is borderline, on which metric, and how to settle it.
    @Test func runsThatAllMissWithinTheNoiseAreBorderline() {
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [Self.stage(.mainOnly, [6, 7, 8]), Self.stage(.offloaded, [0, 0, 0])]
        )
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.confidence == .borderline)
        #expect(recommendation.judgments.first?.judgment == .borderline)
        #expect(recommendation.judgments.first?.overall == .fails)
        #expect(recommendation.judgments.first?.metric == "hitch-time ratio")
        #expect(
            recommendation.settle?.hasPrefix("Borderline: main-only: hitch-time ratio 6–8 ms/s in its runs") == true
        )
        // d = 2 from the limit: z²·(g·P·5/D + (c·5)²)/3 < 4 needs D ≥ 78 s (the drift term alone leaves room).
        #expect(recommendation.settle?.contains("`--duration 78`") == true, "\(recommendation.settle ?? "")")
    }

    /// Runs long enough for the model to settle a stage, whose own spread keeps it within the noise (5.56 to 38.89
    /// ms/s in five 3 s runs, as `network-manager`'s offloaded measured here), are settled by more runs, never by a
    /// duration no longer than the one they had (the advice said `--duration 1` here).
    @Test func runsSpreadWiderThanTheModelAreSettledByMoreRunsNotAShorterDuration() {
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [
                Self.stage(.mainOnly, [5.56, 38.89, 11.1, 16.7, 11.1]), Self.stage(.offloaded, [0, 0, 0, 0, 0]),
            ]
        )
        let settle = recommendation.settle ?? ""
        #expect(!settle.contains("--duration"), "\(settle)")
        #expect(settle.contains("`--max-repetitions ") || settle.contains("too close to its limit"), "\(settle)")
    }

    /// main-only met the budget in one run of three (3 ms/s) and missed it in two, and misses it over all three: it
    /// is borderline. offloaded met it in every run and is adopted, but the verdict says it rests on a borderline
    /// stage.
    @Test func aBorderlineEarlierStageMakesTheVerdictBorderline() {
        let recommendation = DecisionTree().recommend(
            for: Self.workload,
            results: [Self.stage(.mainOnly, [6, 3, 7]), Self.stage(.offloaded, [0, 0, 0])]
        )
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.confidence == .borderline)
        #expect(recommendation.judgments.first?.judgment == .borderline)
        #expect(recommendation.judgments.first?.overall == .fails)
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

    /// A stage on the path within the noise of the budget asks for more rounds while its mean is far enough from the
    /// limit for 7 runs to settle it, and not when it sits at the limit or hung.
    @Test func onlyRoundsThatCanSettleTheVerdictAreAskedFor() {
        let tree = DecisionTree()
        let offloaded = Self.stage(.offloaded, [0, 0, 0])
        #expect(tree.moreRunsMaySettle(Self.workload, results: [Self.stage(.mainOnly, [0, 0, 2.5]), offloaded]))
        #expect(
            !tree.moreRunsMaySettle(Self.workload, results: [Self.stage(.mainOnly, [0, 0, 5]), offloaded]),
            "a mean of 1.67 is within 2.58·4.19/√7 of the limit even at 7 runs"
        )
        #expect(!tree.moreRunsMaySettle(Self.workload, results: [Self.stage(.mainOnly, [6, 3, 7]), offloaded]))
        #expect(!tree.moreRunsMaySettle(Self.workload, results: [Self.stage(.mainOnly, [30, 32, 35]), offloaded]))
        #expect(
            !DecisionTree(thresholds: Thresholds(maxRuns: 3)).moreRunsMaySettle(
                Self.workload,
                results: [Self.stage(.mainOnly, [0, 0, 2.5]), offloaded]
            )
        )
        let atInputLimit = StageResult(
            stage: .mainOnly,
            repetitions: [0.0, 0, 2.5].map { Self.run(hitch: $0, inputP99: 100) }
        )
        #expect(
            !tree.moreRunsMaySettle(Self.workload, results: [atInputLimit, offloaded]),
            "hitch time could settle below its limit, but input latency sits at its own: the stage stays borderline"
        )
        let hung = StageResult(
            stage: .mainOnly,
            repetitions: [Self.run(hitch: 0), RepetitionResult(repetition: 2, status: .hung, seed: 1, failure: "x")]
        )
        #expect(!tree.moreRunsMaySettle(Self.workload, results: [hung, offloaded]))
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
        let three = DecisionTree().recommend(for: Self.workload, results: [Self.stage(.mainOnly, [0, 0, 0])])
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

extension NoiseTests {
    /// One input-latency p99: the judgment's interval is centred on the stage's figure, the p99 of its runs'
    /// histograms merged, which the table, path and summary show, not on the mean of the runs' own p99s. Three runs of
    /// 200 arrivals at 40 ms, the last with 3 of them at 400 ms: run p99s 40, 40, 400 (mean 160); merged, 3 of 600 is
    /// under 1%, so the stage's p99 is 40.
    @Test func theJudgmentReadsTheStagesOwnP99() throws {
        func run(_ repetition: Int, slow: UInt64) -> RepetitionResult {
            var result = Self.run(hitch: 0, inputP99: slow > 0 ? 400 : 40)
            result.repetition = repetition
            var distributions = RunDistributions()
            distributions.inputLatency = Self.samples(slow > 0 ? [40_000: 200 - slow, 400_000: slow] : [40_000: 200])
            result.distributions = distributions
            return result
        }
        let result = StageResult(stage: .mainOnly, repetitions: [run(1, slow: 0), run(2, slow: 0), run(3, slow: 3)])
        let p99 = try #require(result.metrics?.inputLatencyMs.p99)
        #expect(abs(p99 - 40) < 1, "the merged histogram's p99")
        let judgment = try #require(DecisionTree().judgment(of: result, workload: Self.workload))
        #expect(judgment.reason.contains("over all its runs \(p99.reportFormatted) ±"), "\(judgment.reason)")
    }
}

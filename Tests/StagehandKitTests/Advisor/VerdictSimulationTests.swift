import Foundation
import Testing

@testable import StagehandKit

/// The whole verdict procedure — the per-stage judgment, the walk, the extra rounds of ``RoundSchedule`` — run on
/// synthetic per-run figures whose spread comes from real profiles: each run's figure is the true mean plus the
/// ``NoiseModel``'s spread at it times a standardized residual drawn from real runs of the built-ins and of three
/// near-budget workloads (`Fixtures/run-spread.json`, written by `scripts/noise-floor.py`).
///
/// It measures the three figures docs/METRICS.md states: (a) how often a more concurrent stage is adopted as decided
/// when the earlier one truly meets the budget (at its limit: the worst case), (b) how often the right stage is
/// found when the earlier one truly misses by 2× its limit, (c) how many runs that takes. `swift test --filter
/// VerdictSimulationTests` prints the table.
///
/// The trials are the most arithmetic of the whole test suite. Each of the three tests runs its scenarios one at a
/// time, each on a thread of its own below the others' priority (``inTheBackground(_:)``): three threads that take
/// what the stage children of the command-line tests leave of the two cores, and the whole of them once those end,
/// rather than the cooperative pool's threads, where the tests that wait on a stage child would wait behind them.
@Suite struct VerdictSimulationTests {
    struct Residuals: Decodable {
        var hitchTimeRatio: [Double]
        var inputLatencyP99: [Double]
    }

    /// What one scenario gave over its trials.
    struct Outcome: Sendable {
        var trials = 0
        /// The later stage adopted with `decided` confidence.
        var decidedLater = 0
        /// The later stage named, whatever the confidence.
        var namedLater = 0
        /// Main-only kept as decided: it was called *meets*.
        var decidedMainOnly = 0
        var runs = 0
        /// Trials decided by the 3rd, 5th, 7th run.
        var decidedBy: [Int: Int] = [:]

        func share(_ count: Int) -> Double { Double(count) / Double(trials) }
    }

    static let residuals: Residuals = {
        let data = try! Data(contentsOf: Fixtures.directory.appending(path: "run-spread.json"))
        return try! JSONDecoder().decode(Residuals.self, from: data)
    }()

    /// No io, so the walk goes from main-only to offloaded: the later stage.
    static let workload = Workload(
        name: "simulated",
        durationSeconds: 3,
        interactions: [Interaction(name: "tap", ratePerSecond: 1, steps: [Step(.compute, "work", .milliseconds(50))])]
    )

    /// How a synthetic run's figures spread around their true means.
    enum Spread: Sendable {
        /// The model's spread times a residual of a real run.
        case realResiduals
        /// The same, twice as wide: a workload much noisier than the built-ins the model was fitted on.
        case twiceTheModel
        /// Hitch time as whole one-frame hitches, their number a Poisson count with the true mean (no model at all).
        case wholeHitches
        /// Real residuals, correlated from run to run of a stage (ρ = 0.5): rounds that share a slow or quiet spell of
        /// the machine, so the runs agree with each other more than with the truth.
        case autocorrelated
        /// All of main-only's hitch time from a rare interaction (0.1 a second) whose arrivals each add the truth × 10
        /// ms, give or take half a frame: most runs read 0, a run with an arrival reads far above the truth; the
        /// exposure run has 3 arrivals.
        case zeroInflated
    }

    /// The share of a run's residual that the runs of one stage share, in ``Spread/autocorrelated``.
    static let runCorrelation = 0.5

    /// The simulated workload for `spread`: a rare interaction beside the frequent one for ``Spread/zeroInflated``.
    static func workload(for spread: Spread, seconds: Double) -> Workload {
        var workload = workload
        workload.durationSeconds = seconds
        if spread == .zeroInflated {
            workload.interactions.append(
                Interaction(
                    name: "sync",
                    ratePerSecond: rareRate,
                    arrival: .poisson,
                    steps: [Step(.compute, "sync", .milliseconds(50))]
                )
            )
        }
        return workload
    }

    static let rareRate = 0.1

    /// A Poisson count with mean `mean` (Knuth's method: fine for the few hitches a run has).
    static func poisson(_ mean: Double, using generator: inout SeededGenerator) -> Int {
        let floor = exp(-mean)
        var product = Double.random(in: 0..<1, using: &generator)
        var count = 0
        while product > floor {
            count += 1
            product *= Double.random(in: 0..<1, using: &generator)
        }
        return count
    }

    /// One synthetic run at true means `hitch` (ms/s) and `inputP99` (ms), of a stage whose longest hold on main is
    /// `blockMs` (what decides whether hitch-free runs must bound the hitch time: a stage that hitches has holds near
    /// a frame); `shared` is the stage's residual common to its runs (``Spread/autocorrelated``); `rareArrivals`, for
    /// ``Spread/zeroInflated``, how many times the rare interaction arrives (nil: drawn, as a run of its rate would).
    static func run(
        _ repetition: Int,
        hitch: Double,
        inputP99: Double,
        seconds: Double,
        spread: Spread,
        blockMs: Double = 50,
        shared: Double = 0,
        rareArrivals: Int? = nil,
        using generator: inout SeededGenerator
    ) -> RepetitionResult {
        if spread == .zeroInflated {
            return rareRun(
                repetition,
                hitch: hitch,
                inputP99: inputP99,
                seconds: seconds,
                blockMs: blockMs,
                arrivals: rareArrivals ?? poisson(rareRate * seconds, using: &generator),
                using: &generator
            )
        }
        let noise = NoiseModel()
        let budget = workload.frameBudgetMs
        let scale = spread == .twiceTheModel ? 2.0 : 1.0
        let hitchSpread = noise.standardDeviation(
            of: .hitchTimeRatio,
            atMean: hitch,
            budgetMs: budget,
            seconds: seconds
        )
        let inputSpread = noise.standardDeviation(
            of: .inputLatency,
            atMean: inputP99,
            budgetMs: budget,
            seconds: seconds
        )
        var metrics = StageMetrics()
        metrics.arrivalSeconds = seconds
        let own = residuals.hitchTimeRatio.randomElement(using: &generator)!
        let residual =
            spread == .autocorrelated
            ? runCorrelation * shared + (1 - runCorrelation * runCorrelation).squareRoot() * own : own
        metrics.hitchTimeRatioMsPerS =
            spread == .wholeHitches
            ? Double(poisson(hitch * seconds / budget, using: &generator)) * budget / seconds
            : max(0, hitch + scale * hitchSpread * residual)
        metrics.inputLatencyMs = LatencySummary(
            p99: max(0, inputP99 + inputSpread * residuals.inputLatencyP99.randomElement(using: &generator)!),
            count: 10
        )
        metrics.mainThreadBusyMsPerS = ["compute": 100.0]
        return RepetitionResult(
            repetition: repetition,
            status: .ok,
            seed: 1,
            metrics: metrics,
            interactions: [InteractionSample(arrivals: Int(seconds), longestBlockMs: blockMs, hangs: 0)]
        )
    }

    /// A run of ``Spread/zeroInflated``: the frequent interaction adds nothing; each of the rare one's `arrivals` adds
    /// its share of the truth (`hitch` / rate ms), give or take half a frame.
    static func rareRun(
        _ repetition: Int,
        hitch: Double,
        inputP99: Double,
        seconds: Double,
        blockMs: Double,
        arrivals: Int,
        using generator: inout SeededGenerator
    ) -> RepetitionResult {
        let budget = workload.frameBudgetMs
        // A stage without the stall (offloaded) adds nothing per arrival, jitter included.
        let hitchMs =
            hitch > 0
            ? (0..<arrivals).reduce(0.0) { total, _ in
                total + max(0, hitch / rareRate + Double.random(in: -budget / 2...budget / 2, using: &generator))
            } : 0
        var metrics = StageMetrics()
        metrics.arrivalSeconds = seconds
        metrics.runSeconds = seconds
        metrics.hitchTimeRatioMsPerS = hitchMs / seconds
        if hitchMs > 0 { metrics.hitchTimeByCause = ["compute: sync": hitchMs / seconds] }
        metrics.inputLatencyMs = LatencySummary(p99: inputP99, count: 10)
        metrics.mainThreadBusyMsPerS = ["compute": 100.0]
        let sync = StepTiming(
            key: .init(interaction: 1, step: 0),
            runs: arrivals,
            totalMs: Double(arrivals) * blockMs,
            runsOnMain: arrivals
        )
        return RepetitionResult(
            repetition: repetition,
            status: .ok,
            seed: 1,
            metrics: metrics,
            stepTimings: arrivals > 0 ? [sync] : [],
            interactions: [
                InteractionSample(arrivals: Int(seconds), longestBlockMs: 1, hangs: 0),
                InteractionSample(arrivals: arrivals, longestBlockMs: arrivals > 0 ? blockMs : 0, hangs: 0),
            ]
        )
    }

    /// `trials` profiles of main-only at true means (`hitch`, `inputP99`) and offloaded at true hitch-time ratio
    /// `laterHitch` (0 by default: well within the budget, no hitches; input p99 1 ms), 3 runs each and more rounds
    /// while the verdict may settle, up to 7.
    static func simulate(
        hitch: Double,
        inputP99: Double,
        laterHitch: Double = 0,
        seconds: Double = 3,
        spread: Spread = .realResiduals,
        trials: Int,
        seed: UInt64
    ) -> Outcome {
        var generator = SeededGenerator(seed: seed)
        let tree = DecisionTree()
        var outcome = Outcome()
        let workload = workload(for: spread, seconds: seconds)
        for _ in 0..<trials {
            let shared = residuals.hitchTimeRatio.randomElement(using: &generator)!
            // Drawn only when offloaded has hitch time of its own, so the other scenarios draw as they did.
            let laterShared = laterHitch > 0 ? residuals.hitchTimeRatio.randomElement(using: &generator)! : 0
            // The exposure run: the rare interaction three times (main-only), the frequent one as declared.
            let exposure =
                spread == .zeroInflated
                ? [
                    run(
                        0,
                        hitch: hitch,
                        inputP99: inputP99,
                        seconds: 1.5,
                        spread: spread,
                        rareArrivals: 3,
                        using: &generator
                    )
                ]
                : []
            let offloadedExposure =
                spread == .zeroInflated
                ? [
                    run(
                        0,
                        hitch: laterHitch,
                        inputP99: 1,
                        seconds: 1.5,
                        spread: spread,
                        blockMs: laterHitch > 0 ? 50 : 1,
                        rareArrivals: 3,
                        using: &generator
                    )
                ]
                : []
            var schedule = RoundSchedule(
                stages: [.mainOnly, .offloaded],
                repetitions: 3,
                maxRepetitions: tree.thresholds.maxRuns,
                minimumRuns: tree.thresholds.minimumRuns,
                seed: 1
            )
            var mainOnly: [RepetitionResult] = []
            var offloaded: [RepetitionResult] = []
            var round = 1
            // The stages over the runs so far, built only when read: the schedule asks nothing of rounds before the
            // last planned one, and building a stage is most of a trial's time.
            func stages() -> [StageResult] {
                [
                    StageResult(stage: .mainOnly, repetitions: mainOnly, exposureRuns: exposure, workload: workload),
                    StageResult(
                        stage: .offloaded,
                        repetitions: offloaded,
                        exposureRuns: offloadedExposure,
                        workload: workload
                    ),
                ]
            }
            var results: [StageResult]?
            while round <= schedule.planned {
                mainOnly.append(
                    run(
                        round,
                        hitch: hitch,
                        inputP99: inputP99,
                        seconds: seconds,
                        spread: spread,
                        shared: shared,
                        using: &generator
                    )
                )
                offloaded.append(
                    run(
                        round,
                        hitch: laterHitch,
                        inputP99: 1,
                        seconds: seconds,
                        spread: spread,
                        blockMs: laterHitch > 0 ? 50 : 1,
                        shared: laterShared,
                        using: &generator
                    )
                )
                results = nil
                _ = schedule.extends(after: round) {
                    let built = stages()
                    results = built
                    return tree.moreRunsMaySettle(workload, results: built)
                }
                round += 1
            }
            let recommendation = tree.recommend(for: workload, results: results ?? stages())
            outcome.trials += 1
            outcome.runs += mainOnly.count
            if recommendation.stage == Stage.mainOnly.rawValue, recommendation.confidence == .decided {
                outcome.decidedMainOnly += 1
            }
            if recommendation.stage == Stage.offloaded.rawValue {
                outcome.namedLater += 1
                if recommendation.confidence == .decided {
                    outcome.decidedLater += 1
                    outcome.decidedBy[mainOnly.count, default: 0] += 1
                }
            }
        }
        return outcome
    }

    static let trials = 2000

    /// The Monte Carlo error of a share near 5% over ``trials``, three standard errors.
    static let margin = 3 * (0.05 * 0.95 / Double(trials)).squareRoot()

    /// (a) main-only truly at its limit — on hitch time, on input latency, on both — or at half of it, with runs
    /// spreading as real ones do, twice as widely, or as whole hitches counted: offloaded is adopted as decided in at
    /// most 5% of profiles (beyond the Monte Carlo error).
    @Test(
        .serialized,
        arguments: [
            (5.0, 1.0, Spread.realResiduals, "hitch-time ratio at its limit (5 ms/s)"),
            (1.0, 100.0, .realResiduals, "input latency p99 at its limit (100 ms)"),
            (5.0, 100.0, .realResiduals, "both at their limits"),
            (2.5, 1.0, .realResiduals, "hitch-time ratio at half its limit"),
            (5.0, 100.0, .twiceTheModel, "both at their limits, runs twice as noisy as the model"),
            (5.0, 1.0, .wholeHitches, "hitch-time ratio at its limit, as whole hitches (Poisson)"),
            (5.0, 1.0, .autocorrelated, "hitch-time ratio at its limit, runs correlated (ρ = 0.5)"),
            (5.0, 1.0, .zeroInflated, "hitch-time ratio at its limit, all of it a rare interaction's (zero-inflated)"),
        ]
    )
    func aStageThatTrulyMeetsTheBudgetIsPassedByAtMostFivePercentOfTheTime(
        hitch: Double,
        inputP99: Double,
        spread: Spread,
        label: String
    ) async {
        let outcome = await inTheBackground {
            Self.simulate(hitch: hitch, inputP99: inputP99, spread: spread, trials: Self.trials, seed: 21)
        }
        Self.report("a", label, outcome)
        #expect(outcome.share(outcome.decidedLater) <= 0.05 + Self.margin)
    }

    /// (d) False meets: main-only truly at or above its hitch limit — as whole hitches that leave some profiles with
    /// no hitch at all, as runs correlated with each other, as a rare interaction most runs never see, or as real
    /// spreads — is called *meets* (kept, decided) in at most 5% of profiles (beyond the Monte Carlo error).
    @Test(
        .serialized,
        arguments: [
            (5.0, Spread.wholeHitches, "at its limit, as whole hitches (Poisson): some profiles see none"),
            (5.0, .realResiduals, "at its limit, real spreads"),
            (5.0, .autocorrelated, "at its limit, runs correlated (ρ = 0.5)"),
            (5.0, .zeroInflated, "at its limit, all of it a rare interaction's (zero-inflated)"),
            (7.5, .wholeHitches, "1.5× its limit, as whole hitches (Poisson)"),
            (7.5, .zeroInflated, "1.5× its limit, a rare interaction's"),
        ]
    )
    func aStageThatTrulyMissesTheBudgetIsCalledMeetsAtMostFivePercentOfTheTime(
        hitch: Double,
        spread: Spread,
        label: String
    ) async {
        let outcome = await inTheBackground {
            Self.simulate(hitch: hitch, inputP99: 1, spread: spread, trials: Self.trials, seed: 23)
        }
        Self.report("d", label, outcome)
        #expect(outcome.share(outcome.decidedMainOnly) <= 0.05 + Self.margin)
    }

    /// (e) False meets of a later stage: main-only misses far beyond the noise (50 ms/s) and offloaded, the stage the
    /// walk tries next, is truly at its hitch limit (as whole hitches, correlated runs, or a rare interaction's: real
    /// spreads alone adopted it in none of 2000): offloaded is adopted as decided in at most 5% of profiles (beyond the
    /// Monte Carlo error).
    @Test(
        .serialized,
        arguments: [
            (Spread.wholeHitches, "offloaded at its limit, as whole hitches (Poisson)"),
            (.autocorrelated, "offloaded at its limit, runs correlated (ρ = 0.5)"),
            (.zeroInflated, "offloaded at its limit, all of it a rare interaction's (zero-inflated)"),
        ]
    )
    func aLaterStageThatTrulyMissesTheBudgetIsAdoptedAtMostFivePercentOfTheTime(spread: Spread, label: String) async {
        let outcome = await inTheBackground {
            Self.simulate(hitch: 50, inputP99: 1, laterHitch: 5, spread: spread, trials: Self.trials, seed: 24)
        }
        Self.report("e", label, outcome)
        #expect(outcome.share(outcome.decidedLater) <= 0.05 + Self.margin)
    }

    /// (b, c) main-only truly misses by 2× (and 4×) a limit: how often offloaded is found, and how many runs it takes.
    /// The figures are printed for docs/METRICS.md; the test holds the procedure to naming offloaded more often than
    /// not at 2×, and at 4× to naming it almost always and deciding it in most profiles.
    @Test(
        .serialized,
        arguments: [
            (10.0, 1.0, 3.0, Spread.realResiduals, "hitch-time ratio 2× its limit (10 ms/s), 3 s runs"),
            (10.0, 1.0, 10.0, .realResiduals, "hitch-time ratio 2× its limit (10 ms/s), 10 s runs"),
            (1.0, 200.0, 3.0, .realResiduals, "input latency p99 2× its limit (200 ms), 3 s runs"),
            (20.0, 1.0, 3.0, .realResiduals, "hitch-time ratio 4× its limit (20 ms/s), 3 s runs"),
            (10.0, 1.0, 3.0, .wholeHitches, "hitch-time ratio 2× its limit as whole hitches (Poisson), 3 s runs"),
        ]
    )
    func aStageThatTrulyMissesTheBudgetIsPassedBy(
        hitch: Double,
        inputP99: Double,
        seconds: Double,
        spread: Spread,
        label: String
    ) async {
        let outcome = await inTheBackground {
            Self.simulate(
                hitch: hitch,
                inputP99: inputP99,
                seconds: seconds,
                spread: spread,
                trials: Self.trials,
                seed: 22
            )
        }
        Self.report("b", label, outcome)
        #expect(outcome.share(outcome.namedLater) > 0.5)
        // At 4× in 3 s runs the runs themselves spread from 0 to 40 ms/s: 87% decided (92–93% before runs noisier
        // than the model were judged with Student's t, which holds the 5% for them); named in all but a few.
        if hitch >= 20 {
            #expect(outcome.share(outcome.decidedLater) > 0.85)
            #expect(outcome.share(outcome.namedLater) > 0.99)
        }
    }

    static func report(_ figure: String, _ label: String, _ outcome: Outcome) {
        func percent(_ count: Int) -> String { String(format: "%.1f%%", outcome.share(count) * 100) }
        let by = [3, 5, 7].map { runs in
            percent((3...runs).reduce(0) { $0 + outcome.decidedBy[$1, default: 0] })
        }
        print(
            "SIMULATION | (\(figure)) \(label) | \(percent(outcome.decidedLater)) | \(percent(outcome.namedLater)) | "
                + "\(percent(outcome.decidedMainOnly)) | "
                + String(format: "%.2f", Double(outcome.runs) / Double(outcome.trials))
                + " | \(by.joined(separator: " / ")) |"
        )
    }
}

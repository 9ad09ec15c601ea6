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
/// VerdictSimulationTests` prints the table (`STAGEHAND_SIMULATION_TRIALS=2000` for the one docs/METRICS.md gives).
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
        /// Runs of each stage, over the trials.
        var stageRuns: [Stage: Int] = [:]
        /// Trials that adopted the later stage as decided, by the rounds the profile took.
        var decidedBy: [Int: Int] = [:]
        /// Stages whose rare interactions' arrivals were topped up (``ArrivalTopUp``).
        var toppedUp = 0

        func share(_ count: Int) -> Double { Double(count) / Double(trials) }
    }

    static let residuals: Residuals = {
        let data = try! Data(contentsOf: Fixtures.directory.appending(path: "run-spread.json"))
        return try! JSONDecoder().decode(Residuals.self, from: data)
    }()

    /// `trials` profiles of main-only at true means (`hitch`, `inputP99`) and `later` (offloaded by default: the stage
    /// the walk tries next) at true hitch-time ratio `laterHitch` (0 by default: well within the budget, no hitches;
    /// input p99 1 ms), run as a profile runs them (``RoundSchedule``): a first run of each, then runs of the stages
    /// the verdict still needs, up to 7 each (or, with `stopsWhenDecided` off, 3 rounds of both and more while the
    /// verdict may settle). With a rare spread, a stage's third run is followed by its exposure run of 3 arrivals of
    /// each rare interaction, and the top-up ``ArrivalTopUp`` asks for.
    static func simulate(
        hitch: Double,
        inputP99: Double,
        laterHitch: Double = 0,
        later: Stage = .offloaded,
        seconds: Double = 3,
        spread: Spread = .realResiduals,
        stopsWhenDecided: Bool = true,
        trials: Int,
        seed: UInt64
    ) -> Outcome {
        var generator = SeededGenerator(seed: seed)
        let tree = DecisionTree()
        var outcome = Outcome()
        let workload = workload(for: spread, seconds: seconds, later: later)
        let kind = kind(leadingTo: later)
        let laterBlockMs = laterHitch > 0 ? 50.0 : 1
        for _ in 0..<trials {
            let shared = residuals.hitchTimeRatio.randomElement(using: &generator)!
            // Drawn only when the later stage has hitch time of its own, so the other scenarios draw as they did.
            let laterShared = laterHitch > 0 ? residuals.hitchTimeRatio.randomElement(using: &generator)! : 0
            // The exposure run: each rare interaction three times, the frequent one as declared.
            let rare = spread.rareInteractions
            func exposureRun(hitch: Double, inputP99: Double, blockMs: Double, arrivals: [Int]) -> RepetitionResult {
                run(
                    0,
                    hitch: hitch,
                    inputP99: inputP99,
                    seconds: 1.5,
                    spread: spread,
                    kind: kind,
                    blockMs: blockMs,
                    rareArrivals: arrivals,
                    using: &generator
                )
            }
            // Each stage as the profile runs it (``RoundSchedule``, stopping each stage when the verdict no longer
            // needs its runs): its runs, and its exposure run of three arrivals of each rare interaction after its
            // third run, then the top-up ``ArrivalTopUp`` asks for.
            var runs: [Stage: [RepetitionResult]] = [:]
            var exposure: [Stage: [RepetitionResult]] = [:]
            func truth(of stage: Stage) -> (hitch: Double, inputP99: Double, blockMs: Double, shared: Double) {
                stage == .mainOnly ? (hitch, inputP99, 50, shared) : (laterHitch, 1, laterBlockMs, laterShared)
            }
            var schedule = RoundSchedule(
                stages: [.mainOnly, later],
                repetitions: 3,
                maxRepetitions: tree.thresholds.maxRuns,
                minimumRuns: tree.thresholds.minimumRuns,
                stopsWhenDecided: stopsWhenDecided,
                seed: 1
            )
            // The stages over the runs so far, each built only when read (building a stage is most of a trial's
            // time), and kept until a run of its own changes it.
            var built: [Stage: StageResult] = [:]
            func stages() -> [StageResult] {
                [Stage.mainOnly, later].map { stage in
                    if let result = built[stage] { return result }
                    let result = StageResult(
                        stage: stage,
                        repetitions: runs[stage] ?? [],
                        exposureRuns: exposure[stage] ?? [],
                        workload: workload
                    )
                    built[stage] = result
                    return result
                }
            }
            while true {
                let round = schedule.nextRound {
                    tree.stagesNeedingRuns(workload, results: stages(), unmeasured: $0)
                }
                guard !round.isEmpty else { break }
                // A stage the verdict did not read has one short run, for the table.
                let runSeconds = schedule.isTableRound ? min(seconds, Workload.tableRunSeconds) : seconds
                for stage in round {
                    let repetition = schedule.ran(stage)
                    let truth = truth(of: stage)
                    runs[stage, default: []].append(
                        run(
                            repetition,
                            hitch: truth.hitch,
                            inputP99: truth.inputP99,
                            seconds: runSeconds,
                            spread: spread,
                            kind: kind,
                            blockMs: truth.blockMs,
                            shared: truth.shared,
                            using: &generator
                        )
                    )
                }
                for stage in round { built[stage] = nil }
                for stage in schedule.exposureDue(in: round) where rare > 0 {
                    let truth = truth(of: stage)
                    let three = Array(repeating: InteractionExposure.minimumArrivals, count: rare)
                    exposure[stage] = [
                        exposureRun(
                            hitch: truth.hitch,
                            inputP99: truth.inputP99,
                            blockMs: truth.blockMs,
                            arrivals: three
                        )
                    ]
                    // The top-up, as the profile runs it after the exposure run.
                    let sofar = StageResult(
                        stage: stage,
                        repetitions: runs[stage] ?? [],
                        exposureRuns: exposure[stage] ?? [],
                        workload: workload
                    )
                    if let plan = ArrivalTopUp(sofar, workload: workload, tree: tree) {
                        let arrivals = (1...rare).map { plan.exposing.contains($0) ? plan.rounds : 0 }
                        exposure[stage, default: []].append(
                            exposureRun(
                                hitch: truth.hitch,
                                inputP99: truth.inputP99,
                                blockMs: truth.blockMs,
                                arrivals: arrivals
                            )
                        )
                        outcome.toppedUp += 1
                    }
                }
            }
            let results = stages()
            outcome.stageRuns[.mainOnly, default: 0] += runs[.mainOnly]?.count ?? 0
            outcome.stageRuns[.offloaded, default: 0] += runs[later]?.count ?? 0  // the later stage, whichever it is
            let recommendation = tree.recommend(for: workload, results: results)
            outcome.trials += 1
            if recommendation.stage == Stage.mainOnly.rawValue, recommendation.confidence == .decided {
                outcome.decidedMainOnly += 1
            }
            if recommendation.stage == later.rawValue {
                outcome.namedLater += 1
                if recommendation.confidence == .decided {
                    outcome.decidedLater += 1
                    outcome.decidedBy[schedule.round, default: 0] += 1
                }
            }
        }
        return outcome
    }

    /// Profiles per scenario: 600 in `swift test` (three standard errors of a 5% share are 2.7%), which ends the
    /// simulation well within the command-line tests' time (1000, 2.1%, ended the whole run at 87.8 s and 88.7 s here,
    /// 600 at 79.1 s and 80.1 s); `STAGEHAND_SIMULATION_TRIALS=2000` for the table docs/METRICS.md gives, its Monte
    /// Carlo error 1.5%.
    static let trials = requestedTrials ?? 600

    /// The trials asked for by `STAGEHAND_SIMULATION_TRIALS`, when they were.
    static let requestedTrials = ProcessInfo.processInfo.environment["STAGEHAND_SIMULATION_TRIALS"].flatMap { Int($0) }

    /// Profiles per scenario of power (b), which no error rate rests on: 200 in `swift test`, as many as asked for
    /// otherwise (the figures docs/METRICS.md gives). The test holds the procedure only to naming the right stage more
    /// often than not, and at 4× to deciding it in most profiles: the least of those shares is 88.8% in 2000 trials,
    /// over ten standard errors of 200 (3.5%) above a half.
    static let powerTrials = requestedTrials ?? 200

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

    /// (e) False meets of a later stage: main-only misses far beyond the noise (50 ms/s) and the stage the walk tries
    /// next (offloaded, async or actor-extracted, as the step kind on main leads it), is truly at its hitch limit (as
    /// whole hitches, correlated runs, or a rare interaction's: real spreads alone adopted it in none of 2000): it is
    /// adopted as decided in at most 5% of profiles (beyond the Monte Carlo error).
    @Test(
        .serialized,
        arguments: [
            (Spread.wholeHitches, Stage.offloaded, "`offloaded` at its limit, as whole hitches (Poisson)"),
            (.autocorrelated, .offloaded, "`offloaded` at its limit, runs correlated (ρ = 0.5)"),
            (.zeroInflated, .offloaded, "`offloaded` at its limit, all of it a rare interaction's (zero-inflated)"),
            (.wholeHitches, .async, "`async` at its limit, as whole hitches (Poisson)"),
            (.wholeHitches, .actorExtracted, "`actor-extracted` at its limit, as whole hitches (Poisson)"),
        ]
    )
    func aLaterStageThatTrulyMissesTheBudgetIsAdoptedAtMostFivePercentOfTheTime(
        spread: Spread,
        later: Stage,
        label: String
    ) async {
        let outcome = await inTheBackground {
            Self.simulate(
                hitch: 50,
                inputP99: 1,
                laterHitch: 5,
                later: later,
                spread: spread,
                trials: Self.trials,
                seed: later == .offloaded ? 24 : later == .async ? 26 : 27  // each later stage its own draws
            )
        }
        Self.report("e", label, outcome)
        #expect(outcome.share(outcome.namedLater) > 0.3)  // the walk reached it
        #expect(outcome.share(outcome.decidedLater) <= 0.05 + Self.margin)
    }

    /// (f) Rare interactions where the engine can go wrong: main-only truly at its hitch limit, all of it from rare
    /// arrivals that are one sample when their exposure lands at one phase of the frame grid, that are slow one time
    /// in four (the profile tops up their arrivals), or that are three rare interactions at once. At the limit both
    /// errors are possible: offloaded adopted as decided (false adoption) and main-only kept as decided (false meets)
    /// each in at most 5% of profiles (beyond the Monte Carlo error).
    @Test(
        .serialized,
        arguments: [
            (Spread.phaseLocked, "at its limit, a rare interaction's, its exposure at one phase of the frames"),
            (.tail, "at its limit, a rare interaction's, slow one arrival in four"),
            (.pileUp, "at its limit, three rare interactions' (a third each)"),
        ]
    )
    func rareArrivalsAtTheLimitAreNeitherPassedByNorCalledMeets(spread: Spread, label: String) async {
        let outcome = await inTheBackground {
            Self.simulate(hitch: 5, inputP99: 1, spread: spread, trials: Self.trials, seed: 25)
        }
        Self.report("f", label, outcome)
        #expect(outcome.share(outcome.decidedLater) <= 0.05 + Self.margin)
        #expect(outcome.share(outcome.decidedMainOnly) <= 0.05 + Self.margin)
        if spread == .tail { #expect(outcome.share(outcome.toppedUp) > 0.5) }  // main-only meets often enough
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
                trials: Self.powerTrials,
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
        func runs(_ stage: Stage) -> String {
            String(format: "%.2f", Double(outcome.stageRuns[stage, default: 0]) / Double(outcome.trials))
        }
        // Round 1 is main-only's first run and round 2 the later stage's (the walk reaches it then): round r + 1
        // here is round r of a first round of both.
        let by = [2, 4, 6, 8].map { rounds in
            percent((1...rounds).reduce(0) { $0 + outcome.decidedBy[$1, default: 0] })
        }
        print(
            "SIMULATION | (\(figure)) \(label) | \(percent(outcome.decidedLater)) | \(percent(outcome.namedLater)) | "
                + "\(percent(outcome.decidedMainOnly)) | \(percent(outcome.toppedUp)) | "
                + "\(runs(.mainOnly)) / \(runs(.offloaded)) | \(by.joined(separator: " / ")) |"
        )
    }

}

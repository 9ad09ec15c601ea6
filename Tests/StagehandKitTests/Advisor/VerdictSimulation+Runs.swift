import Foundation

@testable import StagehandKit

/// The simulation's synthetic runs: the workload each spread profiles, and one run's figures drawn around its truth.
extension VerdictSimulationTests {
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
        /// As ``zeroInflated``, but the exposure run's arrivals all land at one phase of the frame grid: one draw of
        /// the half-frame jitter for all of them, so they are one sample, not three.
        case phaseLocked
        /// As ``zeroInflated``, but each arrival is slow one time in four: a fifth of its share three times in four
        /// (holding main 12 ms, near a hitch with the frame's work), 3.4 times it once in four; the profile tops up
        /// its arrivals as ``ArrivalTopUp`` says.
        case tail
        /// Three rare interactions, each a third of the truth, as ``zeroInflated`` draws each: their arrivals come
        /// in the same runs and exposure runs, and their estimates' errors add.
        case pileUp

        /// How many rare interactions carry the stage's hitch time (0: the frequent interaction carries it).
        var rareInteractions: Int {
            switch self {
            case .zeroInflated, .phaseLocked, .tail: 1
            case .pileUp: 3
            case .realResiduals, .twiceTheModel, .wholeHitches, .autocorrelated: 0
            }
        }
    }

    /// The share of a run's residual that the runs of one stage share, in ``Spread/autocorrelated``.
    static let runCorrelation = 0.5

    static let rareRate = 0.1

    /// The frame budget at 60 Hz, in milliseconds.
    static let budgetMs = 1000.0 / 60

    /// The step kind whose time on main leads the walk from main-only to `later`: `io` to async, `compute` to
    /// offloaded, `state` to actor-extracted.
    static func kind(leadingTo later: Stage) -> StepKind {
        switch later {
        case .async: .io
        case .actorExtracted: .state
        case .mainOnly, .offloaded: .compute
        }
    }

    /// The simulated workload for `spread`, whose frequent interaction leads the walk to `later`: one step of the
    /// kind that does (``kind(leadingTo:)``), and the rare interactions beside it.
    static func workload(for spread: Spread, seconds: Double, later: Stage = .offloaded) -> Workload {
        let kind = kind(leadingTo: later)
        var workload = Workload(
            name: "simulated",
            durationSeconds: seconds,
            subsystems: kind == .state ? ["work"] : [],
            interactions: [Interaction(name: "tap", ratePerSecond: 1, steps: [Step(kind, "work", .milliseconds(50))])]
        )
        for index in 0..<spread.rareInteractions {
            let name = index == 0 ? "sync" : "sync\(index + 1)"
            workload.interactions.append(
                Interaction(
                    name: name,
                    ratePerSecond: rareRate,
                    arrival: .poisson,
                    steps: [Step(.compute, name, .milliseconds(50))]
                )
            )
        }
        return workload
    }

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
    /// a frame), whose frequent interaction spends its time on main in steps of `kind`; `shared` is the stage's
    /// residual common to its runs (``Spread/autocorrelated``); `rareArrivals`, for the rare spreads, how many times
    /// each rare interaction arrives (nil: drawn, as a run of its rate would).
    static func run(
        _ repetition: Int,
        hitch: Double,
        inputP99: Double,
        seconds: Double,
        spread: Spread,
        kind: StepKind = .compute,
        blockMs: Double = 50,
        shared: Double = 0,
        rareArrivals: [Int]? = nil,
        using generator: inout SeededGenerator
    ) -> RepetitionResult {
        if spread.rareInteractions > 0 {
            let arrivals =
                rareArrivals
                ?? (0..<spread.rareInteractions).map { _ in poisson(rareRate * seconds, using: &generator) }
            return rareRun(
                repetition,
                hitch: hitch,
                inputP99: inputP99,
                seconds: seconds,
                spread: spread,
                kind: kind,
                blockMs: blockMs,
                arrivals: arrivals,
                exposure: rareArrivals != nil,
                using: &generator
            )
        }
        let noise = NoiseModel()
        let budget = budgetMs
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
        metrics.mainThreadBusyMsPerS = [kind.rawValue: 100.0]
        return RepetitionResult(
            repetition: repetition,
            status: .ok,
            seed: 1,
            metrics: metrics,
            interactions: [InteractionSample(arrivals: Int(seconds), longestBlockMs: blockMs, hangs: 0)]
        )
    }

    /// A run of a rare spread: the frequent interaction adds nothing; each of the rare ones' `arrivals` adds its share
    /// of the truth (`hitch` / rate / their number, ms), give or take half a frame (drawn per arrival; once for the
    /// whole run in a ``Spread/phaseLocked`` `exposure` run), or, in ``Spread/tail``, a fifth of it or 3.4 times it.
    static func rareRun(
        _ repetition: Int,
        hitch: Double,
        inputP99: Double,
        seconds: Double,
        spread: Spread,
        kind: StepKind,
        blockMs: Double,
        arrivals: [Int],
        exposure: Bool,
        using generator: inout SeededGenerator
    ) -> RepetitionResult {
        let budget = budgetMs
        let share = hitch / rareRate / Double(arrivals.count)
        let lockedPhase = Double.random(in: -budget / 2...budget / 2, using: &generator)
        var metrics = StageMetrics()
        metrics.arrivalSeconds = seconds
        metrics.runSeconds = seconds
        metrics.inputLatencyMs = LatencySummary(p99: inputP99, count: 10)
        metrics.mainThreadBusyMsPerS = [kind.rawValue: 100.0]
        var stepTimings: [StepTiming] = []
        var samples = [InteractionSample(arrivals: Int(seconds), longestBlockMs: 1, hangs: 0)]
        var totalMs = 0.0
        for (index, count) in arrivals.enumerated() {
            var hitchMs = 0.0
            var holds: [Double] = []
            for _ in 0..<count {
                // A stage without the stall (offloaded) adds nothing per arrival, jitter included.
                guard share > 0 else {
                    holds.append(blockMs)
                    continue
                }
                let jitter =
                    spread == .phaseLocked && exposure
                    ? lockedPhase : Double.random(in: -budget / 2...budget / 2, using: &generator)
                var mean = share
                var hold = blockMs
                if spread == .tail {
                    let slow = Double.random(in: 0..<1, using: &generator) < 0.25
                    mean = slow ? 3.4 * share : 0.2 * share
                    hold = slow ? max(blockMs, mean) : 12
                }
                hitchMs += max(0, mean + jitter)
                holds.append(hold)
            }
            let label = index == 0 ? "sync" : "sync\(index + 1)"
            if hitchMs > 0 { metrics.hitchTimeByCause["compute: \(label)"] = hitchMs / seconds }
            totalMs += hitchMs
            if count > 0 {
                stepTimings.append(
                    StepTiming(
                        key: .init(interaction: 1 + index, step: 0),
                        runs: count,
                        totalMs: holds.reduce(0, +),
                        runsOnMain: count
                    )
                )
            }
            samples.append(
                InteractionSample(arrivals: count, longestBlockMs: holds.max() ?? 0, hangs: 0, holdsMs: holds)
            )
        }
        metrics.hitchTimeRatioMsPerS = totalMs / seconds
        return RepetitionResult(
            repetition: repetition,
            status: .ok,
            seed: 1,
            metrics: metrics,
            stepTimings: stepTimings,
            interactions: samples
        )
    }
}

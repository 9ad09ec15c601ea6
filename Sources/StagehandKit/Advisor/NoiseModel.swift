import Foundation

/// How much a budget metric varies from run to run of the same stage, as a function of its mean: the spread the
/// verdict allows for before it calls a stage's runs above or below a limit.
///
/// Fitted on real profiles (release builds) of the built-ins, 6 runs of each stage, and of three workloads made to
/// sit near the hitch budget (`Benchmarks/near-budget-{a,b,c}.yaml`), 10 runs each (`scripts/noise-floor.py`, by likelihood over every stage's sample variance; the
/// figures are in docs/METRICS.md). The run-to-run standard deviation at mean μ is
///
/// - hitch-time ratio: √(g · P · μ / D + (c · μ)²). A hitch adds whole refresh intervals P to a run of D seconds, so
///   near the budget the ratio counts a few hitches, whose number varies as a Poisson count does (one stray hitch
///   in a 3 s run at 60 Hz is 5.6 ms/s); far above it, it is a share of the run that drifts with the machine;
/// - input latency p99: c · μ, a share of itself: a short run's p99 rests on a few arrivals (fitted where p99 ≥ 10 ms;
///   below that it is the scheduler's jitter, and the runs' own spread counts).
///
/// ``BudgetInterval`` takes the larger of this and the runs' own standard deviation, and judges runs that spread
/// more than this allows on their own spread with Student's t.
struct NoiseModel: Sendable, Equatable {
    /// g: how many refresh intervals a hitch near the budget adds, on average, weighted as a Poisson count's variance.
    var hitchCountFactor = 0.59
    /// c of the hitch-time ratio: its drift as a share of itself.
    var hitchRelative = 0.215
    /// c of input latency p99.
    var inputLatencyRelative = 0.356

    /// The metrics it models: the budget metrics measured on a scale (hangs are events, judged apart).
    static let metrics: [Metric.ID] = [.hitchTimeRatio, .inputLatency]

    /// The run-to-run standard deviation of `metric` around `mean`, in runs of `seconds` at a frame budget of
    /// `budgetMs`.
    func standardDeviation(of metric: Metric.ID, atMean mean: Double, budgetMs: Double, seconds: Double) -> Double {
        let mean = max(mean, 0)
        switch metric {
        case .hitchTimeRatio:
            let counting = hitchCountFactor * budgetMs * mean / max(seconds, 0.1)
            return (counting + pow(hitchRelative * mean, 2)).squareRoot()
        case .inputLatency:
            return inputLatencyRelative * mean
        default:
            preconditionFailure("\(metric) is not modelled")
        }
    }
}

import Foundation
import Synchronization

/// Where a stage's runs put one budget metric against its limit, allowing for the run-to-run noise: above it, below
/// it, or within the noise of it.
///
/// Over n runs with mean x̄ and standard deviation s, the runs are *above* the limit T when x̄ − h > T and *below* it
/// when x̄ + h < T. For runs that spread as the ``NoiseModel`` allows, h = z·max(σ, s)/√n: z the one-sided normal
/// quantile of the level the verdict's error control gives each test (``Thresholds/perTestLevel``), σ the model's
/// standard deviation per run. Runs that spread more than the model allows — (n − 1)·s²/σ² above the χ² quantile of
/// ``modelCheckLevel`` with n − 1 degrees of freedom, σ the model's at the mean or the limit, whichever is larger —
/// are judged on their own spread alone, h = t·s/√n with Student's t at the same level: the model does not fit this
/// workload, and a z on the s of so few runs would understate their noise. The simulation
/// (`VerdictSimulationTests`) checks the level on runs twice as noisy as the model as well as on real ones.
///
/// Both sides take σ as the model's at the limit. *Above* is the claim that moves the walk past a stage: under any true
/// figure at or below the limit the spread is at most that (it grows with the mean), and runs land above the limit
/// beyond the noise with a chance of at most the level. *Below* is the claim that the advised stage meets the budget
/// (false meets): under any true figure at or above the limit, runs land below it beyond the noise with a chance of at
/// most the level too. Runs that all read 0 have no spread to test; the hitch-free rule bounds them
/// (``DecisionTree/hitchFreeBound(of:workload:runs:)``).
struct BudgetInterval: Sendable, Equatable {
    enum Side: Sendable, Equatable {
        case below, within, above
    }

    var metric: Metric.ID
    /// The runs' values, in run order.
    var values: [Double]
    var mean: Double
    var limit: Double
    /// The runs' own standard deviation (0 for one run).
    var sampleSpread: Double
    /// The model's standard deviation per run at the limit and at the mean.
    var modelSpreadAtLimit: Double
    var modelSpreadAtMean: Double
    /// The one-sided level each side is tested at.
    var level: Double
    /// Whether the runs spread more than the model allows, so they are judged on their own spread alone.
    var noisierThanModel: Bool
    /// A part of the mean that is the same in every run, and its standard error: the rare interactions' share, each at
    /// its declared rate (``InteractionExposure``). The model's spread is the run-to-run noise of the rest.
    var estimated: Double
    var estimatedStandardError: Double
    /// The normal quantile of ``level``, and Student's for these runs when they are noisier than the model.
    private var z: Double
    private var t: Double

    /// The level at which runs count as spreading more than the model allows.
    static let modelCheckLevel = 0.01

    /// The interval of `values` (at least one) against `limit` at one-sided level `level`, with `spread` the
    /// model's standard deviation at a mean.
    ///
    /// With `estimated` (a part of every run's value that is the same in each, with standard error
    /// `estimatedStandardError`), the model's spread is taken at the rest of the mean (and of the limit), and the
    /// estimate's error is added to each side's half-width.
    /// With `figure`, the interval is centred there instead of on the runs' mean: the stage's own figure for the
    /// metric (a p99 of the runs' histograms merged), so that the judgment, the table and the summary read one number.
    init(
        metric: Metric.ID,
        values: [Double],
        figure: Double? = nil,
        limit: Double,
        level: Double,
        estimated: Double = 0,
        estimatedStandardError: Double = 0,
        spread: (Double) -> Double
    ) {
        precondition(!values.isEmpty, "an interval needs a run")
        let n = values.count
        let average = values.reduce(0, +) / Double(n)
        let sampleVariance = n > 1 ? values.reduce(0) { $0 + pow($1 - average, 2) } / Double(n - 1) : 0
        let mean = figure ?? average
        self.metric = metric
        self.values = values
        self.mean = mean
        self.limit = limit
        self.estimated = estimated
        self.estimatedStandardError = estimatedStandardError
        self.sampleSpread = sampleVariance.squareRoot()
        self.modelSpreadAtLimit = spread(max(limit - estimated, 0))
        self.modelSpreadAtMean = spread(max(mean - estimated, 0))
        self.level = level
        let model = max(modelSpreadAtMean, modelSpreadAtLimit)
        self.noisierThanModel =
            n > 1 && sampleVariance > 0
            && (model == 0
                || Double(n - 1) * sampleVariance / (model * model)
                    > Self.chiSquareQuantile(1 - Self.modelCheckLevel, degreesOfFreedom: n - 1))
        self.z = Self.normalQuantile(1 - level)
        self.t = noisierThanModel ? Self.studentQuantile(1 - level, degreesOfFreedom: n - 1) : 0
    }

    /// h of either side's test with `runs` runs (the runs so far by default), at the spreads measured so far: the
    /// model's at the limit or the runs' own, whichever is larger (Student's t on the runs' own when they are noisier
    /// than the model), with the estimated part's error added.
    func halfWidth(runs: Int? = nil) -> Double {
        let n = max(runs ?? values.count, 1)
        let fixed = z * estimatedStandardError
        let spread: Double
        if noisierThanModel {
            let t = n == values.count ? self.t : Self.studentQuantile(1 - level, degreesOfFreedom: n - 1)
            spread = t * sampleSpread / Double(n).squareRoot()
        } else {
            spread = z * max(modelSpreadAtLimit, sampleSpread) / Double(n).squareRoot()
        }
        return (spread * spread + fixed * fixed).squareRoot()
    }

    /// Runs that all read exactly 0 (nothing estimated) have no spread to test, so they count as below here: whether
    /// they bound the metric below its limit is the hitch-free rule's (``DecisionTree/hitchFreeBound(of:workload:runs:)``).
    var side: Side {
        if estimated == 0, values.allSatisfy({ $0 == 0 }) { return limit > 0 ? .below : .within }
        let h = halfWidth()
        return mean + h < limit ? .below : mean - h > limit ? .above : .within
    }

    /// Whether `runs` runs, spreading as the runs so far do (and as the model says), could put this mean beyond the
    /// noise of the limit on its side. A mean at the limit never settles; one a little inside it does with enough
    /// runs.
    func couldSettle(with runs: Int) -> Bool {
        halfWidth(runs: runs) < abs(mean - limit)
    }

    /// The z with P(Z ≤ z) = `p`, for a standard normal Z: by bisection on the complementary error function.
    static func normalQuantile(_ p: Double) -> Double {
        remembered(.normal, p) { bisect(p) { 0.5 * erfc(-$0 / 2.0.squareRoot()) } }
    }

    /// The t with P(T ≤ t) = `p` (p ≥ 0.5), for Student's T with `degreesOfFreedom` ν: by bisection on its
    /// distribution function, P(T ≤ t) = 1 − I_{ν/(ν+t²)}(ν/2, 1/2) / 2.
    static func studentQuantile(_ p: Double, degreesOfFreedom: Int) -> Double {
        let nu = Double(degreesOfFreedom)
        return remembered(.student(degreesOfFreedom), p) {
            bisect(p, upTo: 1e4) { t in
                t <= 0 ? 0.5 : 1 - 0.5 * regularizedIncompleteBeta(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
            }
        }
    }

    /// The x with P(X ≤ x) = `p`, for a χ² variable X with `degreesOfFreedom` k: by bisection on the regularized
    /// lower incomplete gamma function P(k/2, x/2), summed as its series.
    static func chiSquareQuantile(_ p: Double, degreesOfFreedom: Int) -> Double {
        let a = Double(degreesOfFreedom) / 2
        return remembered(.chiSquare(degreesOfFreedom), p) {
            bisect(p, upTo: 1e4) { x in
                guard x > 0 else { return 0 }
                let half = x / 2
                guard half < a + 40 * (a.squareRoot() + 1) else { return 1 }  // 40 deviations past the mean
                var term = 1 / a
                var sum = term
                for n in 1...1000 {
                    term *= half / (a + Double(n))
                    sum += term
                    if term < sum * 1e-15 { break }
                }
                return exp(a * log(half) - half - lgamma(a)) * sum
            }
        }
    }

    /// A distribution whose quantiles ``remembered(_:_:compute:)`` keeps.
    private enum Distribution: Hashable {
        case normal
        case student(Int)
        case chiSquare(Int)
    }

    /// The quantiles computed so far. A verdict asks for the same few again and again (each stage, budget metric and
    /// round: one level, and as many degrees of freedom as runs), and each is a bisection of a hundred steps, each of
    /// which sums a series: the simulation of the verdict (`VerdictSimulationTests`) spent a seventh of its time here.
    private static let quantiles = Mutex<[Distribution: [Double: Double]]>([:])

    /// The quantile at `p` of `distribution`: computed once, then remembered.
    private static func remembered(_ distribution: Distribution, _ p: Double, compute: () -> Double) -> Double {
        if let known = quantiles.withLock({ $0[distribution]?[p] }) { return known }
        let quantile = compute()
        quantiles.withLock { $0[distribution, default: [:]][p] = quantile }
        return quantile
    }

    /// The `x` in [−`upTo`, `upTo`] where the increasing `distribution` reaches `p`.
    private static func bisect(_ p: Double, upTo bound: Double = 10, _ distribution: (Double) -> Double) -> Double {
        var low = -bound
        var high = bound
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if distribution(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// I_x(a, b), by its continued fraction (Lentz's method), from the side where it converges fast.
    static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        if x > (a + 1) / (a + b + 2) {
            return 1 - regularizedIncompleteBeta(x: 1 - x, a: b, b: a)
        }
        let logFront: Double = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x)
        let front = exp(logFront)
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var fraction = d
        for m in 1...300 {
            let m = Double(m)
            let even: Double = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            let odd: Double = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            for numerator in [even, odd] {
                d = 1 + numerator * d
                d = 1 / (abs(d) < tiny ? tiny : d)
                c = 1 + numerator / c
                c = abs(c) < tiny ? tiny : c
                fraction *= c * d
            }
            if abs(c * d - 1) < 1e-15 { break }
        }
        return front * fraction / a
    }
}

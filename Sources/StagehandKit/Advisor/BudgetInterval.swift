import Foundation

/// Where a stage's runs put one budget metric against its limit, allowing for the run-to-run noise: above it, below
/// it, or within the noise of it.
///
/// Over n runs with mean x̄, the spread s is the larger of the runs' own standard deviation and the
/// ``NoiseModel``'s; the runs are *above* the limit T when x̄ − z·s/√n > T and *below* it when x̄ + z·s/√n < T, with z
/// the one-sided normal quantile of the level the verdict's error control gives each test
/// (``Thresholds/perTestLevel``). *Above* is the claim that moves the walk past a stage, so its spread is taken at
/// the mean, which for a mean above the limit is at least the spread at the limit: under a true figure at the
/// limit, runs land above it beyond the noise with a chance of at most the level.
struct BudgetInterval: Sendable, Equatable {
    enum Side: Sendable, Equatable {
        case below, within, above
    }

    var metric: Metric.ID
    /// The runs' values, in run order.
    var values: [Double]
    var mean: Double
    /// z·s/√n.
    var halfWidth: Double
    var limit: Double
    /// The z of the level tested at.
    var z: Double
    /// The model's standard deviation per run at the mean: what more runs are expected to spread by.
    var modelSpread: Double

    var side: Side {
        mean + halfWidth < limit ? .below : mean - halfWidth > limit ? .above : .within
    }

    /// The interval of `values` (at least one) against `limit` at one-sided level `level`, with `spread` the
    /// model's standard deviation at a mean.
    init(metric: Metric.ID, values: [Double], limit: Double, level: Double, spread: (Double) -> Double) {
        precondition(!values.isEmpty, "an interval needs a run")
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let sampleVariance = values.count > 1 ? values.reduce(0) { $0 + pow($1 - mean, 2) } / (n - 1) : 0
        let modelSpread = spread(mean)
        let z = Self.normalQuantile(1 - level)
        self.metric = metric
        self.values = values
        self.mean = mean
        self.halfWidth = z * max(sampleVariance.squareRoot(), modelSpread) / n.squareRoot()
        self.limit = limit
        self.z = z
        self.modelSpread = modelSpread
    }

    /// Whether `runs` runs could put this mean beyond the noise of the limit: the half-width they would give, at the
    /// model's spread per run (the runs so far are too few to say more of it), is smaller than the mean's distance
    /// from the limit. A mean at the limit never settles; one a little inside it does with enough runs.
    func couldSettle(with runs: Int) -> Bool {
        z * modelSpread / Double(max(runs, 1)).squareRoot() < abs(mean - limit)
    }

    /// The z with P(Z ≤ z) = `p`, for a standard normal Z: by bisection on the complementary error function, to
    /// well below the precision the verdict needs.
    static func normalQuantile(_ p: Double) -> Double {
        var low = -10.0
        var high = 10.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if 0.5 * erfc(-middle / 2.0.squareRoot()) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

/// The work loop's speed, fitted to timed runs of several lengths as `ms = fixedMs + iterations / iterationsPerMs`.
///
/// The fit is Theil–Sen: the slope is the median of the slopes between every pair of runs of different lengths, the
/// fixed cost the median of what each run took beyond that slope. A median, not the fastest run: on a shared
/// machine the speed itself drifts by a few per cent, and the fastest of several short runs is the luckiest moment,
/// which made every later `ms: N` run 1–2% long. Several lengths, not one: the slope is a rate per iteration that a
/// fixed cost per call (clock reads, the call itself) cannot bias, however short the runs.
package struct CalibrationFit: Sendable, Equatable {
    /// One timed run of the work loop.
    package struct Sample: Sendable, Equatable {
        package var iterations: Int
        /// How long the run took, in milliseconds.
        package var ms: Double

        init(iterations: Int, ms: Double) {
            self.iterations = iterations
            self.ms = ms
        }
    }

    /// Loop iterations per millisecond: the inverse of the fitted slope.
    package var iterationsPerMs: Double
    /// The fitted cost of a run of no iterations, in milliseconds (may come out slightly negative: it is an
    /// extrapolation, within the noise of zero on the machines measured so far).
    package var fixedMs: Double

    package init(iterationsPerMs: Double, fixedMs: Double) {
        self.iterationsPerMs = iterationsPerMs
        self.fixedMs = fixedMs
    }

    /// Fits a line to `samples`; `nil` unless at least two of them differ in length and the fitted slope is
    /// positive.
    package init?(samples: [Sample]) {
        var slopes: [Double] = []
        for (index, first) in samples.enumerated() {
            for second in samples[(index + 1)...] where second.iterations != first.iterations {
                slopes.append((second.ms - first.ms) / Double(second.iterations - first.iterations))
            }
        }
        guard !slopes.isEmpty else { return nil }
        let msPerIteration = median(slopes)
        guard msPerIteration > 0, msPerIteration.isFinite else { return nil }
        iterationsPerMs = 1 / msPerIteration
        fixedMs = median(samples.map { $0.ms - Double($0.iterations) * msPerIteration })
    }
}

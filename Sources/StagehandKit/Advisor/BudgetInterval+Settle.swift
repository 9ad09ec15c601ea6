import Foundation

extension BudgetInterval {
    /// What would put this interval beyond the noise of its limit, by the noise model of `thresholds`: hitch-time
    /// ratio runs long enough to count enough hitches (its counting term shrinks with the run's length), or enough
    /// runs (input latency's spread does not shrink with length); or that it sits too close to its limit for either.
    func howToSettle(thresholds: Thresholds, workload: Workload) -> String {
        let z = BudgetInterval.normalQuantile(1 - level)
        let distance = abs(mean - limit)
        let n = Double(values.count)
        let atLimit = "it sits too close to its limit for longer or more runs to settle it"
        guard !noisierThanModel else {
            return "Its runs spread more than the model of this machine's noise allows: more runs "
                + "(`--max-repetitions`) narrow it."
        }
        let noise = thresholds.noise
        let centre = mean > limit ? limit : mean  // μ below: the mean, at most the limit
        switch metric {
        case .hitchTimeRatio:
            // z²·(g·P·μ/D + (c·μ)²)/n < d²  ⇔  D > g·P·μ / (n·d²/z² − (c·μ)²)
            let room = n * distance * distance / (z * z) - pow(noise.hitchRelative * centre, 2)
            guard room > 0, distance > 0 else { return atLimit + "." }
            let seconds = (noise.hitchCountFactor * workload.frameBudgetMs * centre / room).rounded(.up)
            if seconds > workload.durationSeconds {
                return "Longer runs count more hitches and settle it: `--duration \(seconds.reportFormatted)`."
            }
            // Runs this long would settle it by the model: it is the runs' own spread, larger than the model's,
            // that keeps it within the noise, and only more of them narrow that. z·s/√N < d  ⇔  N > (z·s/d)²
            let runs = Int(pow(z * sampleSpread / distance, 2).rounded(.up)) + 1
            return runs <= 100
                ? "Its runs spread more than this machine's noise model expects: more runs settle it: "
                    + "`--max-repetitions \(max(runs, values.count + 1))`."
                : atLimit + "."
        default:
            // z·c·μ/√N < d  ⇔  N > (z·c·μ/d)²
            guard distance > 0 else { return atLimit + "." }
            let runs = Int(pow(z * noise.inputLatencyRelative * centre / distance, 2).rounded(.up)) + 1
            return runs <= 100
                ? "More runs settle it: `--max-repetitions \(max(runs, values.count + 1))`."
                : atLimit + "."
        }
    }
}

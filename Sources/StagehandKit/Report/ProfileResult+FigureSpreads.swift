import Foundation

extension ProfileResult {
    /// How far each figure of a stage measured on fewer runs than a decision reads (``Thresholds/minimumRuns``) may be
    /// from the stage's true value, by metric, for those the noise model covers (``NoiseModel/metrics``), as both
    /// tables show it after the figure:
    /// - "±σ": one standard deviation of the runs' mean, as the model has it at that figure, in runs as long as the
    ///   stage's (a table run's second, ``Workload/tableRunSeconds``, or the profile's duration);
    /// - "≤b" for hitch-free runs whose arrivals came near a hitch: the bound their seconds put on the hitch-time
    ///   ratio (``DecisionTree/hitchFreeBound(of:workload:runs:)``); nothing for hitch-free runs whose arrivals held
    ///   main far from one (the verdict reads their zero as it is).
    ///
    /// A stage the verdict did not need stops after one run, and one it did not read has a short one: its figure is
    /// one run's, and reads with this spread.
    var figureSpreads: [Stage: [Metric.ID: String]] {
        let tree = DecisionTree()
        let thresholds = tree.thresholds
        var spreads: [Stage: [Metric.ID: String]] = [:]
        for stage in stages where stage.status == .ok && stage.repetitions.count < thresholds.minimumRuns {
            guard let metrics = stage.metrics else { continue }
            let runs = Double(max(stage.repetitions.count, 1))
            let judged = stage.judgedRuns
            let seconds = judged.isEmpty ? 0 : judged.map(\.arrivalSeconds).reduce(0, +) / Double(judged.count)
            for id in NoiseModel.metrics where Metric.of(id).isTaken(in: metrics) {
                let value = Metric.of(id).shown(metrics)
                if id == .hitchTimeRatio, value == 0 {
                    if let bound = tree.hitchFreeBound(of: stage, workload: spec) {
                        spreads[stage.stage, default: [:]][id] = "≤\(bound.msPerS.reportFormatted)"
                    }
                    continue
                }
                let deviation = thresholds.noise.standardDeviation(
                    of: id,
                    atMean: value,
                    budgetMs: spec.frameBudgetMs,
                    seconds: seconds > 0 ? seconds : environment.durationSeconds
                )
                guard deviation > 0 else { continue }  // a figure of 0 ms: nothing to be unsure of
                spreads[stage.stage, default: [:]][id] = "±\(Self.twoSignificantDigits(deviation / runs.squareRoot()))"
            }
        }
        return spreads
    }

    /// A spread to two significant digits (136 → "140", 0.184 → "0.18"): a spread's own third digit is noise.
    static func twoSignificantDigits(_ value: Double) -> String {
        guard value > 0, value.isFinite else { return value.reportFormatted }
        let unit = pow(10, (log10(value)).rounded(.down) - 1)
        return ((value / unit).rounded() * unit).reportFormatted
    }
}

/// A run's figures with each rare interaction at its declared rate (``InteractionExposure``): what its arrivals
/// happened to do in the run replaced by its effect per arrival × its rate. Only the figures a rare interaction
/// changes; the rest are the run's as measured.
///
/// JSON: `stages[i].repetitions[j].declaredRates` = `{ "hitchTimeRatioMsPerS", "hitchTimeByCause",
/// "mainThreadBusyMsPerS", "mainThreadUtilization" }`, present only when the workload has a rare interaction.
public struct DeclaredRateFigures: Codable, Sendable, Equatable {
    public var hitchTimeRatioMsPerS: Double
    public var hitchTimeByCause: [String: Double]
    public var mainThreadBusyMsPerS: [String: Double]
    public var mainThreadUtilization: Double

    /// The figures of `metrics` that a rare interaction changes.
    init(_ metrics: StageMetrics) {
        hitchTimeRatioMsPerS = metrics.hitchTimeRatioMsPerS
        hitchTimeByCause = metrics.hitchTimeByCause
        mainThreadBusyMsPerS = metrics.mainThreadBusyMsPerS
        mainThreadUtilization = metrics.mainThreadUtilization
    }

    /// `metrics` with these figures in place of its own.
    func applied(to metrics: StageMetrics) -> StageMetrics {
        var metrics = metrics
        metrics.hitchTimeRatioMsPerS = hitchTimeRatioMsPerS
        metrics.hitchTimeByCause = hitchTimeByCause
        metrics.mainThreadBusyMsPerS = mainThreadBusyMsPerS
        metrics.mainThreadUtilization = mainThreadUtilization
        return metrics
    }
}

extension RepetitionResult {
    /// The run's metrics as the verdict reads them: with ``declaredRates`` in place where the workload has a rare
    /// interaction, else as measured; `nil` for a run without measurements.
    package var judgedMetrics: StageMetrics? {
        guard let metrics else { return nil }
        return declaredRates?.applied(to: metrics) ?? metrics
    }
}

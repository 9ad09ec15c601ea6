/// What one interaction did to the main thread in one stage run: how often it arrived, and the longest it held main.
///
/// JSON: `stages[i].repetitions[j].interactions[k]` (by interaction index) = `{ "arrivals", "longestBlockMs", "hangs" }`.
/// Its hitch time and main-thread time come from the run's hitch causes and step timings
/// (``InteractionExposure``).
public struct InteractionSample: Codable, Sendable, Equatable {
    /// Arrivals in the run's arrival window, delivered or not.
    public var arrivals: Int
    /// The longest main-actor job of the interaction: the longest it held main without letting anything else run, in
    /// milliseconds.
    public var longestBlockMs: Double
    /// Its main-actor jobs of a hang's length or longer (``StageMetrics/hangThresholdMs``).
    public var hangs: Int

    public init(arrivals: Int, longestBlockMs: Double, hangs: Int) {
        self.arrivals = arrivals
        self.longestBlockMs = longestBlockMs
        self.hangs = hangs
    }
}

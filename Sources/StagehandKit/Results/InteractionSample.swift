/// What one interaction did to the main thread in one stage run: how often it arrived, and the longest it held main.
///
/// JSON: `stages[i].repetitions[j].interactions[k]` (by interaction index) = `{ "arrivals", "longestBlockMs", "hangs",
/// "unfinished", "holdsMs" }` (`unfinished` is absent from results written before runs followed their arrivals to the
/// end: 0; `holdsMs` from those written before each arrival's hold was kept, and from runs without probes).
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
    /// Its arrivals still unfinished when the run ended, having followed every arrival of the window until its hard
    /// end: never delivered, or delivered and not done. What they would still have done is not in the run.
    public var unfinished: Int
    /// Each of its arrivals that finished, in the order they were delivered: the longest it held main at once (one
    /// main-actor job), in milliseconds. `nil` when not recorded.
    public var holdsMs: [Double]?

    /// Its arrivals that finished (completed, or ended by a step that threw).
    public var finished: Int { max(arrivals - unfinished, 0) }

    public init(arrivals: Int, longestBlockMs: Double, hangs: Int, unfinished: Int = 0, holdsMs: [Double]? = nil) {
        self.arrivals = arrivals
        self.longestBlockMs = longestBlockMs
        self.hangs = hangs
        self.unfinished = unfinished
        self.holdsMs = holdsMs
    }

    private enum CodingKeys: String, CodingKey {
        case arrivals, longestBlockMs, hangs, unfinished, holdsMs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        arrivals = try container.decode(Int.self, forKey: .arrivals)
        longestBlockMs = try container.decode(Double.self, forKey: .longestBlockMs)
        hangs = try container.decode(Int.self, forKey: .hangs)
        unfinished = try container.decodeIfPresent(Int.self, forKey: .unfinished) ?? 0
        holdsMs = try container.decodeIfPresent([Double].self, forKey: .holdsMs)
    }
}

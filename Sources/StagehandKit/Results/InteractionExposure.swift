/// How well one interaction was exercised in one stage, and what one of its arrivals did to the main thread there.
///
/// A verdict is about every interaction of the workload as declared, not about the arrivals one seed happened to
/// draw. So each stage records, per interaction, the arrivals its runs measured against the arrivals its rate makes
/// due, and the effect of one arrival, over every arrival it had in the stage: those of the ordinary runs and those of
/// the stage's exposure run (``StageResult/exposureRuns``), which schedules a *rare* interaction's arrivals on purpose.
/// A rare interaction's share of the stage's hitch time and main-thread time is its effect per arrival × its declared
/// rate (docs/METRICS.md, "Exposure").
///
/// JSON: `stages[i].interactions[k]`, by interaction index.
public struct InteractionExposure: Codable, Sendable, Equatable {
    /// The interaction's name.
    public var interaction: String
    /// Its declared arrivals per second.
    public var ratePerS: Double
    /// Arrivals in the stage's ordinary runs.
    public var arrivals: Int
    /// Arrivals its rate makes due over the ordinary runs' arrival windows.
    public var expectedArrivals: Double
    /// Arrivals in the stage's exposure run (0 when it had none).
    public var exposureArrivals: Int
    /// Whether it is rare (fewer than ``rareBelowArrivalsPerRun`` arrivals due per run), so that the stage's figures
    /// carry its effect per arrival × its rate in place of what its arrivals in each run happened to do.
    public var estimated: Bool
    /// Per arrival, over all its arrivals in the stage: hitch time attributed to its steps, and main-thread time in its
    /// steps, in milliseconds.
    public var hitchMsPerArrival: Double
    public var mainMsPerArrival: Double
    /// How much one arrival's hitch time varies, in milliseconds: the spread of the per-arrival means of the runs it
    /// arrived in, scaled to one arrival (0 with fewer than two such runs).
    public var hitchMsPerArrivalSpread: Double
    /// The longest it held main at once (one main-actor job), over every run of the stage, in milliseconds.
    public var longestBlockMs: Double
    /// Its typical longest hold: the median, over the runs it arrived in, of each run's longest, in milliseconds. One
    /// run's preemption does not move it.
    public var typicalLongestBlockMs: Double
    /// Its main-actor jobs of a hang's length or longer, over every run of the stage (exposure run included).
    public var hangs: Int
    /// Its step that took the longest on main, by the largest of the runs' mean times on main, as reports name it
    /// (`io: fetch`); `nil` when none ran there.
    public var longestStepOnMain: String?

    /// An interaction due fewer times than this per run is rare: its arrivals are scheduled on purpose in an exposure
    /// run, and its effect is weighted by its rate.
    public static let rareBelowArrivalsPerRun = 3.0
    /// A stage is judged to meet the budget only when every interaction arrived at least this often in it.
    public static let minimumArrivals = 3

    /// The standard error of ``hitchMsPerArrival`` × ``ratePerS``, in milliseconds per second, for a frame budget of
    /// `budgetMs`: an arrival's hitch time varies by at least half a refresh interval (a hitch is whole intervals),
    /// or by its measured spread, over ``allArrivals`` arrivals.
    public func estimateStandardError(budgetMs: Double) -> Double {
        ratePerS * max(budgetMs / 2, hitchMsPerArrivalSpread) / Double(max(allArrivals, 1)).squareRoot()
    }

    /// Its share of the stage's hitch-time ratio at its declared rate, in milliseconds per second: ``hitchMsPerArrival``
    /// × ``ratePerS``.
    public var hitchMsPerS: Double { ratePerS * hitchMsPerArrival }

    /// Every arrival it had in the stage, ordinary and exposure runs together.
    public var allArrivals: Int { arrivals + exposureArrivals }

    /// Whether an interaction arriving `ratePerS` times a second is rare in runs of `durationSeconds`.
    public static func isRare(ratePerS: Double, durationSeconds: Double) -> Bool {
        ratePerS * durationSeconds < rareBelowArrivalsPerRun
    }
}

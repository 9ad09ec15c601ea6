import Foundation

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
    /// arrived in, scaled to one arrival (0 with fewer than two such runs), or the standard deviation of its finished
    /// arrivals' holds on main, when larger (a slow path shows there arrival by arrival).
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
    /// Its arrivals, ordinary and exposure, still unfinished when their run ended: each run follows every arrival of
    /// its window to its end, up to a hard end (docs/METRICS.md, "Arrival window"). With any, its per-arrival figures
    /// are lower bounds (what those did later is not in their runs), and a stage that leaves any is not judged to meet
    /// the budget. 0 in results written before runs followed their arrivals.
    public var unfinished: Int = 0
    /// Its tail hold: the 90th percentile (nearest rank) of the longest each of its finished arrivals held main at once,
    /// ordinary and exposure runs together, in milliseconds; `nil` with fewer than ``tailArrivals`` of them measured
    /// (the 90th percentile of so few is their longest, which one preemption moves), and in results written before
    /// each arrival's hold was kept.
    public var tailBlockMs: Double?
    /// The longest its first arrival in a fresh process held main at once (``RepetitionResult/firstArrivals``), before
    /// anything warmed it, in milliseconds; `nil` when not measured. Not in any per-arrival figure (an app pays it once
    /// per launch, not at its rate), but a hang there fails the stage.
    public var firstBlockMs: Double?
    /// For a rare interaction: hitch time its arrivals caused outside its own steps (others' steps and frames late
    /// behind it), per arrival, in milliseconds, from its exposure runs against the ordinary runs (docs/METRICS.md,
    /// "Knock-on hitches"). Not in ``hitchMsPerArrival`` or the stage's figures: the report says how far they could be
    /// off by it, and a stage that meets only without it is borderline. `nil` for a frequent interaction (its knock-on
    /// is in its runs as measured), one never exposed, and in results written before it was estimated.
    public var knockOnHitchMsPerArrival: Double?

    /// An interaction due fewer times than this per run is rare: its arrivals are scheduled on purpose in an exposure
    /// run, and its effect is weighted by its rate.
    public static let rareBelowArrivalsPerRun = 3.0
    /// A stage is judged to meet the budget only when every interaction arrived at least this often in it.
    public static let minimumArrivals = 3
    /// The arrivals measured that a tail hold (``tailBlockMs``) needs.
    public static let tailArrivals = 10

    /// The tail hold of arrivals that held main for `holdsMs` at most at once, each: their 90th percentile, nearest
    /// rank; `nil` for fewer than ``tailArrivals``.
    public static func tail(of holdsMs: [Double]) -> Double? {
        guard holdsMs.count >= tailArrivals else { return nil }
        let sorted = holdsMs.sorted()
        return sorted[Int((0.9 * Double(sorted.count)).rounded(.up)) - 1]
    }

    /// What its finished arrivals can rule out: a slow path that comes once in this many arrivals, or more often,
    /// would have shown in one of them with a chance of at least 95% (n arrivals miss one of chance p with chance
    /// (1 − p)ⁿ); a rarer one may not have. `nil` with no finished arrival.
    public var slowPathSeenOneIn: Int? {
        let n = finishedArrivals
        guard n > 0 else { return nil }
        return max(Int((1 / (1 - pow(0.05, 1 / Double(n)))).rounded(.down)), 1)
    }

    /// The standard error of ``hitchMsPerArrival`` × ``ratePerS``, in milliseconds per second, for a frame budget of
    /// `budgetMs`: an arrival's hitch time varies by at least half a refresh interval (a hitch is whole intervals),
    /// or by its measured spread, over ``finishedArrivals`` arrivals.
    public func estimateStandardError(budgetMs: Double) -> Double {
        ratePerS * max(budgetMs / 2, hitchMsPerArrivalSpread) / Double(max(finishedArrivals, 1)).squareRoot()
    }

    /// Its share of the stage's hitch-time ratio at its declared rate, in milliseconds per second: ``hitchMsPerArrival``
    /// × ``ratePerS``.
    public var hitchMsPerS: Double { ratePerS * hitchMsPerArrival }

    /// Its knock-on hitch time at its declared rate, in milliseconds per second: ``knockOnHitchMsPerArrival`` ×
    /// ``ratePerS``; `nil` where that is.
    public var knockOnHitchMsPerS: Double? { knockOnHitchMsPerArrival.map { $0 * ratePerS } }

    /// Every arrival it had in the stage, ordinary and exposure runs together.
    public var allArrivals: Int { arrivals + exposureArrivals }

    /// Its arrivals in the stage that finished: what the error of its per-arrival figures shrinks with.
    public var finishedArrivals: Int { max(allArrivals - unfinished, 0) }

    /// Whether an interaction arriving `ratePerS` times a second is rare in runs of `durationSeconds`.
    public static func isRare(ratePerS: Double, durationSeconds: Double) -> Bool {
        ratePerS * durationSeconds < rareBelowArrivalsPerRun
    }
}

extension InteractionExposure {
    private enum CodingKeys: String, CodingKey {
        case interaction, ratePerS, arrivals, expectedArrivals, exposureArrivals, estimated, hitchMsPerArrival
        case mainMsPerArrival, hitchMsPerArrivalSpread, longestBlockMs, typicalLongestBlockMs, hangs, longestStepOnMain
        case unfinished, tailBlockMs, firstBlockMs, knockOnHitchMsPerArrival
    }

    /// Reads results written before runs followed their arrivals to the end too: their `unfinished` is 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        interaction = try container.decode(String.self, forKey: .interaction)
        ratePerS = try container.decode(Double.self, forKey: .ratePerS)
        arrivals = try container.decode(Int.self, forKey: .arrivals)
        expectedArrivals = try container.decode(Double.self, forKey: .expectedArrivals)
        exposureArrivals = try container.decode(Int.self, forKey: .exposureArrivals)
        estimated = try container.decode(Bool.self, forKey: .estimated)
        hitchMsPerArrival = try container.decode(Double.self, forKey: .hitchMsPerArrival)
        mainMsPerArrival = try container.decode(Double.self, forKey: .mainMsPerArrival)
        hitchMsPerArrivalSpread = try container.decode(Double.self, forKey: .hitchMsPerArrivalSpread)
        longestBlockMs = try container.decode(Double.self, forKey: .longestBlockMs)
        typicalLongestBlockMs = try container.decode(Double.self, forKey: .typicalLongestBlockMs)
        hangs = try container.decode(Int.self, forKey: .hangs)
        longestStepOnMain = try container.decodeIfPresent(String.self, forKey: .longestStepOnMain)
        unfinished = try container.decodeIfPresent(Int.self, forKey: .unfinished) ?? 0
        tailBlockMs = try container.decodeIfPresent(Double.self, forKey: .tailBlockMs)
        firstBlockMs = try container.decodeIfPresent(Double.self, forKey: .firstBlockMs)
        knockOnHitchMsPerArrival = try container.decodeIfPresent(Double.self, forKey: .knockOnHitchMsPerArrival)
    }
}

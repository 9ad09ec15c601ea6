/// At what rate of one interaction the verdict would change: the declared rate is an input the verdict rests on, and
/// a rate declared too low gives figures too low by the same factor.
///
/// Each stage's hitch-time ratio is read as a line in the interaction's rate: the rest of the stage's figure, plus its
/// share, its hitch time per arrival × its arrival rate (``InteractionExposure/hitchMsPerArrival``; for a frequent
/// interaction, at the rate its arrivals came in the runs). The verdict changes where that line crosses the limit: the
/// advised stage misses the budget above ``advisedMeetsUpToPerS``, and an earlier stage that missed it only on hitch
/// time meets it below ``meetsBelowPerS``. A line, because no more is measured: work that piles up at a higher
/// rate can cost more than its share, and the figure is an estimate, which is why a rate within
/// ``borderlineFactor`` of a change is enough to call the verdict borderline (docs/METRICS.md, "The rate a verdict
/// rests on").
///
/// JSON: `recommendation.rates[k]` = `{ "interaction", "declaredPerS", "advisedStage", "advisedMeetsUpToPerS",
/// "stageBelow", "meetsBelowPerS", "withinFactor" }`, one for each interaction at whose rate the verdict
/// changes; absent from results written before.
public struct RateSensitivity: Codable, Sendable, Equatable {
    /// The interaction's name.
    public var interaction: String
    /// Its declared arrivals per second.
    public var declaredPerS: Double
    /// The advised stage: the one recommended, or the best one measured when none meets the budget.
    public var advisedStage: Stage?
    /// The rate up to which the recommended stage meets the budget; `nil` when no stage is recommended, or its steps
    /// had no hitch time there (no rate of it is seen to matter).
    public var advisedMeetsUpToPerS: Double?
    /// The stage the walk would advise at a lower rate, the first to meet the budget as the rate falls: `main-only`,
    /// or a stage the walk tried, before the recommended one (any stage when none meets the budget), that missed the
    /// budget on hitch time alone (no hang, no unfinished arrival, its other budget metrics below their limits).
    public var stageBelow: Stage?
    /// The rate below which ``stageBelow`` meets the budget.
    public var meetsBelowPerS: Double?
    /// Whether either rate is within ``borderlineFactor`` of the declared one, which makes the verdict borderline.
    public var withinFactor: Bool

    /// A declared rate within this factor of a rate at which the verdict changes makes the verdict borderline.
    public static let borderlineFactor = 2.0

    package init(
        interaction: String,
        declaredPerS: Double,
        advisedStage: Stage?,
        advisedMeetsUpToPerS: Double?,
        stageBelow: Stage?,
        meetsBelowPerS: Double?
    ) {
        self.interaction = interaction
        self.declaredPerS = declaredPerS
        self.advisedStage = advisedStage
        self.advisedMeetsUpToPerS = advisedMeetsUpToPerS
        self.stageBelow = stageBelow
        self.meetsBelowPerS = meetsBelowPerS
        let factor = Self.borderlineFactor
        withinFactor =
            advisedMeetsUpToPerS.map { $0 < declaredPerS * factor } == true
            || meetsBelowPerS.map { $0 * factor > declaredPerS } == true
    }

    /// "async meets the budget up to 0.08 `open`/s, and main-only would meet it below 0.02/s; you declared 0.05/s".
    public var sentence: String {
        let name = "`\(interaction)`"
        var parts: [String] = []
        if let stage = advisedStage, let upTo = advisedMeetsUpToPerS {
            parts.append("\(stage.rawValue) meets the budget up to \(upTo.reportFormatted) \(name)/s")
        }
        if let stage = stageBelow, let below = meetsBelowPerS {
            parts.append(
                parts.isEmpty
                    ? "\(stage.rawValue) would meet the budget below \(below.reportFormatted) \(name)/s"
                    : "\(stage.rawValue) would meet it below \(below.reportFormatted)/s"
            )
        }
        return parts.joined(separator: ", and ") + "; you declared \(declaredPerS.reportFormatted)/s"
    }
}

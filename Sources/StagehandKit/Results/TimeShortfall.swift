/// What a profile's wall-time budget (`--max-time`) cut short: the runs it did not make, and a guess at how long they
/// would have taken.
///
/// JSON: `environment.timeSpent.outOfTime` = `{ "budgetSeconds", "elapsedSeconds", "moreRuns": { "<stage>": n },
/// "exposureSkipped", "moreSeconds" }`; absent when no budget cut the profile.
public struct TimeShortfall: Codable, Sendable, Equatable {
    /// The budget, in seconds of wall time from the profile's start.
    public var budgetSeconds: Double
    /// How long the profile had run when the budget stopped it.
    public var elapsedSeconds: Double
    /// The runs of each stage the verdict still needed, as far as can be told when the budget ended: a stage short of
    /// the runs a decision reads, that many more (fewer, when it fails beyond doubt on them); one borderline on them,
    /// one more (or several).
    public var moreRuns: [Stage: Int]
    /// Whether a stage's exposure run (rare interactions scheduled on purpose) was left out: the judgment of a rare
    /// interaction rests on its ordinary arrivals alone.
    public var exposureSkipped: Bool
    /// How long ``moreRuns`` and the exposure runs left out would take, at the pace of this profile's runs so far
    /// (start, warm-up and follow-through included).
    public var moreSeconds: Double

    public init(
        budgetSeconds: Double,
        elapsedSeconds: Double,
        moreRuns: [Stage: Int],
        exposureSkipped: Bool,
        moreSeconds: Double
    ) {
        self.budgetSeconds = budgetSeconds
        self.elapsedSeconds = elapsedSeconds
        self.moreRuns = moreRuns
        self.exposureSkipped = exposureSkipped
        self.moreSeconds = moreSeconds
    }

    /// A budget that would likely have let the profile finish: the time spent and the time still needed, rounded up
    /// to whole 5 s.
    public var suggestedBudgetSeconds: Double {
        ((elapsedSeconds + moreSeconds) / 5).rounded(.up) * 5
    }
}

/// Where one profile's wall time went: calibrating, each kind of stage run, the verdict, and inside the stage runs'
/// child processes (``ChildPhases``). What a shorter profile has to take time from.
///
/// JSON: `environment.timeSpent` = `{ "totalSeconds", "calibrationSeconds", "runs": { "<purpose>": { "count",
/// "seconds" } }, "inChildren": { …ChildPhases }, "verdictSeconds", "outOfTime"? }` (``TimeShortfall``); absent in
/// results written before it was recorded. A run's seconds are its wall time from the parent's announcing it to its
/// result read: its process's launch and exit, and everything in ``inChildren``. What is in none of the fields (the
/// runs' launch and exit, the parent's work between runs) is their difference: `scripts/time-spent.py` prints it.
public struct ProfileTimes: Codable, Sendable, Equatable {
    /// Why a stage run was made.
    public enum Purpose: String, Codable, Sendable, CaseIterable {
        /// One of a stage's first `--repetitions` runs (3 by default; a stage the verdict no longer needs has fewer).
        case ordinary
        /// A stage's run past those, made because the verdict was not yet decided (up to `--max-repetitions`).
        case extraRound = "extra-round"
        /// A run made again because main's wait for a core made every hang of it.
        case remeasure
        /// An exposure run: rare interactions scheduled on purpose.
        case exposure
        /// An exposure run's top-up: more arrivals of an interaction its runs so far could not bound.
        case topUp = "top-up"
        /// A probe of the headroom search (`--headroom`).
        case headroom
    }

    /// How many runs of one purpose, and their wall time.
    public struct Runs: Codable, Sendable, Equatable {
        public var count = 0
        public var seconds = 0.0
    }

    /// From the profile's start to its verdict.
    public var totalSeconds = 0.0
    /// Measuring this machine's work loop, once per profile.
    public var calibrationSeconds = 0.0
    /// The stage runs by purpose (``Purpose``'s raw value), only those made.
    public var runs: [String: Runs] = [:]
    /// Inside every stage run's child process, summed over the runs (a headroom probe's are not broken down).
    public var inChildren = ChildPhases()
    /// Walking the decision tree and writing its sentences, after the last run.
    public var verdictSeconds = 0.0
    /// What the wall-time budget (`--max-time`) cut short, when it did.
    public var outOfTime: TimeShortfall?

    public init() {}

    /// Every stage run's wall time.
    public var runSeconds: Double { runs.values.reduce(0) { $0 + $1.seconds } }
}

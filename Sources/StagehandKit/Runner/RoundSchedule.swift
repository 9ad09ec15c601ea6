/// Which stage runs when in a profile: rounds of every selected stage, and one round more while the verdict may
/// still settle.
///
/// Round r starts r − 1 stages further along, so a slow spell of the machine does not land on one stage alone, and
/// runs every stage from the seed `seed + r − 1`. A stage that crashed or hung is left out of the rounds after it.
/// It runs nothing itself, so the order and the stop rule can be tested without processes: the profiler asks it what
/// to run and tells it what happened.
struct RoundSchedule: Sendable, Equatable {
    /// The stages to run, in journey order.
    let stages: [Stage]
    /// The rounds planned so far: the repetitions asked for (at least one), and each extra round since.
    private(set) var planned: Int
    /// The most rounds a verdict that is not decided may grow the profile to.
    let cap: Int
    /// The fewest runs per stage a verdict reads (``Thresholds/minimumRuns``).
    let minimumRuns: Int
    /// The seed of round 1.
    let seed: UInt64
    /// Stages that crashed or hung: running them again would only repeat the failure.
    private(set) var failed: Set<Stage> = []

    init(stages: [Stage], repetitions: Int, maxRepetitions: Int, minimumRuns: Int, seed: UInt64) {
        self.stages = stages
        planned = max(repetitions, 1)
        cap = maxRepetitions
        self.minimumRuns = minimumRuns
        self.seed = seed
    }

    /// The schedule `options` ask for, growing only while a verdict of at least `minimumRuns` runs may settle.
    init(options: ProfileOptions, minimumRuns: Int) {
        self.init(
            stages: options.stages,
            repetitions: options.repetitions,
            maxRepetitions: options.maxRepetitions,
            minimumRuns: minimumRuns,
            seed: options.seed
        )
    }

    /// The stages of round `round` (from 1) in the order they run, without those that failed before it.
    func stages(inRound round: Int) -> [Stage] {
        stages.indices
            .map { stages[($0 + round - 1) % stages.count] }
            .filter { !failed.contains($0) }
    }

    /// The seed every stage runs from in round `round` (from 1).
    func seed(ofRound round: Int) -> UInt64 {
        seed &+ UInt64(round - 1)
    }

    /// Notes that `stage` crashed or hung, so no later round runs it.
    mutating func stageFailed(_ stage: Stage) {
        failed.insert(stage)
    }

    /// Whether one more round follows `round`, now complete; if so, it is planned.
    ///
    /// Only the last planned round can grow the profile, and only below ``cap``. A profile asked for fewer runs than
    /// a verdict reads was kept short on purpose, so it does not grow either. `mayStillSettle` is asked last, because
    /// it walks the decision tree over every result so far.
    ///
    /// - Parameter mayStillSettle: whether the verdict on the runs so far is not decided for a reason more runs can
    ///   settle (``DecisionTree/moreRunsMaySettle(_:results:)``).
    mutating func extends(after round: Int, mayStillSettle: () -> Bool) -> Bool {
        guard round == planned, round < cap, round >= minimumRuns, mayStillSettle() else { return false }
        planned += 1
        return true
    }
}

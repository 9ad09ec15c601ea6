/// Which stage runs when in a profile: a first round of every selected stage, then rounds of the stages whose runs the
/// verdict still needs, until none does.
///
/// A stage's k-th run comes from the seed `seed + k − 1`, whichever round it falls in, so every stage's k-th run meets
/// the same arrivals. Round r starts r − 1 of its stages further along, so a slow spell of the machine does not land
/// on one stage alone. A stage that crashed or hung is left out of the rounds after it.
///
/// Two designs (``ProfileOptions/stopsWhenDecided``):
/// - *stopping when decided* (the default): after each round the profiler asks the decision tree which stages its
///   verdict needs another run of (``DecisionTree/stagesNeedingRuns(_:results:)``), and only those run next: a stage
///   that fails beyond doubt after one run, or that the verdict does not rest on, runs once; one the verdict rests on
///   runs until its judgment is decided, or up to ``cap`` while more runs may settle it.
/// - *fixed*: every stage runs ``repetitions`` times, then one more round of every stage while more runs may settle
///   the verdict, up to ``cap`` (what `--repetitions` asks for). A fixed design of fewer runs than a verdict reads
///   (``minimumRuns``) was kept short on purpose, so it does not grow.
///
/// It runs nothing itself, so the order and the stop rule can be tested without processes: the profiler asks it what
/// to run and tells it what happened.
struct RoundSchedule: Sendable, Equatable {
    /// The stages to run, in journey order.
    let stages: [Stage]
    /// The runs of each stage before the first look (fixed), or before its exposure run (either design).
    let repetitions: Int
    /// The most runs a stage may have.
    let cap: Int
    /// The fewest runs per stage a decided verdict reads (``Thresholds/minimumRuns``).
    let minimumRuns: Int
    /// Whether each stage stops once the verdict no longer needs its runs.
    let stopsWhenDecided: Bool
    /// The seed of each stage's first run.
    let seed: UInt64
    /// The rounds begun so far.
    private(set) var round = 0
    /// The runs each stage has had so far.
    private(set) var runs: [Stage: Int] = [:]
    /// Stages that crashed or hung: running them again would only repeat the failure.
    private(set) var failed: Set<Stage> = []
    /// Whether a round beyond those a fixed design asks for, or a stage's run beyond ``repetitions``, was planned.
    private(set) var grew = false

    init(
        stages: [Stage],
        repetitions: Int,
        maxRepetitions: Int,
        minimumRuns: Int,
        stopsWhenDecided: Bool,
        seed: UInt64
    ) {
        self.stages = stages
        self.repetitions = max(repetitions, 1)
        cap = max(maxRepetitions, self.repetitions)
        self.minimumRuns = minimumRuns
        self.stopsWhenDecided = stopsWhenDecided
        self.seed = seed
    }

    /// The schedule `options` ask for, whose verdict reads at least `minimumRuns` runs of a stage it decides on.
    init(options: ProfileOptions, minimumRuns: Int) {
        self.init(
            stages: options.stages,
            repetitions: options.repetitions,
            maxRepetitions: options.maxRepetitions,
            minimumRuns: minimumRuns,
            stopsWhenDecided: options.stopsWhenDecided,
            seed: options.seed
        )
    }

    /// Begins the next round and returns its stages in the order they run; empty when the profile's runs are done.
    ///
    /// - Parameter needing: the stages whose next run could help settle the verdict on the runs so far
    ///   (``DecisionTree/stagesNeedingRuns(_:results:)``); asked only after the first round, and not by a fixed design
    ///   before its ``repetitions`` rounds have run, because it walks the decision tree over every result so far.
    mutating func nextRound(needing: () -> Set<Stage>) -> [Stage] {
        let open = stages.filter { !failed.contains($0) && runs[$0, default: 0] < cap }
        guard !open.isEmpty else { return [] }
        let next: [Stage]
        if round == 0 {
            next = open
        } else if !stopsWhenDecided, round < repetitions {
            next = open
        } else if !stopsWhenDecided, round < minimumRuns {
            next = []
        } else {
            let needed = needing()
            // A fixed design grows by whole rounds of every stage; a stopping one by the stages needed alone.
            next = needed.isEmpty ? [] : stopsWhenDecided ? open.filter(needed.contains) : open
        }
        guard !next.isEmpty else { return [] }
        round += 1
        if next.contains(where: { runs[$0, default: 0] >= repetitions }) { grew = true }
        return next.indices.map { next[($0 + round - 1) % next.count] }
    }

    /// The run `stage` is about to have (from 1), for its repetition number and seed; counted as run.
    mutating func ran(_ stage: Stage) -> Int {
        runs[stage, default: 0] += 1
        return runs[stage, default: 0]
    }

    /// The stages of `round` whose exposure run (and top-up) is due now: those that have just had their
    /// ``repetitions``-th run and did not fail, in the order they ran.
    func exposureDue(in round: [Stage]) -> [Stage] {
        round.filter { runs[$0] == repetitions && !failed.contains($0) }
    }

    /// The seed of a stage's `repetition`-th run (from 1).
    func seed(ofRepetition repetition: Int) -> UInt64 {
        seed &+ UInt64(repetition - 1)
    }

    /// Notes that `stage` crashed or hung, so no later round runs it.
    mutating func stageFailed(_ stage: Stage) {
        failed.insert(stage)
    }
}

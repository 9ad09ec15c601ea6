/// Which stage runs when in a profile, and for how long: the runs the verdict reads, then one run of each stage it
/// does not read, for the side-by-side table.
///
/// A stage's k-th run comes from the seed `seed + k − 1`, whichever round it falls in, so every stage's k-th run meets
/// the same arrivals. Round r starts r − 1 of its stages further along, so a slow spell of the machine does not land
/// on one stage alone. A stage that crashed or hung is left out of the rounds after it.
///
/// Two designs (``ProfileOptions/stopsWhenDecided``):
/// - *stopping when decided* (the default): before each round the profiler asks the decision tree which stages its
///   verdict needs a run of (``DecisionTree/stagesNeedingRuns(_:results:unmeasured:)``), and only those run: first
///   the stages the walk reaches, one at a time from `main-only` (a stage it has not reached yet may never be read);
///   then a stage that fails beyond doubt after one run, or that the verdict does not rest on, runs no more, and one
///   it rests on runs until its judgment is decided, or up to ``cap`` while more runs may settle it. Once the verdict
///   needs nothing, each stage that has not run has one *table run* (``isTableRound``) of
///   ``Workload/tableRunSeconds``: the walk never reached it, so its figures are in the table alone, with their
///   spread. When the wall-time budget ends the runs first, the stages the walk reaches still have their first
///   runs in full (``firstRound(needing:)``), and the rest their table runs.
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
    /// Whether the latest round is of table runs: one short run of each stage the verdict did not read.
    private(set) var isTableRound = false
    /// The stages that had a table run.
    private(set) var tableRunStages: Set<Stage> = []

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
    /// - Parameter needing: the stages whose next run could help settle the verdict on the runs so far, given the
    ///   stages that have not run yet and could (``DecisionTree/stagesNeedingRuns(_:results:unmeasured:)``). A
    ///   fixed design asks it only after its ``repetitions`` rounds, with none unmeasured.
    mutating func nextRound(needing: (_ unmeasured: Set<Stage>) -> Set<Stage>) -> [Stage] {
        let open = stages.filter { !failed.contains($0) && runs[$0, default: 0] < cap }
        guard !open.isEmpty else { return [] }
        isTableRound = false
        let next: [Stage]
        if !stopsWhenDecided, round < repetitions {
            next = open
        } else if !stopsWhenDecided, round < minimumRuns {
            next = []
        } else if !stopsWhenDecided {
            // A fixed design grows by whole rounds of every stage.
            next = needing([]).isEmpty ? [] : open
        } else {
            let needed = open.filter(needing(Set(unrun)).contains)
            guard needed.isEmpty else { return begin(needed) }
            return tableRound()
        }
        return begin(next)
    }

    /// Begins the round of table runs: one run of each stage that has not run and can, now that the verdict needs no
    /// more runs (or the wall-time budget has ended them, and ``firstRound(needing:)`` has run what it reaches).
    /// Empty when every stage has run.
    mutating func tableRound() -> [Stage] {
        let round = begin(unrun)
        isTableRound = !round.isEmpty
        tableRunStages.formUnion(round)
        return round
    }

    /// Begins a round of the first runs `needing` names among the stages not yet run (as ``nextRound(needing:)``
    /// asks); empty when it names none. Once the wall-time budget has ended the runs, a stage the walk reaches still
    /// has its first run in full, whatever the budget, so no stage the verdict reads rests on a table run.
    mutating func firstRound(needing: (_ unmeasured: Set<Stage>) -> Set<Stage>) -> [Stage] {
        let unrun = unrun
        guard !unrun.isEmpty else { return [] }
        isTableRound = false
        return begin(unrun.filter(needing(Set(unrun)).contains))
    }

    /// The stages that have not run and can.
    private var unrun: [Stage] {
        stages.filter { !failed.contains($0) && runs[$0, default: 0] == 0 }
    }

    /// Counts `next` as the next round and returns it in the order it runs.
    private mutating func begin(_ next: [Stage]) -> [Stage] {
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
        guard !isTableRound else { return [] }
        return round.filter { runs[$0] == repetitions && !failed.contains($0) }
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

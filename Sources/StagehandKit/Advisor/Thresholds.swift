/// The limits the decision tree answers its questions with. Each one is printed next to the measurement it judged.
struct Thresholds: Sendable, Equatable {
    /// Apple's "good" band: a hitch-time ratio below this many milliseconds per second.
    package var hitchTimeRatioMsPerS = Metric.hitchBands.good
    /// Input latency p99 below this many milliseconds feels instant.
    var inputLatencyP99Ms = 100.0
    /// A step kind is a material share of main's interaction work from this fraction on…
    var materialShare = 0.2
    /// …as long as it also takes at least this many milliseconds of main per second (1% of main).
    var materialMsPerS = 10.0
    /// Main-actor hop wait p99 counts as contention from this fraction of the frame budget on.
    var hopWaitFractionOfBudget = 0.5
    /// The chance, at most, that the verdict adopts a more concurrent stage, as decided, when the stage before it
    /// truly meets the budget: split over every test that could move the walk past it (each noise-modelled budget
    /// metric, at each count of runs the profile may look at: ``earlyLookLevel`` before ``minimumRuns``, the rest
    /// evenly, ``perTestLevel``).
    var falseAdoptionRate = 0.05
    /// The chance, at most, that a decided verdict calls a stage that misses the budget in the long run *meets* it:
    /// what hitch-free runs of a stage with an arrival near a hitch must bound (``DecisionTree/hitchFreeBound(of:workload:runs:)``).
    var falseMeetsRate = 0.05
    /// Hitch-free runs prove the stage meets the budget without the Poisson bound only while every interaction's
    /// typical longest hold on main, plus the frame's work, stays under this share of the frame budget: an arrival
    /// would have to hold main 1.5 times as long as it typically does to hitch (a stated assumption, docs/METRICS.md).
    var hitchFreeMargin = 2.0 / 3.0
    /// No verdict is decided with fewer runs than this of a stage it reads, unless that stage fails beyond doubt on
    /// fewer (``DecisionTree/stagesWithTooFewRuns(on:_:judged:answered:)``): fewer say too little of how runs spread.
    var minimumRuns = 3
    /// The most runs per stage a profile may grow to (`--max-repetitions`): it looks at the runs after each round, up
    /// to this.
    var maxRuns = Thresholds.defaultMaxRuns
    /// How much each budget metric varies from run to run.
    var noise = NoiseModel()
    /// More main-actor entries per frame than this is a hop storm.
    var hopStormEntriesPerFrame = 4.0
    /// The cooperative pool counts as saturated from this utilisation on (with work waiting to start).
    var poolSaturation = 0.8
    /// The main thread counts as saturated from this utilisation on (a cause of falling behind).
    var mainSaturation = 0.8
    /// A later stage "costs more" when it allocates this fraction more per interaction (plus one allocation).
    var allocationIncrease = 0.1
    /// …or completes this fraction fewer interactions per second.
    var throughputDecrease = 0.05
    /// A stage falls behind its arrivals when the interactions queued for a thread (``StageMetrics/queuedByQuarter``)
    /// grow from the first quarter of the arrival window to the last by more than this share of the arrivals between
    /// the two quarters' middles…
    var queueGrowthShare = 0.1
    /// …plus this many standard deviations of the Poisson arrivals among them (a burst by chance, which a stage that
    /// keeps up works off later)…
    var queueGrowthPoissonDeviations = 1.5
    /// …and by at least this many interactions.
    var queueGrowthMinimum = 2.0

    /// A stage also falls behind when, at the end of its run, more than this share of its arrivals (and at least 2)
    /// were still on a thread or queued for one: work it had no thread for, not interactions awaiting `io`.
    var unfinishedOnThreadsShare = 0.05

    /// Runs per stage an unsettled verdict may grow to, unless told otherwise.
    static let defaultMaxRuns = 7

    /// The runs per stage a profile starts with (`--repetitions`): its first look at them.
    var repetitions = 3

    /// The thresholds of a profile of `repetitions` runs per stage that may grow to `maxRuns`.
    init(repetitions: Int = 3, maxRuns: Int = Thresholds.defaultMaxRuns) {
        self.repetitions = repetitions
        self.maxRuns = maxRuns
    }

    /// How many times a profile may test a stage's runs for a decided verdict at the full level
    /// (``perTestLevel``): once for each count of runs from the first it may decide on with runs enough to show their
    /// spread (``repetitions``, at least ``minimumRuns``) to ``maxRuns``.
    var looks: Int { max(1, maxRuns - max(minimumRuns, repetitions) + 1) }

    /// The looks before ``minimumRuns`` runs: after 1 and after 2. A profile that stops each stage when its judgment
    /// is decided (``ProfileOptions/stopsWhenDecided``) may pass a stage by on them, when its runs fail the budget
    /// beyond doubt (``earlyLookLevel``).
    var earlyLooks: Int { max(minimumRuns - 1, 0) }

    /// The one-sided level of each test at an early look: a tenth of a later look's. Fewer runs than
    /// ``minimumRuns`` cannot show whether they spread as the model says (the χ² check needs more), so an early look
    /// also takes the model's spread ``earlySpreadFactor`` times over: one 3 s run is *above* the 5 ms/s limit only
    /// past 32.6 ms/s (5 + 3.29 × 2 × 4.2 ms/s), which a stage truly at the limit reaches with a chance of 0.05% on
    /// runs twice as noisy as the model, and next to none on runs as noisy as it.
    var earlyLookLevel: Double { falseAdoptionRate / 100 }

    /// How many times the model's spread an early look allows for (``earlyLookLevel``).
    var earlySpreadFactor: Double { 2 }

    /// The one-sided level of each test that could move the walk past a stage at a look of ``minimumRuns`` runs or
    /// more (Bonferroni): ``falseAdoptionRate``, less what the ``earlyLooks`` spend, over the modelled metrics and the
    /// ``looks``. 0.0048 by default: 0.05 − 2 metrics × 2 early looks × 0.0005, over 2 metrics and 5 looks.
    var perTestLevel: Double {
        let early = Double(NoiseModel.metrics.count * earlyLooks) * earlyLookLevel
        return (falseAdoptionRate - early) / Double(NoiseModel.metrics.count * looks)
    }

    /// The level of each test on `runs` runs: ``earlyLookLevel`` before ``minimumRuns``, ``perTestLevel`` from there.
    func level(runs: Int) -> Double {
        runs < minimumRuns ? earlyLookLevel : perTestLevel
    }

    /// How many times the model's spread a test on `runs` runs allows for: ``earlySpreadFactor`` before
    /// ``minimumRuns``, 1 from there (the χ² check sends runs that spread more to their own spread).
    func spreadFactor(runs: Int) -> Double {
        runs < minimumRuns ? earlySpreadFactor : 1
    }

    /// A question of the walk (``DecisionTree/Question``) read from fewer runs than ``minimumRuns`` is answered
    /// beyond doubt only when each of its figures lies this many times past its threshold, on the side it answers
    /// (a yes: a share of 30% or more, 15 ms/s or more; a no: a share under 13.3%, or under 6.7 ms/s). The built-ins'
    /// and the Examples' saved runs put a kind's share of main's work, where it took 10 ms/s or more, within 14% of
    /// itself from run to run, and its time within 24% where it took 100 ms/s or more (docs/METRICS.md).
    var questionMargin: Double { 1.5 }

    /// A hop wait p99 from this many milliseconds on counts as contention, in a run whose frame budget is `budgetMs`.
    func contendedHopWaitMs(budgetMs: Double) -> Double {
        budgetMs * hopWaitFractionOfBudget
    }

    /// How much the queue for threads grew in `metrics`: its mean in the arrival window's last quarter less its mean
    /// in the first; `nil` when the run did not measure it (results written before it was).
    func queueGrowth(_ metrics: StageMetrics) -> Double? {
        let queued = metrics.queuedByQuarter
        guard queued.count == 4 else { return nil }
        return queued[3] - queued[0]
    }

    /// The most the queue for threads may grow (``queueGrowth(_:)``) in a run of `workload` that measured `metrics`,
    /// before the stage counts as falling behind. It scales with the arrivals between the first and the last
    /// quarter's middles (three quarters of the window): those the workload's rates make due, or those that arrived
    /// when more did (a burst by chance gets the room its size calls for); with room for the Poisson ones' bursts.
    func queueGrowthLimit(_ metrics: StageMetrics, workload: Workload) -> Double {
        let rate = workload.interactions.reduce(0) { $0 + $1.ratePerSecond }
        let poissonRate = workload.interactions.filter { $0.arrival == .poisson }.reduce(0) { $0 + $1.ratePerSecond }
        let arrivals = max(rate * metrics.arrivalSeconds, Double(metrics.interactionsArrived)) * 0.75
        let poisson = rate > 0 ? arrivals * poissonRate / rate : 0
        let bursts = poisson.squareRoot() * queueGrowthPoissonDeviations
        return max(queueGrowthMinimum, arrivals * queueGrowthShare + bursts)
    }

    /// Whether the cooperative pool was saturated in `metrics`: busy from ``poolSaturation`` on while `@concurrent`
    /// starts waited a contended time (``contendedHopWaitMs(budgetMs:)``).
    func poolIsSaturated(_ metrics: StageMetrics, budgetMs: Double) -> Bool {
        metrics.poolUtilization >= poolSaturation && metrics.poolHopWaitMs.p99 >= contendedHopWaitMs(budgetMs: budgetMs)
    }
}

/// What one child process measured for one stage in one repetition.
public struct RepetitionResult: Codable, Sendable, Equatable {
    /// 1-based.
    public var repetition: Int
    public var status: StageStatus
    /// The seed the arrivals were drawn from (the same for every stage of a repetition).
    public var seed: UInt64
    /// Present when `status` is `ok`.
    public var metrics: StageMetrics?
    /// How long each step took where it ran.
    package var stepTimings: [StepTiming]
    /// The run's latency histograms, which the stage's percentiles merge.
    var distributions: RunDistributions?
    /// The work-loop calibration this run used: the profile's, or this child's own when the profile's was more
    /// than 3% off here.
    package var calibration: CalibratedWork?
    /// What went wrong, in plain words, when `status` is not `ok`.
    public var failure: String?
    /// Why this run's allocation figures are not exact counts (``StageMetrics/allocationsCounted`` is `false`): what
    /// the known-answer check read, and the likely cause where one can be read. Absent when they are exact.
    public var allocationCheckFailure: String?
    /// What served the run's allocations, as its process read it ("glibc 2.36 malloc", "jemalloc 5.3.0"); `nil` in
    /// results written before it was recorded.
    public var allocator: String?
    /// Each code `compute` step timed alone in a tight loop after the run (``TightLoop``), in the runs of the first
    /// stage only; `nil` elsewhere.
    package var tightLoop: [TightLoopTiming]?
    /// The CPUs the run's process could run on, as it saw them (its affinity); `nil` in results written before it was
    /// recorded.
    public var cores: Int?
    /// CPU time the run's whole process used during the measured run, every thread, in seconds: what
    /// `benchmark-probes` compares. `nil` in results written before it was recorded.
    public var processCPUSeconds: Double?
    /// How many unmeasured warm-up runs came before the measured one (`WarmUp`: one, and more while they still grew
    /// the process's memory; none when the first arrivals, measured before, left the heap steady); `nil` in results
    /// written before it was recorded.
    public var warmUpRuns: Int?
    /// What each interaction did to main in the run, by interaction index (``InteractionSample``); `nil` in results
    /// written before it was recorded, and for a run that produced no measurements.
    public var interactions: [InteractionSample]?
    /// Each interaction's first arrival in the run's fresh process, before anything warmed it, by interaction index
    /// (``InteractionSample``: one arrival each, and the longest it held main at once), measured before the warm-up
    /// in the first run of each stage; `nil` in other runs and in results written before it was measured.
    public var firstArrivals: [InteractionSample]?
    /// The run's figures with each rare interaction at its declared rate (``DeclaredRateFigures``), filled in by the
    /// profile from every run of the stage; `nil` when the workload has no rare interaction.
    public var declaredRates: DeclaredRateFigures?
    /// The priorities the run's main thread and its first offloaded work were observed to run at
    /// (``ThreadPriorities``); `nil` in results written before they were recorded, and for a run that produced no
    /// measurements.
    public var threadPriorities: ThreadPriorities?
    /// For an exposure run: the interactions it exposed, by index (``StageResult/exposureRuns``); `nil` in other runs
    /// and in results written before it was recorded (their exposure runs exposed the rare interactions).
    public var exposed: [Int]?
    /// The first attempt at this run's hangs, when it was measured again because main's wait for a core made every
    /// one of them, its first arrivals' included: this run, from the same seed, replaced it. `nil`
    /// for a run measured once, and in results written before it was recorded.
    public var remeasured: HangCount?
    /// The hangs of the first arrivals' run (``firstArrivals``), which are not the measured run's; `nil` where none
    /// were measured, and in results written before they were recorded.
    public var firstArrivalHangs: HangCount?
    /// Where the run's time went inside its child process; `nil` for a run that wrote no result, and in results
    /// written before it was recorded.
    public var phases: ChildPhases?

    /// What to record of this run when it is to be measured again: when it ran and every one of its hangs, its first
    /// arrivals' included, is one that main's wait for a core made (``StageMetrics/hangsFromCoreWait``). `nil` when it
    /// stands.
    package var remeasurable: HangCount? {
        guard status == .ok, let all = hangCount else { return nil }
        return all.allFromCoreWait ? all : nil
    }

    /// The run's hangs and its first arrivals', together; `nil` for a run that produced no measurements.
    package var hangCount: HangCount? {
        metrics.map { HangCount($0).adding(firstArrivalHangs ?? HangCount()) }
    }

    package init(
        repetition: Int,
        status: StageStatus,
        seed: UInt64,
        metrics: StageMetrics? = nil,
        stepTimings: [StepTiming] = [],
        distributions: RunDistributions? = nil,
        calibration: CalibratedWork? = nil,
        failure: String? = nil,
        cores: Int? = nil,
        processCPUSeconds: Double? = nil,
        allocationCheckFailure: String? = nil,
        allocator: String? = nil,
        tightLoop: [TightLoopTiming]? = nil,
        warmUpRuns: Int? = nil,
        interactions: [InteractionSample]? = nil,
        firstArrivals: [InteractionSample]? = nil,
        threadPriorities: ThreadPriorities? = nil
    ) {
        self.repetition = repetition
        self.status = status
        self.seed = seed
        self.metrics = metrics
        self.stepTimings = stepTimings
        self.distributions = distributions
        self.calibration = calibration
        self.processCPUSeconds = processCPUSeconds
        self.failure = failure
        self.cores = cores
        self.allocationCheckFailure = allocationCheckFailure
        self.allocator = allocator
        self.tightLoop = tightLoop
        self.warmUpRuns = warmUpRuns
        self.interactions = interactions
        self.firstArrivals = firstArrivals
        self.threadPriorities = threadPriorities
    }
}

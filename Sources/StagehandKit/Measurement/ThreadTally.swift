import Histogram

/// What any thread records (steps, hops off main, main-actor jobs, finished interactions): a plain value, one per
/// recording thread (``ThreadShards``), merged into one (``add(_:)``) when the run's measurements are read.
///
/// It takes no lock and knows no clock: ``RunRecorder`` holds each thread's under that thread's own lock and passes in
/// what was read. Its tables are sized before the run (``prepare(stepKeys:subsystems:deliveries:window:)``), so recording allocates
/// nothing.
struct ThreadTally {
    var interactionLatency = Histogram<UInt64>.microseconds()
    var completed = 0
    /// Interactions a step of which threw.
    var failed = 0
    /// The steps that threw: how often, and the earliest error's text.
    var stepFailures: [StepTiming.Key: (count: Int, first: Instant, text: String)] = [:]
    var hopsOfCompleted = 0
    /// Delivery numbers of the interactions finished here.
    var finished = DeliverySet()
    var poolHopWait = Histogram<UInt64>.microseconds()
    /// Interactions in flight (arrived, not finished), by quarter of the arrival window: those finished here.
    var backlog = QuarterTally()
    /// Interactions queued for the pool or a subsystem's actor, by quarter of the arrival window.
    var queued = QuarterTally()
    /// Subsystem names, and each one's hop waits at the same position: a short list, searched by name, because
    /// a dictionary's lookup allocated in debug builds.
    var subsystems: [String] = []
    var subsystemHopWait: [Histogram<UInt64>] = []
    var mainActorJobs = JobDurations()
    var mainActorBlockingNs: UInt64 = 0
    /// Main-actor jobs of a hang's length or longer. Rare, so a plain array.
    var longJobs: [RunRecorder.Span] = []
    var mainBusyNs = MainBusyTimes()
    /// Time pool threads spent in steps (on pool threads and actors): wall time, because a step holds its thread
    /// for as long as it runs, preempted or not.
    var offMainWorkNs: UInt64 = 0
    /// By interaction index, then step index.
    var stepTimings: [[StepTiming]] = []
    /// By interaction index: its longest main-actor job, and how many of its jobs were a hang's length.
    var longestJobNs: [UInt64] = []
    var hangJobs: [Int] = []
    /// By delivery number: the longest main-actor job of that arrival recorded here (merged by the longest).
    var holdNs: [UInt64] = []

    /// Sizes the tables for `stepKeys` and `subsystems` and room for `deliveries` interactions, and tallies the
    /// backlog and the queue by quarter of `window`, so recording allocates nothing.
    mutating func prepare(stepKeys: [StepTiming.Key], subsystems: [String], deliveries: Int, window: QuarterTally) {
        for key in stepKeys { makeRoom(for: key) }
        for subsystem in subsystems { _ = subsystemIndex(subsystem) }
        let interactions = (stepKeys.map(\.interaction).max() ?? -1) + 1
        longestJobNs = Array(repeating: 0, count: interactions)
        hangJobs = Array(repeating: 0, count: interactions)
        backlog = window
        queued = window
        finished.reserve(deliveries)
        holdNs = Array(repeating: 0, count: deliveries + deliveries / 2 + 16)  // room for more arrivals than expected
        longJobs.reserveCapacity(64)
    }

    // MARK: Interactions

    /// Interaction number `id`, which arrived at `arrival`, completed at `end`, having entered main
    /// `mainActorEntries` times.
    mutating func interactionCompleted(_ id: Int, arrival: Instant, at end: Instant, mainActorEntries: Int) {
        finished.insert(id)
        completed += 1
        hopsOfCompleted += mainActorEntries
        interactionLatency.record(nanoseconds: end.nanoseconds(since: arrival))
        backlog.add(from: arrival, to: end)
    }

    /// Interaction number `id` held main for `nanoseconds` in one job.
    mutating func held(_ id: Int, nanoseconds: UInt64) {
        guard id >= 0 else { return }
        if id >= holdNs.count { holdNs += repeatElement(0, count: max(id + 1, holdNs.count * 2) - holdNs.count) }
        holdNs[id] = max(holdNs[id], nanoseconds)
    }

    /// Interaction number `id`, which arrived at `arrival`, ended early at `end`: one of its steps threw.
    mutating func interactionFailed(_ id: Int, arrival: Instant, at end: Instant) {
        finished.insert(id)
        failed += 1
        backlog.add(from: arrival, to: end)
    }

    /// Step `key` threw `error` at `end`: counted, and the earliest error's text kept.
    mutating func stepFailed(_ key: StepTiming.Key, error: any Error, at end: Instant) {
        if var failure = stepFailures[key] {
            failure.count += 1
            stepFailures[key] = failure
        } else {
            stepFailures[key] = (1, end, String(describing: error))
        }
    }

    // MARK: Hops

    /// A hop onto the cooperative pool, asked at `requested`, started at `started`.
    mutating func poolHop(requested: Instant, started: Instant) {
        poolHopWait.record(nanoseconds: started.nanoseconds(since: requested))
        queued.add(from: requested, to: started)
    }

    /// A hop onto `subsystem`'s actor, asked at `requested`, started at `started`.
    mutating func subsystemHop(_ subsystem: String, requested: Instant, started: Instant) {
        recordSubsystemWait(subsystem, nanoseconds: started.nanoseconds(since: requested))
        queued.add(from: requested, to: started)
    }

    /// Records a wait for `subsystem`'s actor (known to ``prepare(stepKeys:subsystems:deliveries:window:)``, or
    /// added).
    mutating func recordSubsystemWait(_ subsystem: String, nanoseconds: UInt64) {
        subsystemHopWait[subsystemIndex(subsystem)].record(nanoseconds: nanoseconds)
    }

    // MARK: Work

    /// A main-actor job held main for `job`, frames' periods being `periodNs` long: main answered nothing else
    /// meanwhile. It was interaction `interaction`'s, or the frame's own work when `nil`.
    mutating func mainActorJob(_ job: RunRecorder.Span, of interaction: Int? = nil, periodNs: UInt64) {
        let nanoseconds = job.nanoseconds
        if let interaction { interactionHeldMain(interaction, nanoseconds: nanoseconds) }
        mainActorJobs.add(nanoseconds: nanoseconds, periodNs: periodNs)
        if nanoseconds > periodNs { mainActorBlockingNs += nanoseconds - periodNs }
        if StageMetrics.isHang(nanoseconds: nanoseconds) { longJobs.append(job) }
    }

    /// Step `key` of `kind` ran for `nanoseconds`, holding main for `heldNs` when `onMain`, having allocated
    /// `allocations` when counted. An awaited `io` step off main holds no thread, so adds no pool time.
    mutating func stepRan(
        _ key: StepTiming.Key,
        kind: MainWork,
        nanoseconds: UInt64,
        heldNs: UInt64,
        onMain: Bool,
        allocations: UInt64?
    ) {
        makeRoom(for: key)
        stepTimings[key.interaction][key.step].add(nanoseconds: nanoseconds, onMain: onMain, allocations: allocations)
        if onMain {
            mainBusyNs[kind] += heldNs
        } else if kind != .io {
            offMainWorkNs += nanoseconds
        }
    }

    /// The synchronous part of step `key`'s `io` body ran on main for `job`: main-thread time of a step that otherwise
    /// runs off main, and a main-actor job.
    mutating func ioBodyRanOnMain(_ key: StepTiming.Key, _ job: RunRecorder.Span, periodNs: UInt64) {
        makeRoom(for: key)
        stepTimings[key.interaction][key.step].add(mainNanoseconds: job.nanoseconds)
        mainBusyNs[.io] += job.nanoseconds
        mainActorJob(job, of: key.interaction, periodNs: periodNs)
    }

    /// Interaction `interaction` held main for one job of `nanoseconds` (outside a prepared run, or for an index
    /// it was not prepared for, nothing is kept).
    private mutating func interactionHeldMain(_ interaction: Int, nanoseconds: UInt64) {
        guard longestJobNs.indices.contains(interaction) else { return }
        longestJobNs[interaction] = max(longestJobNs[interaction], nanoseconds)
        if StageMetrics.isHang(nanoseconds: nanoseconds) { hangJobs[interaction] += 1 }
    }

    // MARK: Reading

    /// Every step that ran, in interaction then step order, each with its failures: how often it threw and the
    /// earliest error's text, which only the merged tally knows (threads' errors are ordered by when they came).
    var timings: [StepTiming] {
        var all = self
        for (key, failure) in stepFailures {
            all.makeRoom(for: key)
            all.stepTimings[key.interaction][key.step].failures = failure.count
            all.stepTimings[key.interaction][key.step].firstError = failure.text
        }
        return all.stepTimings.joined().filter(\.ran)
    }

    private mutating func makeRoom(for key: StepTiming.Key) {
        while stepTimings.count <= key.interaction { stepTimings.append([]) }
        while stepTimings[key.interaction].count <= key.step {
            stepTimings[key.interaction].append(
                StepTiming(
                    key: StepTiming.Key(interaction: key.interaction, step: stepTimings[key.interaction].count)
                )
            )
        }
    }

    private mutating func subsystemIndex(_ subsystem: String) -> Int {
        for index in subsystems.indices where subsystems[index] == subsystem { return index }
        subsystems.append(subsystem)
        subsystemHopWait.append(.microseconds())
        return subsystems.count - 1
    }

    /// Adds `other`'s records to these.
    mutating func add(_ other: ThreadTally) {
        interactionLatency.add(other.interactionLatency)
        completed += other.completed
        failed += other.failed
        for (key, failure) in other.stepFailures {
            var merged = stepFailures[key] ?? (0, failure.first, failure.text)
            merged.count += failure.count
            if failure.first < merged.first { (merged.first, merged.text) = (failure.first, failure.text) }
            stepFailures[key] = merged
        }
        hopsOfCompleted += other.hopsOfCompleted
        finished.formUnion(other.finished)
        if other.holdNs.count > holdNs.count {
            holdNs += repeatElement(0, count: other.holdNs.count - holdNs.count)
        }
        for (id, nanoseconds) in other.holdNs.enumerated() where nanoseconds > holdNs[id] { holdNs[id] = nanoseconds }
        poolHopWait.add(other.poolHopWait)
        backlog.add(other.backlog)
        queued.add(other.queued)
        for (subsystem, wait) in zip(other.subsystems, other.subsystemHopWait) {
            subsystemHopWait[subsystemIndex(subsystem)].add(wait)
        }
        mainActorJobs.add(other.mainActorJobs)
        mainActorBlockingNs += other.mainActorBlockingNs
        longJobs += other.longJobs
        for work in MainWork.allCases { mainBusyNs[work] += other.mainBusyNs[work] }
        offMainWorkNs += other.offMainWorkNs
        for timing in other.stepTimings.joined() {
            makeRoom(for: timing.key)
            stepTimings[timing.key.interaction][timing.key.step].add(timing)
        }
        for (index, longest) in other.longestJobNs.enumerated() {
            while longestJobNs.count <= index {
                longestJobNs.append(0)
                hangJobs.append(0)
            }
            longestJobNs[index] = max(longestJobNs[index], longest)
            hangJobs[index] += other.hangJobs[index]
        }
    }
}

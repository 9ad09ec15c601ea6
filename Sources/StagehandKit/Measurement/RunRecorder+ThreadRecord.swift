import Histogram

extension RunRecorder {
    /// What any thread records (steps, hops off main, main-actor jobs, finished interactions): one per recording
    /// thread (``ThreadShards``), merged when the metrics are read.
    struct ThreadRecord {
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
        var longJobs: [Span] = []
        var mainBusyNs = MainBusyTimes()
        /// Time pool threads spent in steps (on pool threads and actors): wall time, because a step holds its thread
        /// for as long as it runs, preempted or not.
        var offMainWorkNs: UInt64 = 0
        /// By interaction index, then step index.
        var stepTimings: [[StepTiming]] = []
        /// By interaction index: its longest main-actor job, and how many of its jobs were a hang's length.
        var longestJobNs: [UInt64] = []
        var hangJobs: [Int] = []

        /// Sizes the tables for `stepKeys` and `subsystems`, so recording them allocates nothing.
        mutating func prepare(stepKeys: [StepTiming.Key], subsystems: [String]) {
            for key in stepKeys { makeRoom(for: key) }
            for subsystem in subsystems { _ = subsystemIndex(subsystem) }
            let interactions = (stepKeys.map(\.interaction).max() ?? -1) + 1
            longestJobNs = Array(repeating: 0, count: interactions)
            hangJobs = Array(repeating: 0, count: interactions)
        }

        /// Interaction `interaction` held main for one job of `nanoseconds` (outside a prepared run, or for an index
        /// it was not prepared for, nothing is kept).
        mutating func interactionHeldMain(_ interaction: Int, nanoseconds: UInt64) {
            guard longestJobNs.indices.contains(interaction) else { return }
            longestJobNs[interaction] = max(longestJobNs[interaction], nanoseconds)
            if StageMetrics.isHang(nanoseconds: nanoseconds) { hangJobs[interaction] += 1 }
        }

        mutating func recordStep(_ key: StepTiming.Key, nanoseconds: UInt64, onMain: Bool, allocations: UInt64?) {
            makeRoom(for: key)
            stepTimings[key.interaction][key.step]
                .add(nanoseconds: nanoseconds, onMain: onMain, allocations: allocations)
        }

        /// Records a wait for `subsystem`'s actor (known to ``prepare(stepKeys:subsystems:)``, or added).
        mutating func recordSubsystemWait(_ subsystem: String, nanoseconds: UInt64) {
            subsystemHopWait[subsystemIndex(subsystem)].record(nanoseconds: nanoseconds)
        }

        /// Adds main-thread time to a step that otherwise ran off main (an `io` body's synchronous parts).
        mutating func recordStepOnMain(_ key: StepTiming.Key, nanoseconds: UInt64) {
            makeRoom(for: key)
            stepTimings[key.interaction][key.step].add(mainNanoseconds: nanoseconds)
        }

        mutating func recordStepFailures(_ key: StepTiming.Key, count: Int, firstError: String) {
            makeRoom(for: key)
            stepTimings[key.interaction][key.step].failures = count
            stepTimings[key.interaction][key.step].firstError = firstError
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
        mutating func add(_ other: ThreadRecord) {
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
    /// Nanoseconds main was busy, by what kept it busy: stored inline, so recording never allocates (an array of
    /// constants would be a shared static one, copied on the run's first write).
    struct MainBusyTimes {
        private var frame: UInt64 = 0
        private var ui: UInt64 = 0
        private var compute: UInt64 = 0
        private var state: UInt64 = 0
        private var io: UInt64 = 0
        private var overhead: UInt64 = 0

        subscript(work: MainWork) -> UInt64 {
            get {
                switch work {
                case .frame: frame
                case .ui: ui
                case .compute: compute
                case .state: state
                case .io: io
                case .overhead: overhead
                }
            }
            set {
                switch work {
                case .frame: frame = newValue
                case .ui: ui = newValue
                case .compute: compute = newValue
                case .state: state = newValue
                case .io: io = newValue
                case .overhead: overhead = newValue
                }
            }
        }
    }
}

import Dispatch

/// One stage run in this process: a real main loop with frames on the vsync grid, interactions arriving on
/// schedule and handled by the stage's executor, measured for the workload's duration.
@MainActor
final class MainLoop {
    /// How long a stage run waits, after arrivals stop, for the interactions still in flight to finish.
    nonisolated static func drainSeconds(forDuration durationSeconds: Double) -> Double {
        1 + durationSeconds * 0.1
    }

    /// What a run produces.
    struct Outcome {
        var metrics: StageMetrics
        var stepTimings: [StepTiming]
        var distributions: RunDistributions
        /// The run event by event, when traced.
        var trace: TraceLog.Recording?
        /// Page faults the process took that needed no disk read (pages first touched), from the start of the run's
        /// counting to its end, before its figures were computed: what ``WarmUp`` watches settle. The harness's own
        /// per-run buffers (its histograms), made before and after, are not in it.
        var pageFaults: Int
        /// Interactions still holding or waiting for a thread when the run ended (after a warm-up that finishes
        /// everything: none; an io wait still pending holds none, and its interaction skips the rest of its steps).
        var runningAtEnd: Int
        /// What each interaction did to main, by interaction index.
        var interactions: [InteractionSample]
    }

    private let workload: Workload
    /// What each step runs: the user's code, or the spec's simulated costs.
    private let code: WorkloadCode
    /// Each step's subsystem, by interaction and step: its position in `workload.subsystems` (0 for other kinds).
    private let subsystemOfStep: [[Int]]
    private let stage: Stage
    private let seed: UInt64
    private let calibration: CalibratedWork
    private let recorder: RunRecorder
    private let ioSemantics: IOSemantics
    private let inputs: TightLoop.Inputs?
    private let allocations = AllocationCounter()
    /// Interactions handed to their handler so far: the next one's delivery number.
    private var delivered = 0
    /// Deliveries so far, by interaction index (for the harness's share of the allocations).
    private var deliveries: [Int]
    /// Arrivals that were due and never delivered (main was blocked when arrivals stopped), by interaction index.
    private var undelivered: [Int]

    /// - Parameters:
    ///   - code: what the steps run; by default the spec's simulated costs. A workload declared in Swift passes its
    ///     code (``CodeWorkload``), matched to `workload`, which may be its warm-up or a scaled probe.
    ///   - probes: `false` only to measure the probes' own cost (see ``ProbeCostBenchmark``).
    ///   - trace: whether to keep the run's timeline event by event (for `profile --trace`).
    ///   - ioSemantics: where `io` bodies of the user's code run their synchronous parts.
    ///   - inputs: where a warm-up keeps the inputs its code `compute` steps were given (``TightLoop``).
    init(
        workload: Workload,
        code: WorkloadCode? = nil,
        stage: Stage,
        seed: UInt64,
        calibration: CalibratedWork,
        probes: Bool = true,
        trace: Bool = false,
        ioSemantics: IOSemantics = .defaultSemantics,
        keepingInputs inputs: TightLoop.Inputs? = nil
    ) {
        self.ioSemantics = ioSemantics
        self.inputs = inputs
        self.workload = workload
        self.code = code?.matching(workload) ?? WorkloadCode(simulating: workload)
        subsystemOfStep = workload.interactions.map { interaction in
            interaction.steps.map { step in
                step.kind == .state ? workload.subsystems.firstIndex(of: step.label) ?? 0 : 0
            }
        }
        self.stage = stage
        self.seed = seed
        self.calibration = calibration
        deliveries = Array(repeating: 0, count: workload.interactions.count)
        undelivered = deliveries
        recorder = RunRecorder(refreshHz: workload.refreshHz, probes: probes, trace: trace ? TraceLog() : nil)
    }

    /// Runs the stage and returns what was measured.
    ///
    /// Interactions arrive for the workload's duration; then the run drains: frames go on until every interaction
    /// in flight has finished or the drain limit passes, so a stage is not credited or blamed for where the cut
    /// falls. The run ends when its timer gets the main thread; if main is blocked, it ends late, and what blocked
    /// it is in the measurements.
    ///
    /// - Parameter finishingEverything: for a warm-up: at the drain limit, skip the steps not started yet and wait
    ///   until nothing of this run holds or waits for a thread, so none of it runs on into the measured run that
    ///   follows. An io wait still pending is left: it holds no thread, and its interaction skips the rest.
    func run(finishingEverything: Bool = false) async -> Outcome {
        let executor = stage.makeExecutor(
            subsystems: workload.subsystems.map { name in
                (name, code.stateMakers[name] ?? { SubsystemState() })
            }
        )
        let start = Instant.now.adding(milliseconds: 20)
        let arrivalsEnd = start.adding(milliseconds: workload.durationSeconds * 1000)
        let drainEnd = arrivalsEnd.adding(
            milliseconds: Self.drainSeconds(forDuration: workload.durationSeconds) * 1000
        )
        recorder.prepare(
            stepKeys: workload.interactions.indices.flatMap { interaction in
                workload.interactions[interaction].steps.indices.map {
                    StepTiming.Key(interaction: interaction, step: $0)
                }
            },
            subsystems: workload.subsystems,
            deliveries: Self.expectedArrivals(of: workload),
            arrivalsStart: start,
            arrivalsEnd: arrivalsEnd,
            causeLabels: HitchAttribution.labels(for: workload)
        )
        let frameWorkMs = workload.frameWorkMs
        let calibration = self.calibration
        let recorder = self.recorder
        let clock = FrameClock(start: start, periodNs: recorder.periodNs) { tick in
            // The frame's own main-thread work: layout and render commit.
            calibration.run(ms: frameWorkMs)
            recorder.frame(vsync: tick.vsync, started: tick.started, ended: .now, coalesced: tick.coalesced)
        }
        let events = EventSource(
            schedule: ArrivalSchedule(interactions: workload.interactions, start: start, end: arrivalsEnd, seed: seed)
        ) { [unowned self] arrival in
            self.deliver(arrival, to: executor)
        }
        // Before anything is counted: what the harness allocates per delivery (the interaction's step list and
        // accounting, the event source's callback and re-arming its timer), so the workload's counts can leave it out.
        // (Main-only's blocking wait for an io body of the user's code keeps its own out: ``StepRun/blockingWait()``.)
        let overhead = DeliveryOverhead(interactions: workload.interactions.count, probe: allocations) { index in
            _ = makeRun(of: index, id: -1, arrival: .now)
            events.idleDelivery()
        }
        return await withCheckedContinuation { continuation in
            let endTimer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
            endTimer.schedule(deadline: arrivalsEnd.dispatchTime, repeating: .milliseconds(5), leeway: .nanoseconds(0))
            var arriving = true
            var allocationsAtStart: AllocationCounter.Sample?
            var pageFaultsAtStart = 0
            endTimer.setEventHandler { [unowned self] in
                // Each call of this handler is the harness's, on main, inside the counted window (every 5 ms while
                // the run drains): what it allocates before the run's counts are read is kept out.
                let called = AllocationExclusion.mark()
                MainQueue.assumeMainActor {
                    let now = Instant.now
                    if arriving {
                        arriving = false
                        // Arrivals that were due but never reached their handler (main was blocked) are unfinished.
                        let undelivered = events.stop()
                        for arrival in undelivered { self.undelivered[arrival.interaction] += 1 }
                        recorder.undelivered(undelivered.map(\.time), at: now)
                    }
                    if finishingEverything, now >= drainEnd { recorder.progress.cancelRemainingSteps() }
                    let drained = now >= drainEnd && (!finishingEverything || recorder.runningOrQueued == 0)
                    let done = recorder.inFlight == 0 || drained
                    guard done else { return AllocationExclusion.keepOut(since: called) }
                    endTimer.cancel()
                    if let pending = clock.stop(at: now) {
                        recorder.pendingFrame(vsync: pending, at: now)
                    }
                    let pageFaults = Platform.minorPageFaults - pageFaultsAtStart
                    AllocationExclusion.keepOut(since: called)
                    let measured = recorder.measurements(
                        arrivalSeconds: arrivalsEnd.milliseconds(since: start) / 1000,
                        runSeconds: now.milliseconds(since: start) / 1000,
                        end: now,
                        allocationsStart: allocationsAtStart,
                        allocationsEnd: self.allocations?.sample().withResidentSet(),
                        deliveryOverhead: overhead.total(deliveries: self.deliveries)
                    )
                    let interactions = recorder.interactionSamples(
                        arrivals: zip(self.deliveries, self.undelivered).map { $0 + $1 }
                    )
                    continuation.resume(
                        returning: Outcome(
                            metrics: measured.metrics,
                            stepTimings: measured.stepTimings,
                            distributions: measured.distributions,
                            trace: recorder.traceRecording(from: start, to: now),
                            pageFaults: pageFaults,
                            runningAtEnd: recorder.runningOrQueued,
                            interactions: interactions
                        )
                    )
                }
            }
            // Counting starts once everything the run needs exists, the end handler above too (setting it allocates);
            // from here the harness allocates only per delivery, and what the end handler allocates it keeps out.
            allocationsAtStart = self.allocations?.sample()
            pageFaultsAtStart = Platform.minorPageFaults
            clock.resume()
            events.resume()
            endTimer.resume()
        }
    }

    /// How many interactions a run of `workload` may have in flight at most: every arrival of its duration, with
    /// room for Poisson bursts.
    private static func expectedArrivals(of workload: Workload) -> Int {
        let mean = workload.interactions.reduce(0) { $0 + $1.ratePerSecond } * workload.durationSeconds
        return Int(min(mean * 1.2 + 16, 1_000_000))
    }

    /// One arrival of interaction `index`, ready for its handler: its steps and its accounting.
    private func makeRun(of index: Int, id: Int, arrival: Instant) -> InteractionRun {
        let interaction = workload.interactions[index]
        let segment = MainSegment(recorder: recorder, interaction: index)
        let flow = InteractionFlow()
        let bodies = code.bodies[index]
        let subsystems = subsystemOfStep[index]
        let steps = interaction.steps.enumerated().map { step, spec in
            StepRun(
                kind: spec.kind,
                label: spec.label,
                interaction: interaction.name,
                body: bodies[step],
                subsystem: subsystems[step],
                key: StepTiming.Key(interaction: index, step: step),
                delivery: id,
                calibration: calibration,
                recorder: recorder,
                segment: segment,
                flow: flow,
                ioSemantics: ioSemantics,
                inputs: inputs
            )
        }
        return InteractionRun(
            name: interaction.name,
            steps: steps,
            id: id,
            arrival: arrival,
            recorder: recorder,
            segment: segment
        )
    }

    /// Hands one arrived interaction to the stage's main-actor handler.
    private func deliver(_ arrival: ArrivalSchedule.Arrival, to executor: any StageExecutor) {
        let run = makeRun(of: arrival.interaction, id: delivered, arrival: arrival.time)
        delivered += 1
        deliveries[arrival.interaction] += 1
        run.handlerStarted()
        executor.handle(run)
        run.handlerReturned()
    }
}

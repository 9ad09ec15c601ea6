import Dispatch

/// One stage run in this process: a real main loop with frames on the vsync grid, interactions arriving on
/// schedule and handled by the stage's executor, measured for the workload's duration.
@MainActor
final class MainLoop {
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
    /// The interactions an exposure run delivers itself (``ExposureSource``), by index; empty in other runs.
    private let exposed: [Int]
    /// How many arrivals of each exposed interaction it delivers, one round of each at a time.
    private let exposureRounds: Int
    private let allocations = AllocationCounter()
    /// Interactions handed to their handler so far: the next one's delivery number.
    private var delivered = 0
    /// Arrivals that were due and never delivered (main was still blocked when the run ended), by interaction index.
    private var undelivered: [Int]

    /// - Parameters:
    ///   - code: what the steps run; by default the spec's simulated costs. A workload declared in Swift passes its
    ///     code (``CodeWorkload``), matched to `workload`, which may be its warm-up or a scaled probe.
    ///   - probes: `false` only to measure the probes' own cost (see ``ProbeCostBenchmark``).
    ///   - trace: whether to keep the run's timeline event by event (for `profile --trace`).
    ///   - ioSemantics: where `io` bodies of the user's code run their synchronous parts.
    ///   - inputs: where a warm-up keeps the inputs its code `compute` steps were given (``TightLoop``).
    ///   - exposed: for an exposure run, the interactions it exposes (indices): they arrive one at a time as an
    ///     ``ExposurePlan`` says, not at their declared rates, `exposureRounds` times each.
    init(
        workload: Workload,
        code: WorkloadCode? = nil,
        stage: Stage,
        seed: UInt64,
        calibration: CalibratedWork,
        probes: Bool = true,
        trace: Bool = false,
        ioSemantics: IOSemantics = .defaultSemantics,
        keepingInputs inputs: TightLoop.Inputs? = nil,
        exposing exposed: [Int] = [],
        exposureRounds: Int = InteractionExposure.minimumArrivals
    ) {
        self.exposed = exposed
        self.exposureRounds = exposureRounds
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
        undelivered = Array(repeating: 0, count: workload.interactions.count)
        recorder = RunRecorder(refreshHz: workload.refreshHz, probes: probes, trace: trace ? TraceLog() : nil)
    }

    /// Runs the stage and returns what was measured.
    ///
    /// Interactions arrive for the workload's duration (the arrival window); then the run follows them to their end:
    /// frames go on, arrivals that were due in the window but could not reach main yet are still delivered, and the
    /// run ends once every one of them has finished its last step (``Workload/followThroughSeconds``), so a stage is
    /// judged on all its arrivals do, however late, and is not credited or blamed for where a cut falls. It ends
    /// earlier in two cases: at the hard end (the window plus ``Workload/followThroughSeconds``), and once the
    /// catch-up allowance (``Workload/catchUpSeconds(forDuration:)``) has passed while arrivals still wait for main or
    /// a thread in numbers no stage that keeps up would leave (it falls behind: following it would only lengthen the
    /// run). Whatever is left then is unfinished. The run ends when its timer gets the main thread; if main is
    /// blocked, it ends late, and what blocked it is in the measurements.
    ///
    /// - Parameter finishingEverything: for a warm-up: arrivals stop with the window, and at the catch-up allowance
    ///   the steps not started yet are skipped and the run waits until nothing of it holds or waits for a thread, so
    ///   none of it runs on into the measured run that follows. An io wait still pending is left: it holds no thread,
    ///   and its interaction skips the rest.
    func run(finishingEverything: Bool = false) async -> Outcome {
        let executor = stage.makeExecutor(
            subsystems: workload.subsystems.map { name in
                (name, code.stateMakers[name] ?? { SubsystemState() })
            }
        )
        let start = Instant.now.adding(milliseconds: 20)
        let arrivalsEnd = start.adding(milliseconds: workload.durationSeconds * 1000)
        let catchUpEnd = arrivalsEnd.adding(
            milliseconds: Workload.catchUpSeconds(forDuration: workload.durationSeconds) * 1000
        )
        let followThroughMs = workload.followThroughSeconds * 1000
        if !finishingEverything {
            // The latest this run can end: the follow-through after the window, or, in an exposure run, after its
            // last exposed arrival, which comes at most a follow-through and a settling after the one before.
            let exposedArrivals = Double(exposed.count * exposureRounds)
            let settleMs = (ExposurePlan.settleFrames + 1) * workload.frameBudgetMs
            recorder.progress.followThrough(
                endingBy: arrivalsEnd.adding(
                    milliseconds: followThroughMs + exposedArrivals * (followThroughMs + settleMs)
                )
            )
        }
        recorder.prepare(
            stepKeys: workload.interactions.indices.flatMap { interaction in
                workload.interactions[interaction].steps.indices.map {
                    StepTiming.Key(interaction: interaction, step: $0)
                }
            },
            subsystems: workload.subsystems,
            deliveries: Self.expectedArrivals(of: workload) + exposed.count * exposureRounds,
            arrivalsStart: start,
            arrivalsEnd: arrivalsEnd,
            causeLabels: HitchCauseNames(workload).labels
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
            schedule: ArrivalSchedule(
                interactions: workload.interactions,
                start: start,
                end: arrivalsEnd,
                seed: seed,
                leaving: exposed
            )
        ) { [unowned self] arrival in
            self.deliver(arrival, to: executor)
        }
        let exposure =
            exposed.isEmpty
            ? nil
            : ExposureSource(
                plan: ExposurePlan(
                    exposed: exposed,
                    rounds: exposureRounds,
                    start: start,
                    windowSeconds: workload.durationSeconds,
                    refreshHz: workload.refreshHz,
                    waitLimitSeconds: workload.exposureWaitSeconds(forInteraction:),
                    seed: seed
                )
            ) { [unowned self] in
                self.delivered
            } onEvent: { [unowned self] arrival, onEnd in
                self.deliver(arrival, to: executor, onEnd: onEnd)
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
                // the run follows its arrivals): what it allocates before the run's counts are read is kept out.
                let called = AllocationExclusion.mark()
                MainQueue.assumeMainActor {
                    let now = Instant.now
                    if arriving {
                        arriving = false
                        // A warm-up drops the arrivals main has not taken yet; a measured run still delivers them.
                        if finishingEverything { self.stopArrivals(events, exposure, at: now) }
                    }
                    let done: Bool
                    if finishingEverything {
                        if now >= catchUpEnd { recorder.progress.cancelRemainingSteps() }
                        done = recorder.inFlight == 0 || (now >= catchUpEnd && recorder.runningOrQueued == 0)
                    } else {
                        let exposing = !(exposure?.isComplete ?? true)
                        // Every arrival ended, or those left wait for answers due after the hard end: nothing to see.
                        let followed =
                            !events.hasPending && !exposing
                            && (recorder.inFlight == 0 || recorder.onlyOutlastingInFlight)
                        // Past the catch-up allowance, arrivals main has not taken, or more interactions on a thread or
                        // waiting for one than main and the pool can run at once, are a backlog: the stage falls
                        // behind. (An io body of the user's code may be awaiting its answer: not counted.)
                        let behind =
                            now >= catchUpEnd
                            && (events.hasPending || recorder.interactionsOnThreadsAtEnd > RunRecorder.poolWidth + 1)
                        // The hard end: the follow-through after the window, or after the last exposed arrival.
                        let lastArrival = max(arrivalsEnd, exposure?.lastDelivery ?? arrivalsEnd)
                        if exposure != nil, !exposing {  // the exposure is over: its hard end is known now
                            recorder.progress.followThrough(endingBy: lastArrival.adding(milliseconds: followThroughMs))
                        }
                        let cut = !exposing && now >= lastArrival.adding(milliseconds: followThroughMs)
                        done = followed || behind || cut
                        if done { self.stopArrivals(events, exposure, at: now) }
                    }
                    guard done else { return AllocationExclusion.keepOut(since: called) }
                    endTimer.cancel()
                    if let pending = clock.stop(at: now) {
                        recorder.pendingFrame(vsync: pending, at: now)
                    }
                    recorder.readCoreWait(at: now)
                    let pageFaults = Platform.minorPageFaults - pageFaultsAtStart
                    AllocationExclusion.keepOut(since: called)
                    let measured = recorder.measurements(
                        arrivalSeconds: arrivalsEnd.milliseconds(since: start) / 1000,
                        runSeconds: now.milliseconds(since: start) / 1000,
                        end: now,
                        allocationsStart: allocationsAtStart,
                        allocationsEnd: self.allocations?.sample().withResidentSet(),
                        deliveryOverhead: overhead.total(deliveries: recorder.deliveries(of: self.undelivered.count)),
                        undelivered: self.undelivered
                    )
                    continuation.resume(
                        returning: Outcome(
                            metrics: measured.metrics,
                            stepTimings: measured.stepTimings,
                            distributions: measured.distributions,
                            trace: recorder.traceRecording(from: start, to: now, hangs: measured.hangs),
                            pageFaults: pageFaults,
                            runningAtEnd: recorder.runningOrQueued,
                            interactions: measured.interactions
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
            exposure?.resume()
            endTimer.resume()
        }
    }

    /// Skips the steps not started yet of whatever of the run is still under way, and waits until none of it holds
    /// or waits for a thread, for at most `seconds`: so that nothing of a run whose results are read apart (the first
    /// arrivals, ``FirstArrivals``) runs on into the runs after it.
    ///
    /// - Returns: whether all of it ended in that time.
    @discardableResult
    func endWhatIsLeft(waitingAtMost seconds: Double) async -> Bool {
        recorder.progress.cancelRemainingSteps()
        let deadline = Instant.now.adding(milliseconds: seconds * 1000)
        while recorder.runningOrQueued > 0, Instant.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return recorder.runningOrQueued == 0
    }

    /// How many interactions a run of `workload` may have in flight at most: every arrival of its duration, with
    /// room for Poisson bursts.
    private static func expectedArrivals(of workload: Workload) -> Int {
        let mean = workload.interactions.reduce(0) { $0 + $1.ratePerSecond } * workload.durationSeconds
        return Int(min(mean * 1.2 + 16, 1_000_000))
    }

    /// Stops taking arrivals at `now`: those that were due but never reached their handler are unfinished, and exposed
    /// arrivals not delivered yet never come.
    private func stopArrivals(_ events: EventSource, _ exposure: ExposureSource?, at now: Instant) {
        exposure?.stop()
        let undelivered = events.stop()
        for arrival in undelivered { self.undelivered[arrival.interaction] += 1 }
        recorder.undelivered(undelivered.map(\.time), at: now)
    }

    /// One arrival of interaction `index`, ready for its handler: its steps and its accounting (and, for an exposed
    /// arrival, whom to tell when it ends).
    private func makeRun(
        of index: Int,
        id: Int,
        arrival: Instant,
        onEnd: (@Sendable (Int, Instant) -> Void)? = nil
    ) -> InteractionRun {
        let interaction = workload.interactions[index]
        let segment = MainSegment(recorder: recorder, interaction: index, delivery: id)
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
            interaction: index,
            steps: steps,
            id: id,
            arrival: arrival,
            recorder: recorder,
            segment: segment,
            onEnd: onEnd
        )
    }

    /// Hands one arrived interaction to the stage's main-actor handler.
    private func deliver(
        _ arrival: ArrivalSchedule.Arrival,
        to executor: any StageExecutor,
        onEnd: (@Sendable (Int, Instant) -> Void)? = nil
    ) {
        let run = makeRun(of: arrival.interaction, id: delivered, arrival: arrival.time, onEnd: onEnd)
        delivered += 1
        run.handlerStarted()
        executor.handle(run)
        run.handlerReturned()
    }
}

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
    }

    private let workload: Workload
    private let stage: Stage
    private let seed: UInt64
    private let calibration: CalibratedWork
    private let recorder: RunRecorder
    private let allocations = JemallocProbe()

    /// - Parameters:
    ///   - probes: `false` only to measure the probes' own cost (see ``ProbeCostBenchmark``).
    ///   - trace: whether to keep the run's timeline event by event (for `profile --trace`).
    init(
        workload: Workload,
        stage: Stage,
        seed: UInt64,
        calibration: CalibratedWork,
        probes: Bool = true,
        trace: Bool = false
    ) {
        self.workload = workload
        self.stage = stage
        self.seed = seed
        self.calibration = calibration
        recorder = RunRecorder(refreshHz: workload.refreshHz, probes: probes, trace: trace ? TraceLog() : nil)
    }

    /// Runs the stage and returns what was measured.
    ///
    /// Interactions arrive for the workload's duration; then the run drains: frames go on until every interaction
    /// in flight has finished or the drain limit passes, so a stage is not credited or blamed for where the cut
    /// falls. The run ends when its timer gets the main thread; if main is blocked, it ends late, and what blocked
    /// it is in the measurements.
    func run() async -> Outcome {
        let executor = stage.makeExecutor(subsystems: workload.subsystems)
        let start = Instant.now.adding(milliseconds: 20)
        let arrivalsEnd = start.adding(milliseconds: workload.durationSeconds * 1000)
        let drainEnd = arrivalsEnd.adding(
            milliseconds: ProfileOptions.drainSeconds(forDuration: workload.durationSeconds) * 1000
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
        let allocationsAtStart = allocations?.sample()
        return await withCheckedContinuation { continuation in
            let endTimer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
            endTimer.schedule(deadline: arrivalsEnd.dispatchTime, repeating: .milliseconds(5), leeway: .nanoseconds(0))
            var arriving = true
            endTimer.setEventHandler { [unowned self] in
                MainActor.assumeIsolated {
                    let now = Instant.now
                    if arriving {
                        arriving = false
                        // Arrivals that were due but never reached their handler (main was blocked) are unfinished.
                        recorder.undelivered(events.stop(), at: now)
                    }
                    guard recorder.inFlight == 0 || now >= drainEnd else { return }
                    endTimer.cancel()
                    if let pending = clock.stop(at: now) {
                        recorder.pendingFrame(vsync: pending, at: now)
                    }
                    let (metrics, timings, distributions) = recorder.metrics(
                        arrivalSeconds: arrivalsEnd.milliseconds(since: start) / 1000,
                        runSeconds: now.milliseconds(since: start) / 1000,
                        allocationsStart: allocationsAtStart,
                        allocationsEnd: self.allocations?.sample()
                    )
                    continuation.resume(
                        returning: Outcome(
                            metrics: metrics,
                            stepTimings: timings,
                            distributions: distributions,
                            trace: recorder.trace?.recording(from: start, to: now)
                        )
                    )
                }
            }
            clock.resume()
            events.resume()
            endTimer.resume()
        }
    }

    /// Hands one arrived interaction to the stage's main-actor handler.
    private func deliver(_ arrival: ArrivalSchedule.Arrival, to executor: any StageExecutor) {
        let interaction = workload.interactions[arrival.interaction]
        let segment = MainSegment(recorder: recorder)
        let steps = interaction.steps.enumerated().map { index, step in
            StepRun(
                kind: step.kind,
                label: step.label,
                interaction: interaction.name,
                cost: step.cost,
                key: StepTiming.Key(interaction: arrival.interaction, step: index),
                calibration: calibration,
                recorder: recorder,
                segment: segment
            )
        }
        let run = InteractionRun(
            name: interaction.name,
            steps: steps,
            arrival: arrival.time,
            recorder: recorder,
            segment: segment
        )
        recorder.interactionArrived()
        run.handlerStarted()
        executor.handle(run)
        run.handlerReturned()
    }
}

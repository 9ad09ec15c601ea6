/// What Stagehand's probes cost per step on this machine, for the report's environment block.
///
/// Times, in a tight loop, the instrumented path of one offloaded `compute` step with no work in it: the hop onto the
/// pool, the step's own timing and record, the main-actor job it closes, the hop back to main and the job it opens.
/// The same loop with a recorder whose probes are off (as `run-stage --bare`) is subtracted, so what remains is what
/// instrumenting adds. The median of several rounds, so a round the machine interrupted does not count.
///
/// This is the probes' own time on the thread that runs them. What they add to a whole run (cache
/// effects, scheduling) is what `stagehand benchmark-probes` measures, in about 35 s.
package enum ProbeCost {
    /// Microseconds the probes add to one step: the median of `rounds` rounds of `steps` steps each, never negative.
    package static func microsecondsPerStep(steps: Int = 2000, rounds: Int = 7) -> Double {
        var samples: [Double] = []
        for _ in 0..<rounds {
            let instrumented = nanosecondsPerStep(probes: true, steps: steps)
            let bare = nanosecondsPerStep(probes: false, steps: steps)
            samples.append((instrumented - bare) / 1000)
        }
        return max(median(samples), 0)
    }

    private static func nanosecondsPerStep(probes: Bool, steps: Int) -> Double {
        let recorder = RunRecorder(refreshHz: 60, probes: probes)
        let key = StepTiming.Key(interaction: 0, step: 0)
        let now = Instant.now  // a window the loop's records fall in, so they are tallied as in a run
        recorder.prepare(
            stepKeys: [key],
            subsystems: [],
            deliveries: 1,
            arrivalsStart: now,
            arrivalsEnd: now.adding(milliseconds: 600_000)
        )
        let segment = MainSegment(recorder: recorder, interaction: 0, delivery: 0)
        let step = StepRun(
            kind: .compute,
            label: "probe",
            interaction: "probe",
            body: .simulated(.milliseconds(0)),
            subsystem: 0,
            key: key,
            delivery: 0,
            calibration: CalibratedWork(iterationsPerMs: 1),
            recorder: recorder,
            segment: segment,
            flow: InteractionFlow()
        )
        let interaction = InteractionRun(
            name: "probe",
            interaction: 0,
            steps: [step],
            id: 0,
            arrival: .now,
            recorder: recorder,
            segment: segment
        )
        let start = Instant.now
        for _ in 0..<steps {
            interaction.enteredPool(requestedAt: interaction.hopAsked(to: .pool))
            try? step.work()  // a simulated step never throws
            // What `enteredMainActor` records, without needing the main actor here.
            let requested = interaction.hopAsked(to: .mainActor)
            let resumed = Instant.now
            recorder.mainActorHop(0, requested: requested, started: resumed)
            segment.open(at: resumed)
        }
        return Double(Instant.now.nanoseconds(since: start)) / Double(steps)
    }
}

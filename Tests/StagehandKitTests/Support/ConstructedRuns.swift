@testable import StagehandKit

/// Whole runs built on a constructed timeline, recorded as the stages record them: what the backlog and the verdict
/// are checked on, with no clock involved.
enum ConstructedRuns {
    /// A run of `seconds` of arrivals at `ratePerS`, evenly spaced, and the drain the main loop gives it.
    struct Window {
        var seconds: Double
        var ratePerS: Double

        var arrivalsMs: [Double] {
            let gapMs = 1000 / ratePerS
            return stride(from: gapMs / 2, to: seconds * 1000, by: gapMs).map { $0 }
        }
        var endMs: Double { (seconds + Workload.catchUpSeconds(forDuration: seconds)) * 1000 }

        func prepared() -> RunRecorder {
            let recorder = RunRecorder(refreshHz: 60)
            recorder.prepare(
                stepKeys: [StepTiming.Key(interaction: 0, step: 0)],
                subsystems: [],
                deliveries: arrivalsMs.count + 16,
                arrivalsStart: .at(0),
                arrivalsEnd: .at(seconds * 1000)
            )
            return recorder
        }

        func metrics(of recorder: RunRecorder, endingAt endMs: Double) -> StageMetrics {
            recorder.measurements(
                arrivalSeconds: seconds,
                runSeconds: endMs / 1000,
                end: .at(endMs),
                allocationsStart: nil,
                allocationsEnd: nil
            ).metrics
        }
    }

    /// `async` keeping up with interactions that await `ioMs` of I/O: each is handled at once, its task starts on
    /// main at once, and it resumes on main as soon as its answer comes. Those answered after the drain are unfinished
    /// when the run ends, waiting on the outside world, not on the stage.
    static func steadyIO(_ window: Window, ioMs: Double) -> StageMetrics {
        let recorder = window.prepared()
        let end = window.endMs
        for (id, arrival) in window.arrivalsMs.enumerated() {
            recorder.handlerStarted(id, interaction: 0, arrival: .at(arrival), at: .at(arrival))
            recorder.hopAsked(id, to: .mainActor, at: .at(arrival))
            recorder.mainActorHop(id, requested: .at(arrival), started: .at(arrival + 0.1))
            let answered = arrival + 0.1 + ioMs
            // Suspended on the request, holding no thread, as the stage marks it.
            let outlasting = recorder.progress.ioStarted(answeringAt: .at(answered))
            recorder.hopAsked(id, to: .mainActor, at: .at(answered))  // due when the answer comes
            guard answered + 0.1 < end else { continue }
            recorder.progress.ioCompleted(outlasting: outlasting)
            recorder.mainActorHop(id, requested: .at(answered), started: .at(answered + 0.1))
            recorder.interactionFinished(id, arrival: .at(arrival), at: .at(answered + 0.5), mainActorEntries: 3)
        }
        return window.metrics(of: recorder, endingAt: end)
    }

    /// `main-only` overloaded: each interaction holds main for `serviceMs`, so main completes 1000 / `serviceMs`
    /// interactions a second whatever arrives.
    static func overloadedMain(_ window: Window, serviceMs: Double) -> StageMetrics {
        mainOnly(window, arrivalsMs: window.arrivalsMs, serviceMs: serviceMs)
    }

    /// `main-only` with arrivals at `arrivalsMs`, each holding main for `serviceMs` (a compute step), one after
    /// another: events that arrive while main is busy wait for their handler, and those still waiting when arrivals
    /// stop are never delivered.
    static func mainOnly(_ window: Window, arrivalsMs: [Double], serviceMs: Double) -> StageMetrics {
        let recorder = window.prepared()
        let key = StepTiming.Key(interaction: 0, step: 0)
        let arrivalsEnd = window.seconds * 1000
        var free = 0.0
        var delivered = 0
        var undelivered: [Instant] = []
        for arrival in arrivalsMs {
            let start = max(arrival, free)
            guard start < arrivalsEnd else {
                undelivered.append(.at(arrival))
                continue
            }
            recorder.handlerStarted(delivered, interaction: 0, arrival: .at(arrival), at: .at(start))
            free = start + serviceMs
            recorder.stepRan(key, kind: .compute, from: .at(start), to: .at(free), onMain: true)
            recorder.interactionFinished(delivered, arrival: .at(arrival), at: .at(free), mainActorEntries: 1)
            delivered += 1
        }
        recorder.undelivered(undelivered, at: .at(max(arrivalsEnd, free)))
        return window.metrics(of: recorder, endingAt: max(arrivalsEnd, free))
    }

    /// The arrivals of a Poisson stream at `ratePerS` over `seconds`, as a run with `seed` draws them.
    static func poissonArrivalsMs(ratePerS: Double, seconds: Double, seed: UInt64) -> [Double] {
        var schedule = ArrivalSchedule(
            interactions: [Interaction(name: "tap", ratePerSecond: ratePerS, arrival: .poisson, steps: [])],
            start: .at(0),
            end: .at(seconds * 1000),
            seed: seed
        )
        var arrivals: [Double] = []
        while let arrival = schedule.take() { arrivals.append(arrival.time.milliseconds(since: .at(0))) }
        return arrivals
    }
}

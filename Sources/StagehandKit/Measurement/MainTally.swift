import Histogram

/// What only the main loop records: frames, event deliveries, hops onto main. A plain value, touched by main alone
/// while the run goes on (``RunRecorder`` holds it under a lock that is therefore never contended).
///
/// It takes no lock and reads no clock: what happened, and when, is passed in. Its tables are sized before the run
/// (``prepare(stepKeys:subsystems:deliveries:window:arrivalsEnd:causeLabels:)``), so recording allocates nothing.
struct MainTally {
    /// The frame budget P in nanoseconds.
    let periodNs: UInt64
    var timeline = FrameTimeline(reserving: FrameTimeline.capacity)
    var firstVsync: Instant?
    var mainLoopLatency = Histogram<UInt64>.microseconds()
    var frameOverrun = Histogram<UInt64>.microseconds()
    var frames = 0
    var hitches = 0
    /// Hitch time of the frames whose vsync fell within the arrival window, and the steps' share of later ones (the
    /// ratio's numerator: see ``noteHitch(_:vsync:end:)``).
    var hitchTimeNs: UInt64 = 0
    /// The same hitch time, by what held main (see ``HitchAttribution``).
    var attribution = HitchAttribution(causes: HitchAttribution.firstStep)
    /// Each cause's label, by cause (frame work, job overhead, then every step).
    var causeLabels: [String] = []
    /// The cause of each interaction's first step; its other steps follow.
    var firstCause: [Int] = []
    /// See ``prepare(stepKeys:subsystems:deliveries:window:arrivalsEnd:causeLabels:)``; `nil` counts every frame.
    var arrivalsEnd: Instant?
    var droppedFrames = 0
    /// Waits for main (a frame's, an event's) of a hang's length or longer. Rare, so a plain array.
    var longWaits: [RunRecorder.Span] = []
    /// How long main had waited for a core, read at each frame and at the run's end: what a hang's length owes to it.
    var coreWait = CoreWaitSamples()
    var inputLatency = Histogram<UInt64>.microseconds()
    var mainHopWait = Histogram<UInt64>.microseconds()
    /// Every entry onto the main actor, handlers included, finished interactions or not.
    var mainActorEntries = 0
    /// The arrival of each delivered interaction, by delivery number (interactions handed to their handler).
    var arrivals: [Instant] = []
    /// The interaction (its index in the workload) of each delivery, by delivery number.
    var deliveredInteractions: [Int] = []
    /// The arrivals of interactions that were due but never reached their handler before the run ended.
    var undelivered: [Instant] = []
    /// Interactions queued for main (waiting for their handler, or to hop onto the main actor), by quarter of
    /// the arrival window.
    var queued = QuarterTally()
    /// The workload's subsystems, in order: what a pending hop's subsystem position names.
    var subsystems: [String] = []

    init(periodNs: UInt64) {
        self.periodNs = periodNs
    }

    /// Sizes the tables for `stepKeys` (in interaction, then step, order), `subsystems` and `deliveries`
    /// interactions; the queue is tallied by quarter of `window`, and frames whose vsync comes at or after
    /// `arrivalsEnd` count for the hitch-time ratio only what steps made late. `causeLabels` names what hitch time is
    /// attributed to.
    mutating func prepare(
        stepKeys: [StepTiming.Key],
        subsystems: [String],
        deliveries: Int,
        window: QuarterTally,
        arrivalsEnd: Instant,
        causeLabels: [String]
    ) {
        queued = window
        self.subsystems = subsystems
        self.causeLabels = causeLabels
        attribution = HitchAttribution(causes: causeLabels.count)
        firstCause = Array(repeating: 0, count: (stepKeys.map(\.interaction).max() ?? -1) + 1)
        for (index, key) in stepKeys.enumerated() where key.step == 0 {
            firstCause[key.interaction] = HitchAttribution.firstStep + index
        }
        self.arrivalsEnd = arrivalsEnd
        arrivals.reserveCapacity(deliveries)
        deliveredInteractions.reserveCapacity(deliveries)
        longWaits.reserveCapacity(64)
        coreWait.reserve()
    }

    // MARK: Frames

    /// A frame job of `vsync` started on main at `started` and its work ended at `ended`, `overrun` past its deadline
    /// when late, having coalesced `coalesced` vsyncs; `waited` is how long main had waited for a core by then.
    ///
    /// - Returns: for a hitch, what held main longest meanwhile and its share of the time (for the trace).
    mutating func frame(
        vsync: Instant,
        started: Instant,
        ended: Instant,
        coalesced: Int,
        overrun: UInt64?,
        waited: CoreWaitSamples.Reading? = nil
    ) -> (cause: String, share: Double)? {
        attribution.held(HitchAttribution.frameWork, from: started, to: ended)
        coreWait.record(waited, at: ended)
        frames += 1
        droppedFrames += max(coalesced, 0)
        let first = firstVsync ?? vsync
        firstVsync = first
        timeline.add(vsync: vsync, done: ended, firstVsync: first)
        mainLoopLatency.record(nanoseconds: started.nanoseconds(since: vsync))
        noteWait(RunRecorder.Span(start: vsync, end: started))
        guard let overrun else { return nil }
        frameOverrun.record(nanoseconds: overrun)
        return noteHitch(overrun, vsync: vsync, end: ended)
    }

    /// A frame of `vsync` still waiting for main at `now`, `overrun` past its deadline when late.
    ///
    /// - Returns: for a hitch, what held main longest meanwhile and its share of the time (for the trace).
    mutating func pendingFrame(vsync: Instant, at now: Instant, overrun: UInt64?) -> (cause: String, share: Double)? {
        mainLoopLatency.record(nanoseconds: now.nanoseconds(since: vsync))
        noteWait(RunRecorder.Span(start: vsync, end: now))
        guard let overrun else { return nil }
        return noteHitch(overrun, vsync: vsync, end: now)
    }

    /// A hitch: a late frame appears at the first vsync after it ends, so it costs whole refresh intervals. Its time
    /// is attributed to what held main from `vsync` to `end` and counts towards the ratio. Within the arrival window
    /// all of it counts; after it, while the run follows the window's arrivals to their end, only the share their
    /// steps held main for: work that came late is still theirs, but the frame's own work and the overhead of a run
    /// that has stopped taking arrivals are not (the window's own frames already count those at their rate).
    ///
    /// - Returns: what held main longest meanwhile and its share of the time, for the trace; `nil` when not attributed.
    private mutating func noteHitch(_ overrun: UInt64, vsync: Instant, end: Instant) -> (cause: String, share: Double)?
    {
        hitches += 1
        let inWindow = arrivalsEnd.map { vsync < $0 } ?? true
        let hitchNs = (overrun + periodNs - 1) / periodNs * periodNs
        let top = attribution.attribute(vsync: vsync, end: end, hitchNs: hitchNs, stepsOnly: !inWindow)
        hitchTimeNs += inWindow ? hitchNs : UInt64(top.countedNs.rounded())
        guard top.countedNs > 0, causeLabels.indices.contains(top.cause) else { return nil }
        return (causeLabels[top.cause], top.share)
    }

    /// Something waited for main (a frame, an event) for `span`: kept when that is a hang's length.
    private mutating func noteWait(_ span: RunRecorder.Span) {
        if StageMetrics.isHang(nanoseconds: span.nanoseconds) { longWaits.append(span) }
    }

    // MARK: Interactions

    /// Interaction number `id`, an arrival of the workload's interaction `interaction` at `arrival`, reached its
    /// handler at `start`: its arrival is always kept (the in-flight count needs it); with `probes`, its input latency
    /// and its wait in the queue too.
    mutating func handlerStarted(_ id: Int, interaction: Int, arrival: Instant, at start: Instant, probes: Bool) {
        precondition(id == arrivals.count, "delivery numbers are given in order")
        arrivals.append(arrival)
        deliveredInteractions.append(interaction)
        guard probes else { return }
        mainActorEntries += 1
        inputLatency.record(nanoseconds: start.nanoseconds(since: arrival))
        queued.add(from: arrival, to: start)
        noteWait(RunRecorder.Span(start: arrival, end: start))
    }

    /// Arrivals that were due but never reached their handler, each waiting until `now`.
    mutating func undelivered(_ arrivals: [Instant], at now: Instant) {
        if undelivered.isEmpty {
            undelivered = arrivals  // shares the buffer: nothing allocated
        } else {
            undelivered += arrivals
        }
        for arrival in arrivals {
            inputLatency.record(nanoseconds: now.nanoseconds(since: arrival))
            noteWait(RunRecorder.Span(start: arrival, end: now))
        }
    }

    /// A hop onto the main actor, asked at `requested`, running there at `started`.
    mutating func mainActorHop(requested: Instant, started: Instant) {
        mainActorEntries += 1
        mainHopWait.record(nanoseconds: started.nanoseconds(since: requested))
        queued.add(from: requested, to: started)
    }

    /// Step `key` held main from `start` to `end`: what a frame late meanwhile is attributed to.
    mutating func stepHeldMain(_ key: StepTiming.Key, from start: Instant, to end: Instant) {
        guard firstCause.indices.contains(key.interaction) else { return }
        attribution.held(firstCause[key.interaction] + key.step, from: start, to: end)
    }
}

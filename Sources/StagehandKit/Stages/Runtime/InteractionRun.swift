import Synchronization

/// One arrival of an interaction, as the stage code sees it: its steps, and the hooks that account for its hops.
///
/// The accounting is done in the interaction's own code, where the hops are: stamp the time a hop is asked for
/// (``hopAsked(to:)``), and call ``enteredMainActor(requestedAt:)`` when the code runs on the main actor again.
final class InteractionRun: Sendable {
    let name: String
    let steps: [StepRun]
    /// Its delivery number in the run.
    private let id: Int
    /// Its interaction's index in the workload.
    private let interaction: Int
    private let arrival: Instant
    private let recorder: RunRecorder
    private let segment: MainSegment
    /// Times this interaction entered the main actor, its handler included.
    private let mainActorEntries = Atomic<Int>(0)
    /// Told, with its delivery number, when it ends, completed or failed (an exposure run's exposed arrival:
    /// ``ExposureSource``).
    private let onEnd: (@Sendable (_ id: Int, _ at: Instant) -> Void)?

    init(
        name: String,
        interaction: Int,
        steps: [StepRun],
        id: Int,
        arrival: Instant,
        recorder: RunRecorder,
        segment: MainSegment,
        onEnd: (@Sendable (_ id: Int, _ at: Instant) -> Void)? = nil
    ) {
        self.onEnd = onEnd
        self.name = name
        self.interaction = interaction
        self.steps = steps
        self.id = id
        self.arrival = arrival
        self.recorder = recorder
        self.segment = segment
    }

    /// The UI event handler has started on the main actor (the main loop calls this before ``StageExecutor/handle(_:)``).
    @MainActor
    func handlerStarted() {
        let now = Instant.now
        mainActorEntries.add(1, ordering: .relaxed)
        recorder.handlerStarted(id, interaction: interaction, arrival: arrival, at: now)
        segment.open(at: now, handler: true)
        recorder.trace?.wait(.handlerWait, of: name, from: arrival, to: now)
    }

    /// The UI event handler has returned: its main-actor job is over (the main loop calls this).
    @MainActor
    func handlerReturned() {
        segment.close(at: .now)
    }

    /// The interaction asks to run on `destination` now: the hop is pending until the code runs there (an
    /// `entered…` call below), so a hop still queued when the run ends counts with its wait so far.
    ///
    /// - Returns: the instant it asked, to pass to the `entered…` call.
    func hopAsked(to destination: HopDestination) -> Instant {
        let now = Instant.now
        recorder.hopAsked(id, to: destination, at: now)
        return now
    }

    /// The interaction's code runs on the main actor again, after asking to at `requested`.
    @MainActor
    func enteredMainActor(requestedAt requested: Instant) {
        let now = Instant.now
        mainActorEntries.add(1, ordering: .relaxed)
        recorder.mainActorHop(id, requested: requested, started: now)
        segment.open(at: now)
        recorder.trace?.wait(.mainActorHop, of: name, from: requested, to: now)
    }

    /// The interaction's code runs on the cooperative pool (a `@concurrent` function), after asking to at `requested`.
    ///
    /// The thread takes background priority here when the run models Apple's scheduling (``BackgroundPriority``).
    func enteredPool(requestedAt requested: Instant) {
        let now = Instant.now
        recorder.poolHop(id, requested: requested, started: now)
        recorder.trace?.wait(.poolHop, of: name, from: requested, to: now)
        BackgroundPriority.enteringBackgroundWork()
    }

    /// The interaction's code runs on a subsystem's actor, after asking to at `requested`.
    func enteredSubsystem(_ subsystem: String, requestedAt requested: Instant) {
        let now = Instant.now
        recorder.subsystemHop(id, subsystem, requested: requested, started: now)
        recorder.trace?.wait(.actorHop, subsystem, of: name, from: requested, to: now)
        BackgroundPriority.enteringBackgroundWork()
    }

    /// The last step is done.
    func finish() {
        let now = Instant.now
        segment.close(at: MainQueue.isCurrent ? now : nil)
        let entries = mainActorEntries.load(ordering: .relaxed)
        recorder.interactionFinished(id, arrival: arrival, at: now, mainActorEntries: entries)
        recorder.trace?.interaction(name, from: arrival, to: now, mainActorEntries: entries)
        onEnd?(id, now)
    }

    /// A step threw (its error is already recorded for that step): the interaction ends here, failed, as the stage
    /// code's `catch` ends it. The catch may run back on main after an await; that last hop is not counted.
    func fail() {
        let now = Instant.now
        segment.close(at: MainQueue.isCurrent ? now : nil)
        recorder.interactionFailed(id, arrival: arrival, at: now)
        onEnd?(id, now)
    }
}

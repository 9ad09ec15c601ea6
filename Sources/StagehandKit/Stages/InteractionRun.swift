import Synchronization

/// One arrival of an interaction, as the stage code sees it: its steps, and the hooks that account for its hops.
///
/// The accounting is done in the interaction's own code, where the hops are: stamp the time a hop is asked for, and
/// call ``enteredMainActor(requestedAt:)`` when the code runs on the main actor again.
final class InteractionRun: Sendable {
    let name: String
    let steps: [StepRun]
    private let arrival: Instant
    private let recorder: RunRecorder
    /// Times this interaction entered the main actor, its handler included.
    private let mainActorEntries = Atomic<Int>(0)

    init(name: String, steps: [StepRun], arrival: Instant, recorder: RunRecorder) {
        self.name = name
        self.steps = steps
        self.arrival = arrival
        self.recorder = recorder
    }

    /// The UI event handler has started on the main actor (the main loop calls this before ``StageExecutor/handle(_:)``).
    @MainActor
    func handlerStarted() {
        mainActorEntries.add(1, ordering: .relaxed)
        recorder.handlerStarted(arrival: arrival, at: .now)
    }

    /// The interaction's code runs on the main actor again, after asking to at `requested`.
    @MainActor
    func enteredMainActor(requestedAt requested: Instant) {
        mainActorEntries.add(1, ordering: .relaxed)
        recorder.mainActorHop(requested: requested, started: .now)
    }

    /// The interaction's code runs on a subsystem's actor, after asking to at `requested`.
    func enteredSubsystem(_ subsystem: String, requestedAt requested: Instant) {
        recorder.subsystemHop(subsystem, requested: requested, started: .now)
    }

    /// The last step is done.
    func finish() {
        recorder.interactionFinished(
            arrival: arrival,
            at: .now,
            mainActorEntries: mainActorEntries.load(ordering: .relaxed)
        )
    }
}

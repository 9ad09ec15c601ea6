/// Stage 4, actor-extracted: the interaction runs off main, each subsystem's state lives in its own actor, and only
/// `ui` steps hop to the main actor.
///
/// The guide's Step 4 ("now runs mostly on background"). The main-actor handler acknowledges the event and hands the
/// interaction to a `@concurrent` function; `state` steps await the subsystem's actor, which serialises them without
/// the main thread; `ui` steps are the only hops back.
@MainActor
struct ActorExtracted: StageExecutor {
    /// One actor per subsystem, in the workload's order.
    private let subsystems: [SubsystemActor]

    init(subsystems: [(name: String, makeState: @Sendable () -> SubsystemState)]) {
        self.subsystems = subsystems.map { SubsystemActor(name: $0.name, makeState: $0.makeState) }
    }

    func handle(_ interaction: InteractionRun) {
        let subsystems = self.subsystems
        let asked = interaction.hopAsked(to: .pool)
        Task { @concurrent in await Self.perform(interaction, subsystems: subsystems, requestedAt: asked) }
    }

    /// The interaction's body, off the main actor.
    @concurrent
    nonisolated static func perform(
        _ interaction: InteractionRun,
        subsystems: [SubsystemActor],
        requestedAt requested: Instant
    ) async {
        interaction.enteredPool(requestedAt: requested)
        do {
            for step in interaction.steps {
                switch step.kind {
                case .compute:
                    try step.work()  // already off main
                case .io:
                    _ = try await step.io()
                case .state:
                    try await subsystems[step.subsystem].update(
                        step,
                        for: interaction,
                        requestedAt: interaction.hopAsked(to: .subsystem(step.subsystem))
                    )
                case .ui:
                    let asked = interaction.hopAsked(to: .mainActor)
                    try await MainActor.run {
                        interaction.enteredMainActor(requestedAt: asked)
                        try step.work()
                    }
                }
            }
            interaction.finish()
        } catch {
            interaction.fail()
        }
    }
}

/// A subsystem's shared mutable state, isolated to its own actor instead of the main actor.
actor SubsystemActor {
    let name: String
    /// The state the steps read and write; each `update` is one serialised access.
    private let state: SubsystemState

    init(name: String, makeState: @Sendable () -> SubsystemState) {
        self.name = name
        state = makeState()
    }

    func update(_ step: StepRun, for interaction: InteractionRun, requestedAt requested: Instant) throws {
        interaction.enteredSubsystem(name, requestedAt: requested)
        try step.work(on: state)
    }
}

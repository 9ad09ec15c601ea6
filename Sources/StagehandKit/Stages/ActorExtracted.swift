/// Stage 4, actor-extracted: the interaction runs off main, each subsystem's state lives in its own actor, and only
/// `ui` steps hop to the main actor.
///
/// The guide's Step 4 ("now runs mostly on background"). The main-actor handler acknowledges the event and hands the
/// interaction to a `@concurrent` function; `state` steps await the subsystem's actor, which serialises them without
/// the main thread; `ui` steps are the only hops back.
@MainActor
struct ActorExtracted: StageExecutor {
    private let subsystems: [String: SubsystemActor]

    init(subsystems: [String]) {
        self.subsystems = Dictionary(uniqueKeysWithValues: subsystems.map { ($0, SubsystemActor(name: $0)) })
    }

    func handle(_ interaction: InteractionRun) {
        let subsystems = self.subsystems
        let asked = Instant.now
        Task { @concurrent in await Self.perform(interaction, subsystems: subsystems, requestedAt: asked) }
    }

    /// The interaction's body, off the main actor.
    @concurrent
    nonisolated static func perform(
        _ interaction: InteractionRun,
        subsystems: [String: SubsystemActor],
        requestedAt requested: Instant
    ) async {
        interaction.enteredPool(requestedAt: requested)
        for step in interaction.steps {
            switch step.kind {
            case .compute:
                step.work()  // already off main
            case .io:
                _ = await step.io()
            case .state:
                // The spec decoder guarantees every state label names a declared subsystem.
                await subsystems[step.label]!.update(step, for: interaction, requestedAt: .now)
            case .ui:
                let asked = Instant.now
                await MainActor.run {
                    interaction.enteredMainActor(requestedAt: asked)
                    step.work()
                }
            }
        }
        interaction.finish()
    }
}

/// A subsystem's shared mutable state, isolated to its own actor instead of the main actor.
actor SubsystemActor {
    let name: String
    /// The state the steps read and write; each `update` is one serialised access.
    private var version = 0

    init(name: String) {
        self.name = name
    }

    func update(_ step: StepRun, for interaction: InteractionRun, requestedAt requested: Instant) {
        interaction.enteredSubsystem(name, requestedAt: requested)
        step.work()
        version += 1
    }
}

/// Stage 3, offloaded: CPU work moves to `@concurrent` functions; everything else stays on the main actor.
///
/// The guide's Step 3. The handler's task still runs on the main actor, but each `compute` step is an `await` of a
/// `@concurrent` function: its work runs on the cooperative pool, and the task resumes on main afterwards. Subsystem
/// state stays `@MainActor`, so `state` steps run on main between the offloaded parts.
@MainActor
struct Offloaded: StageExecutor {
    let state: MainActorSubsystems

    func handle(_ interaction: InteractionRun) {
        let state = self.state
        let asked = interaction.hopAsked(to: .mainActor)
        Task {  // inherits the main actor
            interaction.enteredMainActor(requestedAt: asked)
            do {
                for step in interaction.steps {
                    switch step.kind {
                    case .ui:
                        try step.work()  // a view update: already on main
                    case .state:
                        try step.work(on: state[step])  // @MainActor subsystem state: already on main
                    case .compute:
                        let finished = try await Self.compute(
                            step,
                            of: interaction,
                            requestedAt: interaction.hopAsked(to: .pool)
                        )  // off main
                        interaction.enteredMainActor(requestedAt: finished)
                    case .io:
                        let completed = try await step.io()
                        interaction.enteredMainActor(requestedAt: completed)
                    }
                }
                interaction.finish()
            } catch {
                interaction.fail()
            }
        }
    }

    /// Runs a compute step on the cooperative pool, never on the main actor.
    ///
    /// - Returns: the instant the work finished, when the caller asked to resume on main.
    @concurrent
    nonisolated static func compute(
        _ step: StepRun,
        of interaction: InteractionRun,
        requestedAt requested: Instant
    ) async throws -> Instant {
        interaction.enteredPool(requestedAt: requested)
        try step.work()
        return interaction.hopAsked(to: .mainActor)
    }
}

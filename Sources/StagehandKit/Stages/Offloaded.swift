/// Stage 3, offloaded: CPU work moves to `@concurrent` functions; everything else stays on the main actor.
///
/// The guide's Step 3. The handler's task still runs on the main actor, but each `compute` step is an `await` of a
/// `@concurrent` function: its work runs on the cooperative pool, and the task resumes on main afterwards. Subsystem
/// state stays `@MainActor`, so `state` steps run on main between the offloaded parts.
@MainActor
struct Offloaded: StageExecutor {
    func handle(_ interaction: InteractionRun) {
        let asked = Instant.now
        Task {  // inherits the main actor
            interaction.enteredMainActor(requestedAt: asked)
            for step in interaction.steps {
                switch step.kind {
                case .ui, .state:
                    step.work()  // view updates and @MainActor subsystem state: already on main
                case .compute:
                    let finished = await Self.compute(step, of: interaction, requestedAt: .now)  // off main, then back
                    interaction.enteredMainActor(requestedAt: finished)
                case .io:
                    let completed = await step.io()
                    interaction.enteredMainActor(requestedAt: completed)
                }
            }
            interaction.finish()
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
    ) async -> Instant {
        interaction.enteredPool(requestedAt: requested)
        step.work()
        return .now
    }
}

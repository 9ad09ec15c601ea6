/// Stage 2, async: the handler starts a `Task` on the main actor and awaits I/O.
///
/// The guide's Step 2. The task inherits the main actor, so every step still runs there, but while an `io` step is
/// awaited the main thread is free to draw frames and take other events. CPU work still runs on main.
@MainActor
struct AsyncHandlers: StageExecutor {
    func handle(_ interaction: InteractionRun) {
        let asked = Instant.now
        Task {  // inherits the main actor
            interaction.enteredMainActor(requestedAt: asked)
            for step in interaction.steps {
                switch step.kind {
                case .ui, .compute, .state:
                    step.work()
                case .io:
                    let completed = await step.io()  // main is free while the request is out
                    interaction.enteredMainActor(requestedAt: completed)
                }
            }
            interaction.finish()
        }
    }
}

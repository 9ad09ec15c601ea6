/// Stage 2, async: the handler starts a `Task` on the main actor and awaits I/O.
///
/// The guide's Step 2. The task inherits the main actor, so every step still runs there, but while an `io` step is
/// awaited the main thread is free to draw frames and take other events. CPU work still runs on main, and subsystem
/// state is still the main actor's.
@MainActor
struct AsyncHandlers: StageExecutor {
    let state: MainActorSubsystems

    func handle(_ interaction: InteractionRun) {
        let state = self.state
        let asked = interaction.hopAsked(to: .mainActor)
        Task {  // inherits the main actor
            interaction.enteredMainActor(requestedAt: asked)
            do {
                for step in interaction.steps {
                    switch step.kind {
                    case .ui, .compute:
                        try step.work()
                    case .state:
                        try step.work(on: state[step])
                    case .io:
                        let completed = try await step.io()  // main is free while the request is out
                        interaction.enteredMainActor(requestedAt: completed)
                    }
                }
                interaction.finish()
            } catch {
                interaction.fail()
            }
        }
    }
}

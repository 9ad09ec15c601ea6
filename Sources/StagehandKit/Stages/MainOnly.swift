/// Stage 1, main-only: the handler does everything synchronously on the main actor.
///
/// This is where the guide says to start. Nothing is concurrent, nothing can race, and while a step runs the main
/// thread can do nothing else: no frame, no other event. `io` blocks it like a synchronous network call. Subsystem
/// state is the main actor's, like everything else.
@MainActor
struct MainOnly: StageExecutor {
    let state: MainActorSubsystems

    func handle(_ interaction: InteractionRun) {
        do {
            for step in interaction.steps {
                switch step.kind {
                case .ui, .compute:
                    try step.work()
                case .state:
                    try step.work(on: state[step])
                case .io:
                    try step.blockingWait()
                }
            }
            interaction.finish()
        } catch {
            interaction.fail()
        }
    }
}

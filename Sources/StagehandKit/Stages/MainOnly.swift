/// Stage 1, main-only: the handler does everything synchronously on the main actor.
///
/// This is where the guide says to start. Nothing is concurrent, nothing can race, and while a step runs the main
/// thread can do nothing else: no frame, no other event. `io` blocks it like a synchronous network call.
@MainActor
struct MainOnly: StageExecutor {
    func handle(_ interaction: InteractionRun) {
        for step in interaction.steps {
            switch step.kind {
            case .ui, .compute, .state:
                step.work()
            case .io:
                step.blockingWait()
            }
        }
        interaction.finish()
    }
}

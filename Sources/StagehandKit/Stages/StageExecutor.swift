/// How an app at one stage of the journey handles a UI event.
///
/// Every UI event is delivered to a main-actor handler first, in every stage; what the handler does from there is
/// the stage. Each conforming type is written the way an engineer writes that stage, so reading it teaches the
/// pattern.
@MainActor
protocol StageExecutor {
    /// Handles one interaction: called on the main actor when it arrives.
    func handle(_ interaction: InteractionRun)
}

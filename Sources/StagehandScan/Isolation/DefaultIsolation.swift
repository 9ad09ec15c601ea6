/// A module's default actor isolation: what a declaration with no isolation of its own gets. Swift 6.2 lets a target
/// make it the main actor (SE-0466): `.defaultIsolation(MainActor.self)` in `Package.swift`, `-default-isolation
/// MainActor`, or Xcode's `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` (the default for new app projects in Xcode 26).
public struct DefaultIsolation: Sendable, Equatable {
    public var isMainActor: Bool
    /// Where it was set, for the reason a finding prints: "`.defaultIsolation(MainActor.self)` on target `NotesApp`".
    public var source: String

    public static let nonisolated = DefaultIsolation(isMainActor: false, source: "none set")

    public static func mainActor(_ source: String) -> DefaultIsolation {
        DefaultIsolation(isMainActor: true, source: source)
    }
}

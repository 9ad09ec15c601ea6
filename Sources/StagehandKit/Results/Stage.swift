/// The four stages of the Swift 6 concurrency journey, in journey order.
public enum Stage: String, Sendable, Codable, CaseIterable, Comparable {
    /// Everything synchronous on the main actor; `io` blocks main.
    case mainOnly = "main-only"
    /// Handlers start a `Task` on the main actor; `io` is awaited; CPU work still on main.
    case async = "async"
    /// `compute` steps are `@concurrent` functions on the cooperative pool; state stays `@MainActor`.
    case offloaded = "offloaded"
    /// The interaction runs off main; each subsystem's state lives in its own `actor`; only `ui` hops to main.
    case actorExtracted = "actor-extracted"

    /// 1…4, the stage's place in the journey.
    public var number: Int { Self.allCases.firstIndex(of: self)! + 1 }

    public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.number < rhs.number }
}

/// A dictionary keyed by stage encodes as a JSON object keyed by the stage's name (``TimeShortfall/moreRuns``).
extension Stage: CodingKeyRepresentable {}

/// Where a piece of code runs, as the compiler would infer it, and the reason, which every finding prints
/// ("main actor: `FeedViewModel` is `@MainActor`").
public struct Isolation: Sendable, Equatable, Codable {
    /// The kinds, as `--json` writes them.
    public enum Kind: String, Sendable, Codable {
        /// Isolated to the main actor: runs on the main thread.
        case mainActor = "main-actor"
        /// Isolated to another global actor.
        case globalActor = "global-actor"
        /// Isolated to an actor instance.
        case actor
        /// Not isolated: a `nonisolated` or `@concurrent` function, a detached task, a `@Sendable` closure, a
        /// type no default or attribute isolates.
        case nonisolated
    }

    public var kind: Kind
    /// Why the scanner inferred it, in a phrase: "`FeedViewModel` conforms to `View`".
    public var reason: String

    public var isMainActor: Bool { kind == .mainActor }

    static func mainActor(_ reason: String) -> Isolation { Isolation(kind: .mainActor, reason: reason) }
    static func nonisolated(_ reason: String) -> Isolation { Isolation(kind: .nonisolated, reason: reason) }
    static func actor(_ reason: String) -> Isolation { Isolation(kind: .actor, reason: reason) }
    static func globalActor(_ reason: String) -> Isolation { Isolation(kind: .globalActor, reason: reason) }

    /// "main actor: `FeedViewModel` is `@MainActor`".
    public var description: String {
        let name =
            switch kind {
            case .mainActor: "main actor"
            case .globalActor: "global actor"
            case .actor: "actor"
            case .nonisolated: "nonisolated"
            }
        return "\(name): \(reason)"
    }
}

extension Isolation {
    /// How `--json` writes an isolation inside another object: its kind under one key (`"isolation": "main-actor"`),
    /// why under another (`"isolationReason"`, which older documents may lack).
    init<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, kind: Key, reason: Key) throws {
        self.init(
            kind: try container.decode(Kind.self, forKey: kind),
            reason: try container.decodeIfPresent(String.self, forKey: reason) ?? ""
        )
    }

    func encode<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, kind: Key, reason: Key) throws {
        try container.encode(self.kind, forKey: kind)
        try container.encode(self.reason, forKey: reason)
    }
}

/// One of the guide's anti-patterns (a lint), shown by the measurements.
public struct AntiPattern: Codable, Sendable, Equatable {
    /// A stable identifier, e.g. `concurrency-bought-nothing`.
    public var id: String
    public var title: String
    /// When the lint fires, e.g. "main-actor hop wait p99 ≥ 8.33 ms (half the frame budget)".
    public var threshold: String
    /// What was measured.
    public var evidence: String
    /// The guide's fix.
    public var fix: String

    public init(id: String, title: String, threshold: String, evidence: String, fix: String) {
        self.id = id
        self.title = title
        self.threshold = threshold
        self.evidence = evidence
        self.fix = fix
    }

    /// Reads lints written before `threshold` existed (schema 1), which lack it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        threshold = try container.decodeIfPresent(String.self, forKey: .threshold) ?? ""
        evidence = try container.decode(String.self, forKey: .evidence)
        fix = try container.decode(String.self, forKey: .fix)
    }
}

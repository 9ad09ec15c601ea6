/// One place in the sources that a rule flags, with the isolation the scanner inferred there.
public struct Finding: Sendable, Equatable, Codable {
    public var rule: Rule
    /// Relative to the scanned root.
    public var file: String
    public var line: Int
    public var column: Int
    /// The isolation of the enclosing code.
    public var isolation: Isolation
    /// The enclosing declaration: `FeedViewModel.load(from:)`.
    public var symbol: String
    /// What was found, in one sentence; the rule's why and fix are the rule's (``Rule/why``, ``Rule/fix``).
    public var message: String

    /// `--json`'s shape: `isolation` is its kind (`main-actor`), `isolationReason` why.
    enum CodingKeys: String, CodingKey {
        case rule, file, line, column, isolation, isolationReason, symbol, message
    }

    public init(
        rule: Rule,
        file: String,
        line: Int,
        column: Int,
        isolation: Isolation,
        symbol: String,
        message: String
    ) {
        self.rule = rule
        self.file = file
        self.line = line
        self.column = column
        self.isolation = isolation
        self.symbol = symbol
        self.message = message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rule = try container.decode(Rule.self, forKey: .rule)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decode(Int.self, forKey: .line)
        column = try container.decode(Int.self, forKey: .column)
        isolation = try Isolation(from: container, kind: .isolation, reason: .isolationReason)
        symbol = try container.decode(String.self, forKey: .symbol)
        message = try container.decode(String.self, forKey: .message)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try isolation.encode(to: &container, kind: .isolation, reason: .isolationReason)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(message, forKey: .message)
    }
}

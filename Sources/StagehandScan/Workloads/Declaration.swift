/// A function or initializer in the scanned sources, as a report names it: `FeedPage.decode(_:)` at
/// `Sources/ExampleApp/Feed.swift:51`, nonisolated, synchronous.
public struct Declaration: Sendable, Equatable, Codable {
    /// `FeedPage.decode(_:)`, `RGBAImage.init(ppm:)`.
    public var symbol: String
    /// Relative to the scanned root.
    public var file: String
    public var line: Int
    /// Where its body runs, as the scanner inferred it.
    public var isolation: Isolation
    /// Whether it is `async`.
    public var isAsync: Bool
    /// The declaration as written up to its body, on one line: `public static func decode(_ data: Data) throws ->
    /// FeedPage`.
    public var signature: String
    /// The same with `async` after its parameters (the same when it is `async`): what a migration that offloads it
    /// starts from.
    public var asyncSignature: String

    /// `--json`'s shape: `isolation` is its kind, `isolationReason` why, `async` a Boolean.
    enum CodingKeys: String, CodingKey {
        case symbol, file, line, isolation, isolationReason, signature, asyncSignature
        case isAsync = "async"
    }

    public init(
        symbol: String,
        file: String,
        line: Int,
        isolation: Isolation,
        isAsync: Bool,
        signature: String,
        asyncSignature: String
    ) {
        self.symbol = symbol
        self.file = file
        self.line = line
        self.isolation = isolation
        self.isAsync = isAsync
        self.signature = signature
        self.asyncSignature = asyncSignature
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        symbol = try container.decode(String.self, forKey: .symbol)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decode(Int.self, forKey: .line)
        isolation = try Isolation(from: container, kind: .isolation, reason: .isolationReason)
        isAsync = try container.decode(Bool.self, forKey: .isAsync)
        signature = try container.decode(String.self, forKey: .signature)
        asyncSignature = try container.decode(String.self, forKey: .asyncSignature)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try isolation.encode(to: &container, kind: .isolation, reason: .isolationReason)
        try container.encode(isAsync, forKey: .isAsync)
        try container.encode(signature, forKey: .signature)
        try container.encode(asyncSignature, forKey: .asyncSignature)
    }
}

/// A measured value judged against a threshold.
public struct Evidence: Codable, Sendable, Equatable {
    public var metric: String
    public var value: Double
    public var unit: String
    /// `<`, `≥`, `=`.
    public var comparison: String
    public var threshold: Double
    /// Whether `value comparison threshold` holds.
    public var holds: Bool
    /// The values over the repetitions, when there were several.
    public var spread: ValueRange?
    /// `false` when the value comes from the spec because the stage produced no measurements.
    public var measured: Bool

}

/// The lowest and highest of a metric's values.
public struct ValueRange: Codable, Sendable, Equatable {
    public var min: Double
    public var max: Double

    public init(min: Double, max: Double) {
        self.min = min
        self.max = max
    }

    /// The range of `values`, or `nil` when there are none.
    public init?(_ values: [Double]) {
        guard let low = values.min(), let high = values.max() else { return nil }
        self.init(min: low, max: high)
    }

    /// `min–max`, as reports print a range of runs.
    public var text: String { "\(min.reportFormatted)–\(max.reportFormatted)" }
}

import Foundation

/// How far a stage's step costs can grow before it stops meeting the budget: the largest multiplier of today's costs
/// at which it still met it, found by measurement (`HeadroomSearch`).
///
/// JSON: `stages[i].headroom = { "multiplier": 3.1, "metAt": [...], "missedAt": [...] }`.
public struct Headroom: Codable, Sendable, Equatable {
    /// The largest multiplier at which the stage met the budget; 0 when it missed even at the smallest tried.
    public var multiplier: Double
    /// Every multiplier tried at which the stage met the budget, in increasing order.
    public var metAt: [Double]
    /// Every multiplier tried at which it missed, in increasing order; empty when it met the largest one tried, so
    /// ``multiplier`` is only a lower bound.
    public var missedAt: [Double]
    /// How long each run of the search took arrivals, in seconds.
    public var probeSeconds: Double?

    /// The smallest and largest multipliers the search tries.
    public static let searchedMultipliers = (1.0 / 32)...32.0
    /// The search stops when the largest multiplier met and the smallest missed are within this ratio.
    public static let searchPrecision = 1.1

    public init(multiplier: Double, metAt: [Double], missedAt: [Double], probeSeconds: Double? = nil) {
        self.multiplier = multiplier
        self.metAt = metAt
        self.missedAt = missedAt
        self.probeSeconds = probeSeconds
    }

    /// Whether the stage met the budget at every multiplier tried, so its headroom is at least ``multiplier``.
    public var isLowerBound: Bool { missedAt.isEmpty && !metAt.isEmpty }

    /// `×3.1`, `≥ ×32`, or `< ×0.03`.
    public var text: String {
        if metAt.isEmpty { return "< ×\(Self.format(missedAt.first ?? 0))" }
        return (isLowerBound ? "≥ ×" : "×") + Self.format(multiplier)
    }

    /// A multiplier as reports print it: two significant digits.
    public static func format(_ multiplier: Double) -> String {
        guard multiplier > 0 else { return "0" }
        let digits = max(0, 1 - Int(floor(log10(multiplier))))
        var text = String(format: "%.\(digits)f", multiplier)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}

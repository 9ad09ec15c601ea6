import Foundation

extension Double {
    /// A number as reports print it: up to two decimals, more only for small values, no trailing zeros, `-0` as `0`,
    /// and a value too small for four decimals as a bound (`< 0.0001`), never as a false `0`.
    package var reportFormatted: String {
        guard isFinite else { return isNaN ? "n/a" : (self > 0 ? "∞" : "-∞") }
        let magnitude = Swift.abs(self)
        if magnitude > 0 && magnitude < 0.00005 { return self > 0 ? "< 0.0001" : "> -0.0001" }
        let decimals = magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : magnitude >= 0.01 ? 3 : magnitude == 0 ? 0 : 4
        var text = String(format: "%.\(decimals)f", self)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

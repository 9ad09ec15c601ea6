import Foundation

/// Each stage's headroom as a horizontal bar on a log scale of the step-cost multiplier, with today's costs (×1)
/// marked: an SVG chart. A bar that met the budget at every multiplier tried ends in an arrow.
struct HeadroomChart: Sendable {
    package var result: ProfileResult

    init(result: ProfileResult) {
        self.result = result
    }

    /// The chart's file name beside the report.
    static func fileName(for workload: String) -> String { "\(workload)-headroom.svg" }

    static let width = 720.0
    static let left = 130.0
    static let right = 90.0
    static let top = 40.0
    static let rowHeight = 34.0
    static let bottom = 50.0

    /// The SVG, or `nil` when no stage's headroom was searched.
    package func render() -> String? {
        let rows = result.stages.compactMap { stage in stage.headroom.map { (stage.stage, $0) } }
        guard !rows.isEmpty else { return nil }
        let (minimum, maximum) = (Headroom.searchedMultipliers.lowerBound, Headroom.searchedMultipliers.upperBound)
        let height = Self.top + Double(rows.count) * Self.rowHeight + Self.bottom
        let plotWidth = Self.width - Self.left - Self.right
        func x(_ multiplier: Double) -> Double {
            Self.left + (log2(min(max(multiplier, minimum), maximum)) - log2(minimum)) / (log2(maximum) - log2(minimum))
                * plotWidth
        }
        func n(_ value: Double) -> String { String(format: "%.1f", value) }
        let bottomY = Self.top + Double(rows.count) * Self.rowHeight
        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(Self.width))" height="\##(Int(height))" "##
                + ##"viewBox="0 0 \##(Int(Self.width)) \##(Int(height))" font-family="sans-serif" font-size="12">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="20" y="20" font-size="15" font-weight="bold">"##
                + "Headroom, \(result.workload): how far each stage's step costs can grow</text>",
        ]
        var tick = minimum
        while tick <= maximum * 1.0001 {
            svg.append(
                ##"<line x1="\##(n(x(tick)))" y1="\##(n(Self.top))" x2="\##(n(x(tick)))" y2="\##(n(bottomY))" "##
                    + ##"stroke="#ddd"/>"##
            )
            svg.append(
                ##"<text x="\##(n(x(tick)))" y="\##(n(bottomY + 18))" text-anchor="middle">"##
                    + "×\(Headroom.format(tick))</text>"
            )
            tick *= 4
        }
        svg.append(
            ##"<text x="\##(n(Self.left + plotWidth / 2))" y="\##(n(height - 12))" text-anchor="middle">"##
                + "multiplier of today's step costs (log scale)</text>"
        )
        for (index, (stage, headroom)) in rows.enumerated() {
            let y = Self.top + Double(index) * Self.rowHeight + 8
            let style = LatencyChart.styles[stage.number - 1]
            svg.append(
                ##"<text x="\##(n(Self.left - 10))" y="\##(n(y + 13))" text-anchor="end">\##(stage.rawValue)</text>"##
            )
            if headroom.multiplier > 0 {
                let end = x(headroom.multiplier)
                svg.append(
                    ##"<rect x="\##(n(Self.left))" y="\##(n(y))" width="\##(n(end - Self.left))" height="18" "##
                        + ##"fill="\##(style.colour)" fill-opacity="0.75"/>"##
                )
                if headroom.isLowerBound {
                    svg.append(
                        ##"<path d="M\##(n(end)) \##(n(y - 3)) L\##(n(end + 10)) \##(n(y + 9)) "##
                            + ##"L\##(n(end)) \##(n(y + 21)) Z" fill="\##(style.colour)"/>"##
                    )
                }
            }
            let labelX = max(x(headroom.multiplier), Self.left) + (headroom.isLowerBound ? 16 : 6)
            svg.append(##"<text x="\##(n(labelX))" y="\##(n(y + 13))">\##(headroom.text)</text>"##)
        }
        // Today's costs.
        svg.append(
            ##"<line x1="\##(n(x(1)))" y1="\##(n(Self.top - 6))" x2="\##(n(x(1)))" y2="\##(n(bottomY))" "##
                + ##"stroke="#000" stroke-width="1.5" stroke-dasharray="4 3"/>"##
        )
        svg.append(
            ##"<text x="\##(n(x(1) + 4))" y="\##(n(Self.top - 8))">today (×1)</text>"##
        )
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }
}

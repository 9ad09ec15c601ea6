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
        let x = LogScale(minimum: minimum, maximum: maximum, start: Self.left, length: plotWidth).position
        let bottomY = Self.top + Double(rows.count) * Self.rowHeight
        var svg = SVGCanvas(
            width: Self.width,
            height: height,
            title: "Headroom, \(result.workload): how far each stage's step costs can grow",
            titleX: 20,
            titleY: 20
        )
        var tick = minimum
        while tick <= maximum * 1.0001 {
            svg.line(x1: x(tick), y1: Self.top, x2: x(tick), y2: bottomY, stroke: "#ddd")
            svg.text("×\(Headroom.format(tick))", x: x(tick), y: bottomY + 18, attributes: #" text-anchor="middle""#)
            tick *= 4
        }
        svg.text(
            "multiplier of today's step costs (log scale)",
            x: Self.left + plotWidth / 2,
            y: height - 12,
            attributes: #" text-anchor="middle""#
        )
        let n = SVGCanvas.number
        for (index, (stage, headroom)) in rows.enumerated() {
            let y = Self.top + Double(index) * Self.rowHeight + 8
            let style = SVGCanvas.stageStyles[stage.number - 1]
            svg.text(stage.rawValue, x: Self.left - 10, y: y + 13, attributes: #" text-anchor="end""#)
            if headroom.multiplier > 0 {
                let end = x(headroom.multiplier)
                svg.rect(
                    x: Self.left,
                    y: y,
                    width: end - Self.left,
                    height: 18,
                    attributes: " fill=\"\(style.colour)\" fill-opacity=\"0.75\""
                )
                if headroom.isLowerBound {
                    svg.append(
                        ##"<path d="M\##(n(end)) \##(n(y - 3)) L\##(n(end + 10)) \##(n(y + 9)) "##
                            + ##"L\##(n(end)) \##(n(y + 21)) Z" fill="\##(style.colour)"/>"##
                    )
                }
            }
            let labelX = max(x(headroom.multiplier), Self.left) + (headroom.isLowerBound ? 16 : 6)
            svg.text(headroom.text, x: labelX, y: y + 13)
        }
        // Today's costs.
        svg.line(
            x1: x(1),
            y1: Self.top - 6,
            x2: x(1),
            y2: bottomY,
            stroke: "#000",
            attributes: #" stroke-width="1.5" stroke-dasharray="4 3""#
        )
        svg.text("today (×1)", x: x(1) + 4, y: Self.top - 8)
        return svg.rendered()
    }
}

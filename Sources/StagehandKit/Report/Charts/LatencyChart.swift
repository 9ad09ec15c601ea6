import Foundation

/// The main-loop latency of every measured stage as one cumulative distribution, an SVG chart.
///
/// Each stage is a step line with its own dash pattern and a label, so it reads without colour; the frame budget is
/// a labelled vertical line. Latency is on a log scale, from 0.05 ms to past the slowest frame.
struct LatencyChart: Sendable {
    package let result: ProfileResult
    /// Each stage's merged frame samples, for the stages that have any: what the chart draws.
    let series: [(stage: Stage, samples: LatencySamples)]

    init(result: ProfileResult) {
        self.result = result
        series = result.stages.compactMap { stage in
            guard let samples = stage.mainLoopLatencySamples, samples.count > 0 else { return nil }
            return (stage.stage, samples)
        }
    }

    /// Whether there is a chart to draw (and to link): some stage has frame samples.
    var hasContent: Bool { !series.isEmpty }

    /// The chart's file name beside the report.
    static func fileName(for workload: String) -> String { "\(workload)-main-loop-latency.svg" }

    static let width = 720.0
    static let height = 420.0
    static let left = 70.0
    static let right = 170.0
    static let top = 40.0
    static let bottom = 60.0

    /// The SVG, or `nil` when no stage has frame samples (nothing measured, or a result without histograms).
    package func render() -> String? {
        guard hasContent else { return nil }
        let budget = result.spec.frameBudgetMs
        let slowest = series.map { Double($0.1.buckets.last?.first ?? 1) / 1000 }.max() ?? 1
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        let axis = LogScale(
            minimum: 0.05,
            maximum: LogScale.decadeAtOrAbove(max(slowest, budget * 2)),
            start: Self.left,
            length: plotWidth
        )
        let (minimum, maximum) = (axis.minimum, axis.maximum)
        let x = axis.position
        func y(_ fraction: Double) -> Double { Self.top + (1 - fraction) * plotHeight }
        let n = SVGCanvas.number

        var svg = SVGCanvas(
            width: Self.width,
            height: Self.height,
            title: "Main-loop latency, \(result.workload): frames started within x",
            titleX: Self.left,
            titleY: 22
        )
        // Grid and axes.
        // Decades, 0.1 ms up to the axis end.
        var tick = 0.1
        while tick <= maximum * 1.0001 {
            svg.line(x1: x(tick), y1: y(0), x2: x(tick), y2: y(1), stroke: "#ddd")
            svg.text(tick.reportFormatted, x: x(tick), y: y(0) + 18, attributes: #" text-anchor="middle""#)
            tick *= 10
        }
        for percent in stride(from: 0, through: 100, by: 20) {
            let fraction = Double(percent) / 100
            svg.line(x1: x(minimum), y1: y(fraction), x2: x(maximum), y2: y(fraction), stroke: "#ddd")
            svg.text("\(percent)%", x: Self.left - 8, y: y(fraction) + 4, attributes: #" text-anchor="end""#)
        }
        svg.rect(
            x: Self.left,
            y: Self.top,
            width: plotWidth,
            height: plotHeight,
            attributes: ##" fill="none" stroke="#444""##
        )
        svg.text(
            "vsync → frame start (ms, log scale)",
            x: Self.left + plotWidth / 2,
            y: Self.height - 18,
            attributes: #" text-anchor="middle""#
        )
        svg.append(
            ##"<text transform="translate(18 \##(n(Self.top + plotHeight / 2))) rotate(-90)" "##
                + ##"text-anchor="middle">frames (cumulative)</text>"##
        )
        // The frame budget.
        svg.line(
            x1: x(budget),
            y1: y(0),
            x2: x(budget),
            y2: y(1),
            stroke: "#000",
            attributes: #" stroke-width="1.5" stroke-dasharray="1 3""#
        )
        // Right of the line, or left of it where the label would run past the plot (about 6.5 px a character).
        let label = "frame budget \(budget.reportFormatted) ms"
        let fitsRight = x(budget) + 4 + Double(label.count) * 6.5 <= Self.left + plotWidth
        svg.text(
            label,
            x: fitsRight ? x(budget) + 4 : x(budget) - 4,
            y: y(0.04),
            attributes: " text-anchor=\"\(fitsRight ? "start" : "end")\""
        )
        // One step line per stage, and its legend entry.
        for (index, (stage, samples)) in series.enumerated() {
            let style = SVGCanvas.stageStyles[stage.number - 1]
            let total = Double(samples.count)
            var cumulative = 0.0
            var points = ["\(n(x(minimum))),\(n(y(0)))"]
            for bucket in samples.buckets where bucket.count == 2 {
                let ms = Double(bucket[0]) / 1000
                points.append("\(n(x(ms))),\(n(y(cumulative / total)))")
                cumulative += Double(bucket[1])
                points.append("\(n(x(ms))),\(n(y(cumulative / total)))")
            }
            points.append("\(n(x(maximum))),\(n(y(1)))")
            let dash = style.dash.isEmpty ? "" : ##" stroke-dasharray="\##(style.dash)""##
            svg.append(
                ##"<polyline fill="none" stroke="\##(style.colour)" stroke-width="2.5"\##(dash) "##
                    + ##"points="\##(points.joined(separator: " "))"/>"##
            )
            let legendY = Self.top + 16 + Double(index) * 22
            let legendX = Self.width - Self.right + 14
            svg.line(
                x1: legendX,
                y1: legendY,
                x2: legendX + 34,
                y2: legendY,
                stroke: style.colour,
                attributes: #" stroke-width="2.5""# + dash
            )
            svg.text(stage.rawValue, x: legendX + 40, y: legendY + 4)
        }
        return svg.rendered()
    }
}

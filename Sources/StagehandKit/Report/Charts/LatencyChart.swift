import Foundation

/// The main-loop latency of every measured stage as one cumulative distribution, an SVG chart.
///
/// Each stage is a step line with its own dash pattern and a label, so it reads without colour; the frame budget is
/// a labelled vertical line. Latency is on a log scale, from 0.05 ms to past the slowest frame.
struct LatencyChart: Sendable {
    package var result: ProfileResult

    init(result: ProfileResult) {
        self.result = result
    }

    /// The chart's file name beside the report.
    static func fileName(for workload: String) -> String { "\(workload)-main-loop-latency.svg" }

    static let width = 720.0
    static let height = 420.0
    static let left = 70.0
    static let right = 170.0
    static let top = 40.0
    static let bottom = 60.0
    static let styles: [(colour: String, dash: String)] = [
        ("#1f77b4", ""), ("#d62728", "9 4"), ("#2ca02c", "2 4"), ("#9467bd", "12 4 3 4"),
    ]

    /// The SVG, or `nil` when no stage has frame samples (nothing measured, or a result without histograms).
    package func render() -> String? {
        let series = result.stages.compactMap { stage -> (Stage, LatencySamples)? in
            guard let samples = stage.mainLoopLatencySamples, samples.count > 0 else { return nil }
            return (stage.stage, samples)
        }
        guard !series.isEmpty else { return nil }
        let budget = result.spec.frameBudgetMs
        let slowest = series.map { Double($0.1.buckets.last?.first ?? 1) / 1000 }.max() ?? 1
        let minimum = 0.05
        let maximum = pow(10, ceil(log10(max(slowest, budget * 2))))
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        func x(_ ms: Double) -> Double {
            Self.left + (log10(min(max(ms, minimum), maximum)) - log10(minimum)) / (log10(maximum) - log10(minimum))
                * plotWidth
        }
        func y(_ fraction: Double) -> Double { Self.top + (1 - fraction) * plotHeight }
        func n(_ value: Double) -> String { String(format: "%.1f", value) }

        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(Self.width))" height="\##(Int(Self.height))" "##
                + ##"viewBox="0 0 \##(Int(Self.width)) \##(Int(Self.height))" font-family="sans-serif" font-size="12">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="\##(n(Self.left))" y="22" font-size="15" font-weight="bold">"##
                + "Main-loop latency, \(result.workload): frames started within x</text>",
        ]
        // Grid and axes.
        // Decades, 0.1 ms up to the axis end.
        var tick = 0.1
        while tick <= maximum * 1.0001 {
            svg.append(
                ##"<line x1="\##(n(x(tick)))" y1="\##(n(y(0)))" x2="\##(n(x(tick)))" y2="\##(n(y(1)))" stroke="#ddd"/>"##
            )
            svg.append(
                ##"<text x="\##(n(x(tick)))" y="\##(n(y(0) + 18))" text-anchor="middle">\##(tick.reportFormatted)</text>"##
            )
            tick *= 10
        }
        for percent in stride(from: 0, through: 100, by: 20) {
            let fraction = Double(percent) / 100
            svg.append(
                ##"<line x1="\##(n(x(minimum)))" y1="\##(n(y(fraction)))" x2="\##(n(x(maximum)))" "##
                    + ##"y2="\##(n(y(fraction)))" stroke="#ddd"/>"##
            )
            svg.append(
                ##"<text x="\##(n(Self.left - 8))" y="\##(n(y(fraction) + 4))" text-anchor="end">\##(percent)%</text>"##
            )
        }
        svg.append(
            ##"<rect x="\##(n(Self.left))" y="\##(n(Self.top))" width="\##(n(plotWidth))" height="\##(n(plotHeight))" "##
                + ##"fill="none" stroke="#444"/>"##
        )
        svg.append(
            ##"<text x="\##(n(Self.left + plotWidth / 2))" y="\##(n(Self.height - 18))" text-anchor="middle">"##
                + "vsync → frame start (ms, log scale)</text>"
        )
        svg.append(
            ##"<text transform="translate(18 \##(n(Self.top + plotHeight / 2))) rotate(-90)" "##
                + ##"text-anchor="middle">frames (cumulative)</text>"##
        )
        // The frame budget.
        svg.append(
            ##"<line x1="\##(n(x(budget)))" y1="\##(n(y(0)))" x2="\##(n(x(budget)))" y2="\##(n(y(1)))" "##
                + ##"stroke="#000" stroke-width="1.5" stroke-dasharray="1 3"/>"##
        )
        // Right of the line, or left of it where the label would run past the plot (about 6.5 px a character).
        let label = "frame budget \(budget.reportFormatted) ms"
        let fitsRight = x(budget) + 4 + Double(label.count) * 6.5 <= Self.left + plotWidth
        svg.append(
            ##"<text x="\##(n(fitsRight ? x(budget) + 4 : x(budget) - 4))" y="\##(n(y(0.04)))" "##
                + ##"text-anchor="\##(fitsRight ? "start" : "end")">\##(label)</text>"##
        )
        // One step line per stage, and its legend entry.
        for (index, (stage, samples)) in series.enumerated() {
            let style = Self.styles[stage.number - 1]
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
            svg.append(
                ##"<line x1="\##(n(legendX))" y1="\##(n(legendY))" x2="\##(n(legendX + 34))" y2="\##(n(legendY))" "##
                    + ##"stroke="\##(style.colour)" stroke-width="2.5"\##(dash)/>"##
            )
            svg.append(##"<text x="\##(n(legendX + 40))" y="\##(n(legendY + 4))">\##(stage.rawValue)</text>"##)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }
}

import Foundation

/// When each frame was done, over one run of every stage: an SVG with a panel per stage, the frame budget as a line
/// and each hitch marked with a cross (shape, not colour, tells it apart).
struct FrameTimelineChart: Sendable {
    package let result: ProfileResult
    /// Each stage's first run with a frame timeline, and that timeline: a panel each.
    let panels: [(stage: StageResult, timeline: FrameTimeline, repetition: Int)]

    init(result: ProfileResult) {
        self.result = result
        panels = result.stages.compactMap { stage in
            guard let run = stage.repetitions.first(where: { $0.distributions?.frameTimeline != nil }),
                let timeline = run.distributions?.frameTimeline, !timeline.vsyncMs.isEmpty
            else { return nil }
            return (stage, timeline, run.repetition)
        }
    }

    /// Whether there is a chart to draw (and to link): some stage has a frame timeline.
    var hasContent: Bool { !panels.isEmpty }

    /// The chart's file name beside the report.
    static func fileName(for workload: String) -> String { "\(workload)-frame-timeline.svg" }

    static let width = 720.0
    static let panelHeight = 150.0
    static let left = 70.0
    static let right = 20.0
    static let top = 40.0
    static let gap = 46.0

    /// The SVG, or `nil` when no stage has a frame timeline.
    package func render() -> String? {
        guard hasContent else { return nil }
        let budget = result.spec.frameBudgetMs
        let slowest = panels.flatMap(\.1.doneAfterVsyncMs).max() ?? budget
        let minimum = 0.1
        let maximum = LogScale.decadeAtOrAbove(max(slowest, budget * 2))
        let duration = max(panels.compactMap { $0.1.vsyncMs.last }.max() ?? 1, 1)
        let plotWidth = Self.width - Self.left - Self.right
        let height = Self.top + Double(panels.count) * (Self.panelHeight + Self.gap)
        let n = SVGCanvas.number

        var svg = SVGCanvas(
            width: Self.width,
            height: height,
            title: "Frames of \(result.workload): vsync → frame done (ms, log scale); × a hitch",
            titleX: Self.left,
            titleY: 22
        )
        for (index, (stage, timeline, repetition)) in panels.enumerated() {
            let panelTop = Self.top + Double(index) * (Self.panelHeight + Self.gap) + 16
            func x(_ ms: Double) -> Double { Self.left + ms / duration * plotWidth }
            // Upwards: the panel's bottom edge is the minimum.
            let y = LogScale(
                minimum: minimum,
                maximum: maximum,
                start: panelTop + Self.panelHeight,
                length: -Self.panelHeight
            ).position
            svg.text(
                "\(stage.stage.rawValue) (repetition \(repetition))",
                x: Self.left,
                y: panelTop - 6,
                attributes: #" font-weight="bold""#
            )
            var tick = minimum
            while tick <= maximum * 1.0001 {
                svg.line(x1: Self.left, y1: y(tick), x2: Self.left + plotWidth, y2: y(tick), stroke: "#ddd")
                svg.text(tick.reportFormatted, x: Self.left - 6, y: y(tick) + 4, attributes: #" text-anchor="end""#)
                tick *= 10
            }
            svg.rect(
                x: Self.left,
                y: panelTop,
                width: plotWidth,
                height: Self.panelHeight,
                attributes: ##" fill="none" stroke="#444""##
            )
            let budgetLine = #" stroke-width="1.5" stroke-dasharray="6 3""#
            svg.line(
                x1: Self.left,
                y1: y(budget),
                x2: Self.left + plotWidth,
                y2: y(budget),
                stroke: "#000",
                attributes: budgetLine
            )
            // The budget's key sits above the plot, right of the title, where no frame or cross can cover it.
            let keyEnd = Self.left + plotWidth
            svg.text(
                "budget \(budget.reportFormatted) ms",
                x: keyEnd,
                y: panelTop - 6,
                attributes: #" text-anchor="end""#
            )
            svg.line(
                x1: keyEnd - 150,
                y1: panelTop - 10,
                x2: keyEnd - 118,
                y2: panelTop - 10,
                stroke: "#000",
                attributes: budgetLine
            )
            // One line per stretch of consecutive frames: where vsyncs were dropped, the line breaks.
            var segments: [[String]] = [[]]
            var previous: Double?
            for (vsync, done) in zip(timeline.vsyncMs, timeline.doneAfterVsyncMs) {
                if let previous, vsync - previous > budget * 1.5 { segments.append([]) }
                segments[segments.count - 1].append("\(n(x(vsync))),\(n(y(done)))")
                previous = vsync
            }
            for segment in segments where !segment.isEmpty {
                svg.append(
                    ##"<polyline fill="none" stroke="#1f77b4" stroke-width="1" "##
                        + ##"points="\##(segment.joined(separator: " "))"/>"##
                )
            }
            for (vsync, done) in zip(timeline.vsyncMs, timeline.doneAfterVsyncMs) where done > budget {
                let (cx, cy) = (x(vsync), y(done))
                svg.append(
                    ##"<path d="M\##(n(cx - 4)) \##(n(cy - 4)) L\##(n(cx + 4)) \##(n(cy + 4)) "##
                        + ##"M\##(n(cx - 4)) \##(n(cy + 4)) L\##(n(cx + 4)) \##(n(cy - 4))" stroke="#d62728" "##
                        + ##"stroke-width="2"/>"##
                )
            }
            for second in stride(from: 0.0, through: duration / 1000, by: max(1, (duration / 1000 / 6).rounded())) {
                svg.text(
                    "\(second.reportFormatted) s",
                    x: x(second * 1000),
                    y: panelTop + Self.panelHeight + 16,
                    attributes: #" text-anchor="middle""#
                )
            }
        }
        return svg.rendered()
    }
}

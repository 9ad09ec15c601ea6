import Foundation

/// When each frame was done, over one run of every stage: an SVG with a panel per stage, the frame budget as a line
/// and each hitch marked with a cross (shape, not colour, tells it apart).
struct FrameTimelineChart: Sendable {
    package var result: ProfileResult

    init(result: ProfileResult) {
        self.result = result
    }

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
        let panels = result.stages.compactMap { stage -> (StageResult, FrameTimeline, Int)? in
            guard let run = stage.repetitions.first(where: { $0.distributions?.frameTimeline != nil }),
                let timeline = run.distributions?.frameTimeline, !timeline.vsyncMs.isEmpty
            else { return nil }
            return (stage, timeline, run.repetition)
        }
        guard !panels.isEmpty else { return nil }
        let budget = result.spec.frameBudgetMs
        let slowest = panels.flatMap(\.1.doneAfterVsyncMs).max() ?? budget
        let minimum = 0.1
        let maximum = pow(10, ceil(log10(max(slowest, budget * 2))))
        let duration = max(panels.compactMap { $0.1.vsyncMs.last }.max() ?? 1, 1)
        let plotWidth = Self.width - Self.left - Self.right
        let height = Self.top + Double(panels.count) * (Self.panelHeight + Self.gap)
        func n(_ value: Double) -> String { String(format: "%.1f", value) }

        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(Self.width))" height="\##(Int(height))" "##
                + ##"viewBox="0 0 \##(Int(Self.width)) \##(Int(height))" font-family="sans-serif" font-size="12">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="\##(n(Self.left))" y="22" font-size="15" font-weight="bold">"##
                + "Frames of \(result.workload): vsync → frame done (ms, log scale); × a hitch</text>",
        ]
        for (index, (stage, timeline, repetition)) in panels.enumerated() {
            let panelTop = Self.top + Double(index) * (Self.panelHeight + Self.gap) + 16
            func x(_ ms: Double) -> Double { Self.left + ms / duration * plotWidth }
            func y(_ ms: Double) -> Double {
                let clamped = min(max(ms, minimum), maximum)
                return panelTop + (1 - (log10(clamped) - log10(minimum)) / (log10(maximum) - log10(minimum)))
                    * Self.panelHeight
            }
            svg.append(
                ##"<text x="\##(n(Self.left))" y="\##(n(panelTop - 6))" font-weight="bold">"##
                    + "\(stage.stage.rawValue) (repetition \(repetition))</text>"
            )
            var tick = minimum
            while tick <= maximum * 1.0001 {
                svg.append(
                    ##"<line x1="\##(n(Self.left))" y1="\##(n(y(tick)))" x2="\##(n(Self.left + plotWidth))" "##
                        + ##"y2="\##(n(y(tick)))" stroke="#ddd"/>"##
                )
                svg.append(
                    ##"<text x="\##(n(Self.left - 6))" y="\##(n(y(tick) + 4))" text-anchor="end">"##
                        + "\(tick.reportFormatted)</text>"
                )
                tick *= 10
            }
            svg.append(
                ##"<rect x="\##(n(Self.left))" y="\##(n(panelTop))" width="\##(n(plotWidth))" "##
                    + ##"height="\##(n(Self.panelHeight))" fill="none" stroke="#444"/>"##
            )
            svg.append(
                ##"<line x1="\##(n(Self.left))" y1="\##(n(y(budget)))" x2="\##(n(Self.left + plotWidth))" "##
                    + ##"y2="\##(n(y(budget)))" stroke="#000" stroke-width="1.5" stroke-dasharray="6 3"/>"##
            )
            // The budget's key sits above the plot, right of the title, where no frame or cross can cover it.
            let keyEnd = Self.left + plotWidth
            svg.append(
                ##"<text x="\##(n(keyEnd))" y="\##(n(panelTop - 6))" text-anchor="end">"##
                    + "budget \(budget.reportFormatted) ms</text>"
            )
            svg.append(
                ##"<line x1="\##(n(keyEnd - 150))" y1="\##(n(panelTop - 10))" x2="\##(n(keyEnd - 118))" "##
                    + ##"y2="\##(n(panelTop - 10))" stroke="#000" stroke-width="1.5" stroke-dasharray="6 3"/>"##
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
                svg.append(
                    ##"<text x="\##(n(x(second * 1000)))" y="\##(n(panelTop + Self.panelHeight + 16))" "##
                        + ##"text-anchor="middle">\##(second.reportFormatted) s</text>"##
                )
            }
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }
}

/// Links to the charts written beside the report, each only when it has something to draw.
struct ChartsSection: ReportSection {
    let workload: String
    let hasLatencyChart: Bool
    let hasFrameTimeline: Bool

    init(result: ProfileResult) {
        workload = result.workload
        hasLatencyChart = LatencyChart(result: result).hasContent
        hasFrameTimeline = FrameTimelineChart(result: result).hasContent
    }

    func rendered() -> [String] {
        var lines: [String] = []
        if hasLatencyChart {
            lines += [
                "## Main-loop latency",
                "",
                "![Main-loop latency of every stage as a cumulative distribution, with the frame budget marked]"
                    + "(\(LatencyChart.fileName(for: workload)))",
                "",
            ]
        }
        if hasFrameTimeline {
            lines += [
                "## Frames over time",
                "",
                "![When each frame was done after its vsync, one run per stage, hitches marked ×]"
                    + "(\(FrameTimelineChart.fileName(for: workload)))",
                "",
            ]
        }
        return lines
    }
}

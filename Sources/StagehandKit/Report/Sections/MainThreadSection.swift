/// Where the main thread's time went in each measured stage, by kind of work, in ms per second of run.
struct MainThreadSection: ReportSection {
    let measured: [(stage: Stage, metrics: StageMetrics)]

    init(result: ProfileResult) {
        measured = result.stages.compactMap { stage in stage.metrics.map { (stage.stage, $0) } }
    }

    func rendered() -> [String] {
        guard !measured.isEmpty else { return [] }
        var lines = ["## Where the main thread's time went (ms per second of run)", ""]
        lines.append("| | " + measured.map(\.stage.rawValue).joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "--:|", count: measured.count))
        for work in MainWork.allCases {
            let cells = measured.map { ($0.metrics.mainThreadBusyMsPerS[work.rawValue] ?? 0).reportFormatted }
            let name =
                switch work {
                case .frame: "frame work"
                case .io: "io (a blocking wait, or an io body's code on main)"
                case .overhead: "job overhead (resuming, scheduling, Stagehand's own probes)"
                default: "`\(work.rawValue)` steps"
                }
            lines.append("| \(name) | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        return lines
    }
}

/// The causes of hitch time, per stage: the largest few overall as rows, the rest summed.
struct HitchCausesSection: ReportSection {
    /// The stages whose hitch time was attributed, with its causes. A result written before hitches were attributed
    /// has hitch time without causes: no section for it.
    let measured: [(stage: Stage, causes: [StageMetrics.HitchShare])]
    /// Every cause, largest first by its largest ms/s in any stage.
    let causes: [String]
    /// The symbol each shown cause's step is about, where a scan named it.
    let symbols: [String: String]
    /// Under the table: the largest cause's declaration and its main-actor callers, where a scan named them.
    let largestCause: [String]

    /// How many causes get a row of their own.
    static let shown = 6

    init(result: ProfileResult, notes: SourceNotes?) {
        measured = result.stages.compactMap { stage in
            stage.metrics.map { (stage: stage.stage, causes: $0.hitchCauses) }
        }.filter { !$0.causes.isEmpty }
        var largest: [String: Double] = [:]
        for stage in measured {
            for cause in stage.causes { largest[cause.cause] = max(largest[cause.cause] ?? 0, cause.msPerS) }
        }
        causes = largest.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
        var symbols: [String: String] = [:]
        for cause in causes.prefix(Self.shown) { symbols[cause] = notes?.declaration(ofCause: cause)?.symbol }
        self.symbols = symbols
        largestCause = causes.first.flatMap { notes?.largestCause($0) } ?? []
    }

    func rendered() -> [String] {
        guard !measured.isEmpty else { return [] }
        var lines = [
            "## What made frames late (hitch time by cause, ms per second)",
            "",
            "Each hitch's time is shared out over what held main from the frame's vsync to its end, in proportion to how "
                + "long each held it (job overhead: main held by no step or frame, such as resuming a task).",
            "",
        ]
        lines.append("| cause | " + measured.map(\.stage.rawValue).joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "--:|", count: measured.count))
        for cause in causes.prefix(Self.shown) {
            let cells = measured.map { cell([cause], of: $0.causes) }
            let code = symbols[cause].map { " → `\($0)`" } ?? ""
            lines.append("| `\(cause)`\(code) | " + cells.joined(separator: " | ") + " |")
        }
        if causes.count > Self.shown {
            let rest = Set(causes.dropFirst(Self.shown))
            let cells = measured.map { cell(rest, of: $0.causes) }
            lines.append("| \(rest.count) other causes | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        return lines + largestCause
    }

    /// The causes among `names` in one stage, together: their ms/s and share of the stage's hitch time.
    private func cell(_ names: Set<String>, of causes: [StageMetrics.HitchShare]) -> String {
        let part = causes.filter { names.contains($0.cause) }
        guard !part.isEmpty else { return "–" }
        let sum = StageMetrics.HitchShare(
            cause: "",
            msPerS: part.reduce(0) { $0 + $1.msPerS },
            share: part.reduce(0) { $0 + $1.share }
        )
        return "\(sum.msPerS.reportFormatted) (\(sum.percent)%)"
    }
}

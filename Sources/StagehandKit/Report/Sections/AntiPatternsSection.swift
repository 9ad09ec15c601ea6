/// The lints that fired, each with its threshold, evidence and fix.
struct AntiPatternsSection: ReportSection {
    let found: [AntiPattern]

    init(result: ProfileResult) {
        found = result.recommendation.antiPatterns
    }

    func rendered() -> [String] {
        guard !found.isEmpty else { return [] }
        var lines = ["## Anti-patterns", ""]
        for pattern in found {
            lines.append(
                "- **\(pattern.title)** (`\(pattern.id)`, fires when \(pattern.threshold)): \(pattern.evidence) "
                    + "*Fix:* \(pattern.fix)"
            )
        }
        lines.append("")
        return lines
    }
}

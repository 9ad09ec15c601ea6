extension ScanResult {
    /// A Markdown section to paste into a pull request: a summary, then one table per rule with its why and fix.
    public func markdown() -> String {
        var lines = ["## Concurrency scan", "", summary, ""]
        for (rule, findings) in byRule {
            lines.append("### `\(rule.rawValue)` (\(findings.count))")
            lines.append("")
            lines.append("\(rule.why) **Fix:** \(rule.fix)")
            lines.append("")
            lines.append("| where | in | isolation | finding |")
            lines.append("|---|---|---|---|")
            for finding in findings {
                let cells = [
                    "`\(finding.file):\(finding.line)`",
                    "`\(finding.symbol)`",
                    finding.isolation.description,
                    finding.message,
                ].map { $0.replacingOccurrences(of: "|", with: "\\|") }
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        if !skipped.isEmpty {
            lines.append("Skipped: " + skipped.map { "`\($0.file)` (\($0.reason))" }.joined(separator: ", ") + ".")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}

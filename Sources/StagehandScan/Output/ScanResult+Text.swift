extension ScanResult {
    /// The terminal's list: findings grouped by rule, each rule with its why and fix once, then a summary line.
    public func text() -> String {
        var lines: [String] = []
        for (rule, findings) in byRule {
            lines.append("\(rule.rawValue) (\(findings.count))")
            lines.append("  why: \(rule.why)")
            lines.append("  fix: \(rule.fix)")
            for finding in findings {
                lines.append("  \(finding.file):\(finding.line):\(finding.column)  \(finding.symbol)")
                lines.append("      \(finding.message) [\(finding.isolation.description)]")
            }
            lines.append("")
        }
        for file in skipped {
            lines.append("skipped \(file.file): \(file.reason)")
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Scanned 12 files (1,204 lines) in 0.08 s: 5 findings, 3 blocking-call-on-main, 2 dispatch-queue."
    public var summary: String {
        let counts = byRule.map { "\($0.findings.count) \($0.rule.rawValue)" }
        let found =
            findings.isEmpty
            ? "no findings"
            : "\(findings.count) finding\(findings.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))"
        let skippedText = skipped.isEmpty ? "" : "; \(skipped.count) file\(skipped.count == 1 ? "" : "s") skipped"
        return
            "Scanned \(files) file\(files == 1 ? "" : "s") (\(lines) lines) in \(String(format: "%.2f", seconds)) s: \(found)\(skippedText)."
    }
}

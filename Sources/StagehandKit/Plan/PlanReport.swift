/// `plan.md`: the candidates measured, each stage's cost at its rate and the advice, with a section per candidate
/// (its values and their sources, its rate's source, its report); then the candidates not measured, each with why and
/// the one change that would let it be.
package struct PlanReport: Sendable {
    package var plan: PlanResult

    package init(plan: PlanResult) {
        self.plan = plan
    }

    package func render() -> String {
        let measured = plan.measured
        let notMeasured = plan.notMeasured
        var lines = [
            "# Stagehand plan: \(plan.package)",
            "",
            [
                SuiteReport.count(plan.candidates.count, "candidate") + " found by the scan",
                "\(measured.count) measured",
                "\(notMeasured.count) not measured",
                SuiteReport.duration(plan.wallSeconds),
                "`\(plan.command)`",
                "started \(plan.startedAt)",
            ].joined(separator: " · "),
            "",
            "Each candidate measured is a workload of its own in `\(plan.path)/` (target `\(plan.target)`): one "
                + "interaction calling it at its rate, profiled under the four stages. Its values came from the "
                + "app's own code wherever the code has them; each section below says where from, and which were "
                + "*synthesized* or *guessed*.",
        ]
        if !plan.leftAlone.isEmpty {
            lines += [
                "",
                "Edited by you, and left as they were: "
                    + plan.leftAlone.map { "`\($0)`" }.joined(separator: ", ") + ".",
            ]
        }
        if !measured.isEmpty {
            lines += ["", "## Measured", ""]
            lines += measuredTable(measured)
            lines += [
                "",
                "Each stage's cell: hitch time (milliseconds of late frames per second) at the candidate's rate, then "
                    + "the call's mean duration. The advice is the workload's verdict; its report has the evidence "
                    + "and the code to get there, at the declaration and its main-actor callers.",
            ]
            for candidate in measured { lines += section(candidate) }
        }
        if !notMeasured.isEmpty {
            lines += [
                "",
                "## Not measured",
                "",
                "| candidate | declared | step | why | what would let it be measured |",
                "|---|---|---|---|---|",
            ]
            lines += notMeasured.map { candidate in
                let cells = [
                    "`\(candidate.symbol)`", "\(candidate.file):\(candidate.line)", candidate.kind,
                    (candidate.notMeasured?.reason ?? "").markdownCell,
                    (candidate.notMeasured?.fix ?? "—").markdownCell,
                ]
                return "| " + cells.joined(separator: " | ") + " |"
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func measuredTable(_ measured: [PlanResult.Candidate]) -> [String] {
        let stages = Stage.allCases.filter { stage in
            measured.contains { $0.measured?.stages.contains { $0.stage == stage } == true }
        }
        var lines = [
            "| candidate | declared | step | rate | " + stages.map { "`\($0.rawValue)`" }.joined(separator: " | ")
                + " | advice |",
            "|---|---|---|---|" + stages.map { _ in "--:|" }.joined() + "---|",
        ]
        for candidate in measured {
            guard let result = candidate.measured else { continue }
            var cells = [
                "[`\(candidate.symbol)`](#\(Self.anchor(candidate)))", "\(candidate.file):\(candidate.line)",
                candidate.kind, Self.rate(candidate),
            ]
            cells += stages.map { stage in
                guard let cost = result.stages.first(where: { $0.stage == stage }) else { return "—" }
                guard let hitch = cost.hitchTimeRatioMsPerS else { return cost.status.rawValue }
                var cell = "\(hitch.reportFormatted) ms/s"
                if let hangs = cost.hangs, hangs > 0 { cell += ", \(hangs) \(hangs == 1 ? "hang" : "hangs")" }
                if let mean = cost.stepMeanMs { cell += " (\(mean.reportFormatted) ms a call)" }
                return cell
            }
            let verdict = result.verdict == "none" ? "none meets the budget" : "**`\(result.verdict)`**"
            cells.append("\(verdict), \(result.confidence.rawValue) ([report](\(result.report)))")
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines
    }

    private func section(_ candidate: PlanResult.Candidate) -> [String] {
        guard let result = candidate.measured else { return [] }
        var lines = [
            "",
            "### \(candidate.symbol)",
            "",
            candidate.why + (candidate.module.map { " In `\($0)`." } ?? ""),
            "",
            "**Advice: "
                + (result.verdict == "none" ? "no stage meets the budget" : "`\(result.verdict)`")
                + "** (\(result.confidence.rawValue)). \(result.summary)",
            "",
        ]
        if let source = candidate.source {
            lines.append("- Workload: `\(candidate.workload)`, in `\(plan.path)/\(source)`.")
        }
        lines.append(
            "- Rate: " + Self.rate(candidate) + ": " + candidate.rateSource + "."
                + result.rateSensitivity.map { " " + $0.prefix(1).uppercased() + $0.dropFirst() + "." }.joined()
                + Self.rateUnfelt(result)
        )
        if candidate.values.isEmpty {
            lines.append("- Values: none needed.")
        } else {
            lines.append("- Values" + (candidate.valuesFromApp ? ", all from the app's own code:" : ":"))
            lines += candidate.values.map { "  - \($0)" }
        }
        lines.append(
            "- Report, with the migration at the declaration and its callers: [\(result.report)](\(result.report))."
        )
        return lines
    }

    /// What a verdict with no rate it rests on says of the rate, guessed or the app's: no stage had hitch time at it,
    /// and how long a call took on main. Empty when a stage had some or was not measured (its sensitivity says where
    /// the verdict turns, when it can).
    private static func rateUnfelt(_ result: PlanResult.Measured) -> String {
        guard result.rateSensitivity.isEmpty,
            result.stages.allSatisfy({ $0.hitchTimeRatioMsPerS == 0 }),
            let mainOnly = result.stages.first(where: { $0.stage == .mainOnly }), let mean = mainOnly.stepMeanMs
        else { return "" }
        return " At this rate no stage had hitch time, so the verdict does not depend on the rate; a call took "
            + "\(mean.reportFormatted) ms on `main-only`."
    }

    /// "2/s, *guessed*" or "10/s".
    private static func rate(_ candidate: PlanResult.Candidate) -> String {
        let rate = "\(candidate.ratePerSecond.reportFormatted)/s"
        return candidate.rateGuessed ? rate + ", *guessed*" : rate
    }

    /// GitHub's anchor for the candidate's section heading: lowercased, punctuation but `-` and `_` dropped, spaces
    /// as `-`.
    static func anchor(_ candidate: PlanResult.Candidate) -> String {
        String(
            candidate.symbol.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_"
                    ? character : nil
            }
        )
    }
}

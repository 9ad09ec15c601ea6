/// The rates the verdict rests on: for each interaction at whose rate the verdict changes, where it does
/// (``RateSensitivity``). Nothing when no rate of any interaction is seen to matter, or the result predates them.
struct RatesSection: ReportSection {
    let rates: [RateSensitivity]

    init(result: ProfileResult) {
        rates = result.recommendation.rates
    }

    func rendered() -> [String] {
        guard !rates.isEmpty else { return [] }
        let factor = RateSensitivity.borderlineFactor.reportFormatted
        var lines = [
            "## The rates the verdict rests on",
            "",
            "Each interaction's rate is declared, and a stage's figures grow with it. Here each stage's hitch-time "
                + "ratio is read as a line in one interaction's rate (its hitch time per arrival, times the rate, on "
                + "top of the rest as measured), to find where the verdict would change: the advised stage misses the "
                + "budget above the first rate, and the stage named meets it below the second. Work that piles up at "
                + "a higher rate can cost more than the line says. A declared rate within \(factor)× of either makes "
                + "the verdict borderline: check how often that interaction really comes.",
            "",
            "| interaction | declared /s | advised stage meets the budget up to | a stage that meets it below |",
            "|---|--:|---|---|",
        ]
        for rate in rates {
            let near = rate.withinFactor ? " **within \(factor)×**" : ""
            let upTo =
                both(rate.advisedStage, rate.advisedMeetsUpToPerS).map { "`\($0.rawValue)`: \($1.reportFormatted)/s" }
                ?? "–"
            let below =
                both(rate.stageBelow, rate.meetsBelowPerS).map { "`\($0.rawValue)`: \($1.reportFormatted)/s" } ?? "–"
            lines.append(
                "| `\(rate.interaction)`\(near) | \(rate.declaredPerS.reportFormatted) | \(upTo) | \(below) |"
            )
        }
        return lines + [""]
    }
}

/// Both values, when both are present.
private func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

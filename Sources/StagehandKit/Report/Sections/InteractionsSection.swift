/// Each interaction in the advised stage, arrival by arrival: how many of its arrivals were measured and finished, the
/// longest and the tail of what one held main for, what so many arrivals can rule out, and the rates at which the
/// verdict would change (``RateSensitivity``). Nothing when the result predates per-interaction figures.
struct InteractionsSection: ReportSection {
    /// The stage the advice is about.
    let stage: Stage?
    let interactions: [InteractionExposure]
    /// By interaction name: where the verdict changes with its rate.
    let rates: [String: RateSensitivity]
    /// The advised stage's hitch-time ratio and its rare interactions' knock-on, in milliseconds per second
    /// (``StageResult/knockOn``).
    let knockOnTotals: (hitchMsPerS: Double, knockOnMsPerS: Double)?

    init(result: ProfileResult) {
        let advised = result.recommendation.advisedStage
        stage = advised
        let advisedResult = result.stages.first { $0.stage == advised }
        interactions = advisedResult?.interactions ?? []
        knockOnTotals = advisedResult?.knockOn.map { ($0.hitchMsPerS, $0.knockOnMsPerS) }
        rates = Dictionary(result.recommendation.rates.map { ($0.interaction, $0) }) { first, _ in first }
    }

    func rendered() -> [String] {
        guard let stage, !interactions.isEmpty else { return [] }
        let factor = RateSensitivity.borderlineFactor.reportFormatted
        var lines = [
            "## Each interaction in `\(stage.rawValue)`, arrival by arrival",
            "",
            "Arrivals: in the stage's runs, plus its exposure runs. Each arrival's hold is the longest it held main at "
                + "once (one main-actor job), however late its work came. The first hold is its first arrival's in a "
                + "fresh process, before anything warmed it (a hang there fails the stage, though no figure counts it "
                + "at its rate); the tail is the 90th percentile of the others "
                + "(with at least \(InteractionExposure.tailArrivals) finished arrivals). So many arrivals would have "
                + "shown a slow path as common as the one named, with a chance of 95%; a rarer one may not have come.",
            "",
            "The rates: each interaction's rate is declared, and a stage's figures grow with it. Each stage's "
                + "hitch-time ratio is read as a line in one interaction's rate (its hitch time per arrival, times "
                + "the rate, on top of the rest as measured): `\(stage.rawValue)` misses the budget above the first "
                + "rate, and the stage named meets it below the second. Work that piles up at a higher rate can cost "
                + "more than the line says. A declared rate within \(factor)× of either makes the verdict "
                + "borderline: check how often that interaction really comes.",
            "",
            "| interaction | rate /s | arrivals | unfinished | first hold | longest hold | tail hold | "
                + "slow paths it could miss | meets the budget up to | a stage that meets it below |",
            "|---|--:|--:|--:|--:|--:|--:|---|---|---|",
        ]
        for one in interactions {
            let rate = rates[one.interaction]
            let near = rate?.withinFactor == true ? " **within \(factor)×**" : ""
            let upTo = rate?.advisedMeetsUpToPerS.map { "\($0.reportFormatted)/s" } ?? "–"
            let below =
                rate.flatMap { rate in
                    both(rate.stageBelow, rate.meetsBelowPerS).map { "`\($0.rawValue)`: \($1.reportFormatted)/s" }
                } ?? "–"
            let missed = one.slowPathSeenOneIn.map { $0 < 2 ? "any" : "rarer than 1 in \($0)" } ?? "–"
            let cells = [
                "`\(one.interaction)`\(one.estimated ? " (rare)" : "")\(near)",
                one.ratePerS.reportFormatted,
                one.exposureArrivals > 0 ? "\(one.arrivals) + \(one.exposureArrivals)" : "\(one.arrivals)",
                one.unfinished > 0 ? "**\(one.unfinished)**" : "0",
                one.firstBlockMs.map { "\($0.reportFormatted) ms" } ?? "–",
                "\(one.longestBlockMs.reportFormatted) ms",
                one.tailBlockMs.map { "\($0.reportFormatted) ms" } ?? "–",
                missed, upTo, below,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines + [""] + knockOn(in: stage)
    }

    /// What the rare interactions' figures leave out: the hitch time they cause outside their own steps, and whether
    /// counting it would take the stage past the limit. Nothing when no rare interaction was exposed.
    private func knockOn(in stage: Stage) -> [String] {
        let rare = interactions.filter { $0.estimated && $0.knockOnHitchMsPerArrival != nil }
        guard !rare.isEmpty else { return [] }
        let each = rare.map { one in
            "`\(one.interaction)` \((one.knockOnHitchMsPerArrival ?? 0).reportFormatted) ms an arrival "
                + "(\((one.knockOnHitchMsPerS ?? 0).reportFormatted) ms/s at its rate)"
        }
        var line =
            "Knock-on hitches: a rare interaction's share counts the hitch time of its own steps; what it causes "
            + "elsewhere, others' steps and frames late behind it, is left out of the figures. Its exposure runs, "
            + "against the ordinary runs, put that at: " + each.joined(separator: ", ") + "."
        let limit = Metric.hitchBands.good
        if let (hitchMsPerS, extra) = knockOnTotals, hitchMsPerS < limit, hitchMsPerS + extra >= limit {
            line +=
                " **Counted, they would take `\(stage.rawValue)` to \((hitchMsPerS + extra).reportFormatted) ms/s, "
                + "at or past the \(limit.reportFormatted) ms/s limit,** so the stage is borderline: profile again with "
                + "longer runs (`--duration`), in which the interaction comes often enough to be measured as it comes."
        }
        return [line, ""]
    }
}

/// Both values, when both are present.
private func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

/// The search for a stage's ``Headroom``: bracket, then bisect, on a multiplier of the workload's step costs.
///
/// From ×1 the multiplier doubles while the stage meets the budget (or halves while it misses) until the answer
/// changes or a limit is reached; then the bracket is bisected geometrically until its ends are within
/// ``precision`` of each other. Each probe is one measured run, so the search assumes that a stage which misses the
/// budget at some cost also misses it at every larger one; a noisy probe near the cliff moves the answer by about one
/// bisection step.
struct HeadroomSearch: Sendable {
    /// The smallest and largest multipliers tried.
    var lower = Headroom.searchedMultipliers.lowerBound
    var upper = Headroom.searchedMultipliers.upperBound
    /// The bisection stops when the largest multiplier met and the smallest missed are within this ratio.
    var precision = Headroom.searchPrecision

    init() {}

    /// Runs the search, calling `meets` once per multiplier tried (never twice for one).
    ///
    /// - Parameter meets: whether the stage, with every scalable cost multiplied by the argument, meets the budget.
    package func run(_ meets: (Double) async throws -> Bool) async rethrows -> Headroom {
        var met: [Double] = []
        var missed: [Double] = []
        func probe(_ multiplier: Double) async throws -> Bool {
            let answer = try await meets(multiplier)
            if answer { met.append(multiplier) } else { missed.append(multiplier) }
            return answer
        }
        // Bracket: the largest multiplier met and the smallest missed, starting from today's costs.
        var multiplier = 1.0
        if try await probe(multiplier) {
            while multiplier < upper {
                multiplier = min(multiplier * 2, upper)
                if try await !probe(multiplier) { break }
            }
        } else {
            while multiplier > lower {
                multiplier = max(multiplier / 2, lower)
                if try await probe(multiplier) { break }
            }
        }
        // Bisect, geometrically, between them.
        while let low = met.max(), let high = missed.filter({ $0 > low }).min(), high / low > precision {
            _ = try await probe((low * high).squareRoot())
        }
        let best = met.filter { met in !missed.contains { $0 < met } }.max() ?? 0
        return Headroom(multiplier: best, metAt: met.sorted(), missedAt: missed.sorted())
    }
}

/// When an exposure run's exposed arrivals come: one at a time, each after the one before it has ended and its effect
/// on main with it, at a random phase of the frame grid.
///
/// An exposure run measures what one arrival of a rare interaction does, so that its declared rate can weigh it
/// (``InteractionExposure``). It must measure nothing the declared rates would not make: exposed arrivals that queued
/// behind one another on main would wait, and hitch, for the exposure's own sake, and arrivals a fixed number of
/// frames apart would all land at one phase of the grid, one sample three times over. So the exposed interactions take
/// turns, ``InteractionExposure/minimumArrivals`` rounds of one arrival each; each arrival is due at a uniformly drawn
/// instant of its own slot of the window (the window split evenly between them), and never before the arrival before
/// it has ended plus ``settleFrames`` refresh intervals and a uniformly drawn part of one more. An arrival that has not
/// ended after its interaction's wait limit is left to finish on its own, and the next one comes.
///
/// A plain value: ``ExposureSource`` delivers what it plans.
struct ExposurePlan {
    /// How long after one exposed arrival ends the next may come, at least, in refresh intervals: time for the frame
    /// its work made late to appear, and for anything queued behind it on main to run.
    static let settleFrames = 2.0

    /// The exposed interactions' arrivals, in the order they come: each an interaction index.
    let order: [Int]
    private let start: Instant
    private let slotMs: Double
    private let periodMs: Double
    /// How long an exposed arrival is waited for before the next one comes anyway, by interaction index.
    private let waitLimitsMs: [Double]
    private var generator: SeededGenerator
    /// How many arrivals have been taken.
    private(set) var taken = 0

    /// A plan for `exposed` (interaction indices), `rounds` arrivals each, from `start` over a window of
    /// `windowSeconds`, on a display of `refreshHz`, drawn from `seed`; an arrival of interaction i is waited for
    /// `waitLimitSeconds(i)` at most.
    init(
        exposed: [Int],
        rounds: Int = InteractionExposure.minimumArrivals,
        start: Instant,
        windowSeconds: Double,
        refreshHz: Double,
        waitLimitSeconds: (Int) -> Double,
        seed: UInt64
    ) {
        order = (0..<rounds).flatMap { _ in exposed }
        self.start = start
        slotMs = order.isEmpty ? 0 : windowSeconds * 1000 / Double(order.count)
        periodMs = 1000 / refreshHz
        waitLimitsMs = (0..<((exposed.max() ?? -1) + 1)).map { waitLimitSeconds($0) * 1000 }
        generator = SeededGenerator(seed: seed ^ 0x6578_706F_7375_7265)  // "exposure": apart from the arrivals' draws
    }

    /// Whether every arrival has been taken.
    var isDone: Bool { taken >= order.count }

    /// When the next arrival may come, the one before it having ended at `previousEnd` (`nil` for the first).
    mutating func readyTime(afterPreviousEnded previousEnd: Instant?) -> Instant {
        let slot = start.adding(milliseconds: (Double(taken) + uniform()) * slotMs)
        guard let previousEnd else { return slot }
        let settled = previousEnd.adding(milliseconds: (Self.settleFrames + uniform()) * periodMs)
        return max(slot, settled)
    }

    /// How long the arrival of `interaction` is waited for before the next one comes anyway, in milliseconds.
    func waitLimitMs(of interaction: Int) -> Double {
        waitLimitsMs.indices.contains(interaction) ? waitLimitsMs[interaction] : 0
    }

    /// Takes the next arrival: its interaction index, or `nil` when all have been taken.
    mutating func take() -> Int? {
        guard !isDone else { return nil }
        defer { taken += 1 }
        return order[taken]
    }

    /// A draw in [0, 1).
    private mutating func uniform() -> Double {
        Double(generator.next() >> 11) / Double(1 << 53)
    }
}

import Foundation

/// When each interaction arrives: every interaction's own stream (periodic or seeded Poisson), merged in time order.
struct ArrivalSchedule {
    /// One arrival: which interaction, and when.
    struct Arrival: Equatable {
        var interaction: Int
        var time: Instant
    }

    private let interactions: [Interaction]
    private let end: Instant
    private var next: [Instant?]
    private var generator: SeededGenerator

    /// Arrivals from `start` until `end`; the same seed gives the same arrivals in every stage. The interactions at
    /// `leaving` (indices) have none here: an exposure run delivers them itself (``ExposureSource``).
    init(interactions: [Interaction], start: Instant, end: Instant, seed: UInt64, leaving: [Int] = []) {
        self.interactions = interactions
        self.end = end
        generator = SeededGenerator(seed: seed)
        next = []
        for (index, interaction) in interactions.enumerated() {
            let first: Double
            switch interaction.arrival {
            case .periodic:
                // Stagger the streams so periodic interactions do not all land on one instant.
                let phase = (Double(index) + 0.5) / Double(interactions.count)
                first = phase * 1000 / interaction.ratePerSecond
            case .poisson:
                first = exponentialGapMs(rate: interaction.ratePerSecond)
            }
            next.append(start.adding(milliseconds: first))
        }
        for index in next.indices where next[index]! >= end || leaving.contains(index) { next[index] = nil }
    }

    /// The earliest arrival not yet taken, or `nil` when the run has no more.
    func peek() -> Arrival? {
        var best: Arrival?
        for (index, time) in next.enumerated() {
            guard let time else { continue }
            if best == nil || time < best!.time { best = Arrival(interaction: index, time: time) }
        }
        return best
    }

    /// Takes the earliest arrival and schedules that interaction's next one.
    mutating func take() -> Arrival? {
        guard let arrival = peek() else { return nil }
        let interaction = interactions[arrival.interaction]
        let gap =
            switch interaction.arrival {
            case .periodic: 1000 / interaction.ratePerSecond
            case .poisson: exponentialGapMs(rate: interaction.ratePerSecond)
            }
        let following = arrival.time.adding(milliseconds: gap)
        next[arrival.interaction] = following < end ? following : nil
        return arrival
    }

    private mutating func exponentialGapMs(rate: Double) -> Double {
        let uniform = Double(generator.next() >> 11) / Double(1 << 53)  // [0, 1)
        return -log1p(-uniform) / rate * 1000
    }
}

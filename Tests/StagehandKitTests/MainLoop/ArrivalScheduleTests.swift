import Testing

@testable import StagehandKit

@Suite struct ArrivalScheduleTests {
    static func all(_ interactions: [Interaction], seconds: Double, seed: UInt64) -> [ArrivalSchedule.Arrival] {
        let start = Instant(nanoseconds: 1_000_000_000)
        var schedule = ArrivalSchedule(
            interactions: interactions,
            start: start,
            end: start.adding(milliseconds: seconds * 1000),
            seed: seed
        )
        var arrivals: [ArrivalSchedule.Arrival] = []
        while let arrival = schedule.take() { arrivals.append(arrival) }
        return arrivals
    }

    static let tap = Interaction(
        name: "tap",
        ratePerSecond: 4,
        arrival: .periodic,
        steps: [Step(.ui, "a", .milliseconds(1))]
    )
    static let request = Interaction(
        name: "request",
        ratePerSecond: 50,
        arrival: .poisson,
        steps: [Step(.io, "b", .milliseconds(1))]
    )

    @Test func periodicArrivalsComeAtTheRate() {
        let arrivals = Self.all([Self.tap], seconds: 10, seed: 1)
        #expect(arrivals.count == 40)
        let gaps = zip(arrivals, arrivals.dropFirst()).map { $1.time.milliseconds(since: $0.time) }
        #expect(gaps.allSatisfy { abs($0 - 250) < 0.001 })
    }

    @Test func poissonArrivalsAreReproducibleFromTheSeed() {
        let first = Self.all([Self.request], seconds: 20, seed: 7)
        let again = Self.all([Self.request], seconds: 20, seed: 7)
        let other = Self.all([Self.request], seconds: 20, seed: 8)
        #expect(first == again)
        #expect(first != other)
        #expect(first.count > 900 && first.count < 1100)  // 1000 expected; ±3σ is ±95
    }

    @Test func streamsMergeInTimeOrder() {
        let arrivals = Self.all([Self.tap, Self.request], seconds: 5, seed: 3)
        #expect(zip(arrivals, arrivals.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(arrivals.filter { $0.interaction == 0 }.count == 20)
    }
}

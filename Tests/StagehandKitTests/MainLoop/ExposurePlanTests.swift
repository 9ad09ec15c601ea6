import Testing

@testable import StagehandKit

/// The exposure run's schedule: exposed arrivals take turns, each in its own slot at a drawn phase of the frame grid,
/// and none before the one ahead of it has ended and settled, so they never pile on one another.
@Suite struct ExposurePlanTests {
    static func plan(_ exposed: [Int], seed: UInt64 = 1, refreshHz: Double = 60) -> ExposurePlan {
        ExposurePlan(
            exposed: exposed,
            start: .at(1000),
            windowSeconds: 1.5,
            refreshHz: refreshHz,
            waitLimitSeconds: { _ in 10 },
            seed: seed
        )
    }

    @Test func theExposedInteractionsTakeTurnsThreeRoundsOfOneArrivalEach() {
        var plan = Self.plan([2, 5])
        var order: [Int] = []
        while let next = plan.take() { order.append(next) }
        #expect(order == [2, 5, 2, 5, 2, 5])
        #expect(plan.isDone)
    }

    /// Arrivals that end at once come each in its own sixth of the 1.5 s window, at a drawn instant of it.
    @Test func quickArrivalsComeEachInItsOwnSlot() {
        var plan = Self.plan([0, 1])
        var previousEnd: Instant?
        for slot in 0..<6 {
            let ready = plan.readyTime(afterPreviousEnded: previousEnd)
            let offset = ready.milliseconds(since: .at(1000))
            #expect(offset >= Double(slot) * 250 && offset < Double(slot + 1) * 250, "slot \(slot): \(offset) ms")
            _ = plan.take()
            previousEnd = ready.adding(milliseconds: 1)
        }
    }

    /// An arrival that takes 2 s (a long wait, then work on main) pushes the next one past its end by two to three
    /// refresh intervals: no exposed arrival ever waits behind another one.
    @Test func aSlowArrivalIsNeverOverlappedByTheNext() {
        for refreshHz in [60.0, 120.0] {
            var plan = Self.plan([0], refreshHz: refreshHz)
            var ready = plan.readyTime(afterPreviousEnded: nil)
            let period = 1000 / refreshHz
            while plan.take() != nil, !plan.isDone {
                let ended = ready.adding(milliseconds: 2000)
                ready = plan.readyTime(afterPreviousEnded: ended)
                let gap = ready.milliseconds(since: ended)
                #expect(gap >= 2 * period && gap < 3 * period, "\(gap) ms at \(refreshHz) Hz")
            }
        }
    }

    /// Arrivals half a second apart would all land at one phase of a 60 Hz grid (500 ms is 30 frames): the drawn
    /// instants do not, and the same seed draws the same ones.
    @Test func arrivalsFallAtDrawnPhasesOfTheFrameGridReproducibly() {
        func phases(seed: UInt64) -> [Double] {
            var plan = Self.plan([0], seed: seed)
            var result: [Double] = []
            var previousEnd: Instant?
            while !plan.isDone {
                let ready = plan.readyTime(afterPreviousEnded: previousEnd)
                result.append(ready.milliseconds(since: .at(1000)).truncatingRemainder(dividingBy: 1000 / 60))
                _ = plan.take()
                previousEnd = ready.adding(milliseconds: 5)
            }
            return result
        }
        let drawn = phases(seed: 7)
        #expect(drawn == phases(seed: 7))
        #expect(drawn != phases(seed: 8))
        #expect(Set(drawn.map { ($0 * 10).rounded() }).count == drawn.count, "\(drawn)")
    }
}

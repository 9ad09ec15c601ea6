import Dispatch

/// Delivers interaction arrivals to the main actor as UI events: one main-queue job per event, at its scheduled time.
///
/// One event per job, as a run loop takes one input source at a time, so a frame job that is already waiting is not
/// starved by a burst of events that piled up while main was blocked.
@MainActor
final class EventSource {
    private let timer: any DispatchSourceTimer
    private let onEvent: @MainActor (ArrivalSchedule.Arrival) -> Void
    private var schedule: ArrivalSchedule

    init(schedule: ArrivalSchedule, onEvent: @escaping @MainActor (ArrivalSchedule.Arrival) -> Void) {
        self.schedule = schedule
        self.onEvent = onEvent
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        // Captures only `self`: firing allocates nothing. The cycle through the timer is broken in `stop()`.
        timer.setEventHandler { self.fire() }
        armForNext()
    }

    private func deliverNext() {
        guard let arrival = schedule.take() else { return }
        armForNext()
        onEvent(arrival)
    }

    func resume() {
        timer.resume()
    }

    /// Whether arrivals are still to be delivered: due already (main was busy) or to come.
    var hasPending: Bool { schedule.peek() != nil }

    /// Stops delivering and returns the events that were due but never delivered.
    func stop() -> [ArrivalSchedule.Arrival] {
        timer.cancel()
        timer.setEventHandler(handler: nil)
        var undelivered: [ArrivalSchedule.Arrival] = []
        while let arrival = schedule.take() { undelivered.append(arrival) }
        return undelivered
    }

    /// The timer's callback: on the main queue, as main-actor code.
    private nonisolated func fire() {
        MainQueue.assumeMainActor { self.deliverNext() }
    }

    /// Does what each delivery does besides handing the interaction over: enters the main actor as the timer's
    /// callback does, and re-arms the timer (Dispatch allocates a timer configuration each time). For measuring
    /// what the harness allocates per delivery, on main, before the source is resumed.
    nonisolated func idleDelivery() {
        MainQueue.assumeMainActor { self.armForNext() }
    }

    private func armForNext() {
        if let next = schedule.peek() {
            timer.schedule(deadline: next.time.dispatchTime, leeway: .nanoseconds(0))
        } else {
            timer.schedule(deadline: .distantFuture, leeway: .nanoseconds(0))
        }
    }
}

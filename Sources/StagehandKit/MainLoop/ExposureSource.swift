import Dispatch
import Synchronization

/// Delivers an exposure run's exposed arrivals as UI events, one at a time, as its ``ExposurePlan`` says: a timer on
/// the main queue fires at each arrival's ready time, and while an arrival is under way watches, every 5 ms, for its
/// end (which its last step marks, on whatever thread, in ``ended``).
@MainActor
final class ExposureSource {
    /// When the exposed arrival under way ended: set from any thread by its ``InteractionRun``, and only by that one
    /// (an earlier arrival left to finish on its own that ends later is not taken for it).
    final class End: Sendable {
        /// The delivery number of the arrival under way.
        private let awaited = Atomic<Int>(-1)
        private let nanoseconds = Atomic<UInt64>(0)

        /// Delivery `id` ended at `instant`: noted if it is the one under way.
        func mark(_ id: Int, at instant: Instant) {
            guard awaited.load(ordering: .acquiring) == id else { return }
            nanoseconds.store(instant.nanoseconds, ordering: .releasing)
        }

        /// When the arrival under way ended, or `nil` while it has not.
        var instant: Instant? {
            let value = nanoseconds.load(ordering: .acquiring)
            return value == 0 ? nil : Instant(nanoseconds: value)
        }

        /// Delivery `id` is the one under way now.
        func await(_ id: Int) {
            nanoseconds.store(0, ordering: .releasing)
            awaited.store(id, ordering: .releasing)
        }
    }

    private var plan: ExposurePlan
    private let timer: any DispatchSourceTimer
    /// Delivers an arrival, telling it whom to tell when it ends.
    private let onEvent:
        @MainActor (ArrivalSchedule.Arrival, _ onEnd: @escaping @Sendable (Int, Instant) -> Void) -> Void
    /// The delivery number the next delivery will get.
    private let nextDelivery: @MainActor () -> Int
    private let end = End()
    /// What an exposed arrival calls when it ends, with its delivery number: made once, so a delivery allocates no
    /// closure.
    private let onEnd: @Sendable (Int, Instant) -> Void
    /// The arrival under way: when it was delivered, and its interaction; `nil` between arrivals.
    private var awaiting: (delivered: Instant, interaction: Int)?
    /// When the last exposed arrival was delivered.
    private(set) var lastDelivery: Instant?

    init(
        plan: ExposurePlan,
        nextDelivery: @escaping @MainActor () -> Int,
        onEvent:
            @escaping @MainActor (ArrivalSchedule.Arrival, _ onEnd: @escaping @Sendable (Int, Instant) -> Void) -> Void
    ) {
        self.nextDelivery = nextDelivery
        self.plan = plan
        self.onEvent = onEvent
        let end = end
        onEnd = { end.mark($0, at: $1) }
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        // Captures only `self`; the cycle through the timer is broken in `stop()`.
        timer.setEventHandler { self.fire() }
        arm(at: self.plan.readyTime(afterPreviousEnded: nil))
    }

    /// Whether every exposed arrival has been delivered and has ended (or been left to finish on its own).
    var isComplete: Bool { plan.isDone && awaiting == nil }

    func resume() {
        timer.resume()
    }

    /// Stops delivering: the arrivals not delivered yet never come.
    func stop() {
        timer.cancel()
        timer.setEventHandler(handler: nil)
    }

    /// The timer's callback: on the main queue, as main-actor code.
    private nonisolated func fire() {
        MainQueue.assumeMainActor { self.step() }
    }

    private func step() {
        let now = Instant.now
        if let (delivered, interaction) = awaiting {
            // Ended, or left to finish on its own after the wait limit (unfinished if the run ends first).
            let waited = now.milliseconds(since: delivered) >= plan.waitLimitMs(of: interaction)
            guard let ended = end.instant ?? (waited ? now : nil) else { return }
            awaiting = nil
            if plan.isDone { return stop() }
            arm(at: plan.readyTime(afterPreviousEnded: ended))
            return
        }
        guard let interaction = plan.take() else { return stop() }
        awaiting = (now, interaction)
        lastDelivery = now
        AllocationExclusion.keptOut {
            timer.schedule(
                deadline: now.adding(milliseconds: 5).dispatchTime,
                repeating: .milliseconds(5),
                leeway: .nanoseconds(0)
            )
        }
        // Its delivery number is the next one: awaited before it is delivered, since it may end within the call.
        end.await(nextDelivery())
        onEvent(ArrivalSchedule.Arrival(interaction: interaction, time: now), onEnd)
    }

    /// Fires once at `instant` (Dispatch allocates a timer configuration: kept out of the workload's counts).
    private func arm(at instant: Instant) {
        AllocationExclusion.keptOut {
            timer.schedule(deadline: instant.dispatchTime, repeating: .never, leeway: .nanoseconds(0))
        }
    }
}

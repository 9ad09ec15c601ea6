import Dispatch
import Synchronization

/// Delivers an exposure run's exposed arrivals as UI events, one at a time, as its ``ExposurePlan`` says: a timer on
/// the main queue fires at each arrival's ready time, or when the arrival under way has been waited for long enough;
/// the arrival's own end wakes main once, through a Dispatch source its last step signals (``End``). Nothing polls: the
/// main thread the run measures runs one harness job per exposed arrival's end and one per timer, no more.
@MainActor
final class ExposureSource {
    /// When the exposed arrival under way ended: set from any thread by its ``InteractionRun``, and only by that one
    /// (an earlier arrival left to finish on its own that ends later is not taken for it).
    ///
    /// `@unchecked Sendable`: besides its atomics it holds a Dispatch source, set once in `init` and then only merged
    /// into (`dispatch_source_merge_data`), which libdispatch documents as safe from any thread; its handler runs on
    /// the main queue.
    final class End: @unchecked Sendable {
        /// The delivery number of the arrival under way.
        private let awaited = Atomic<Int>(-1)
        private let nanoseconds = Atomic<UInt64>(0)
        /// Wakes main when the arrival under way ends.
        let signal: any DispatchSourceUserDataAdd = DispatchSource.makeUserDataAddSource(queue: .main)

        /// Delivery `id` ended at `instant`: noted, and main woken, if it is the one under way.
        func mark(_ id: Int, at instant: Instant) {
            guard awaited.load(ordering: .acquiring) == id else { return }
            nanoseconds.store(instant.nanoseconds, ordering: .releasing)
            signal.add(data: 1)
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
    /// The arrival under way: when it was delivered; `nil` between arrivals.
    private var awaiting: Instant?
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
        // Each captures only `self`; the cycles through the sources are broken in `stop()`.
        timer.setEventHandler { self.timerFired() }
        end.signal.setEventHandler { self.endSignalled() }
        arm(at: self.plan.readyTime(afterPreviousEnded: nil))
    }

    /// Whether every exposed arrival has been delivered and has ended (or been left to finish on its own).
    var isComplete: Bool { plan.isDone && awaiting == nil }

    func resume() {
        end.signal.resume()
        timer.resume()
    }

    /// Stops delivering: the arrivals not delivered yet never come.
    func stop() {
        for source in [timer, end.signal] as [any DispatchSourceProtocol] {
            source.cancel()
            source.setEventHandler(handler: nil)
        }
    }

    /// The timer's callback: an arrival is ready, or the one under way has been waited for long enough (it is left to
    /// finish on its own, and is unfinished if the run ends first).
    private nonisolated func timerFired() {
        MainQueue.assumeMainActor {
            if awaiting != nil {
                proceed(ended: .now)
            } else {
                deliverNext()
            }
        }
    }

    /// The end signal's callback: the arrival under way has ended.
    private nonisolated func endSignalled() {
        MainQueue.assumeMainActor {
            guard awaiting != nil, let ended = end.instant else { return }
            proceed(ended: ended)
        }
    }

    /// The arrival under way is over at `ended`: the next one is planned from there.
    private func proceed(ended: Instant) {
        awaiting = nil
        if plan.isDone { return stop() }
        arm(at: plan.readyTime(afterPreviousEnded: ended))
    }

    private func deliverNext() {
        guard let interaction = plan.take() else { return stop() }
        let now = Instant.now
        awaiting = now
        lastDelivery = now
        // Woken by its end, or at its wait limit, whichever comes first.
        arm(at: now.adding(milliseconds: plan.waitLimitMs(of: interaction)))
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

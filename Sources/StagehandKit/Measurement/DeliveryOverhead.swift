/// What Stagehand's own objects allocate as it delivers an interaction (the step list, the interaction's hop and
/// main-thread accounting), measured before a run so that the workload's allocation counts can leave it out.
///
/// Counts are exact (``AllocationCounter``), so one delivery of each interaction is measured a few
/// times and the fewest taken: another thread allocating meanwhile can only add.
struct DeliveryOverhead: Sendable {
    /// Allocations and bytes: a count, or a difference of two.
    struct Count: Sendable, Equatable {
        var allocations: Int64 = 0
        var bytes: Int64 = 0
    }

    /// What one delivery of each interaction allocates, by interaction index.
    let perDelivery: [Count]

    /// Measures `makeDelivery(index)` for each of `interactions`, with `probe`; all zero without a counter.
    init(interactions: Int, probe: AllocationCounter?, rounds: Int = 3, makeDelivery: (Int) -> Void) {
        guard let probe else {
            perDelivery = Array(repeating: Count(), count: interactions)
            return
        }
        func measure(_ body: () -> Void) -> Count {
            let before = probe.sample()
            body()
            let after = probe.sample()
            return Count(
                allocations: Int64(bitPattern: after.allocations &- before.allocations),
                bytes: Int64(bitPattern: after.requestedBytes &- before.requestedBytes)
            )
        }
        perDelivery = (0..<interactions).map { index in
            var fewest: Count?
            for _ in 0..<max(rounds, 1) {
                let sampling = measure {}  // what the two samples themselves allocate, if anything
                let delivery = measure { makeDelivery(index) }
                let count = Count(
                    allocations: delivery.allocations - sampling.allocations,
                    bytes: delivery.bytes - sampling.bytes
                )
                if fewest == nil || count.allocations < fewest!.allocations { fewest = count }
            }
            return fewest ?? Count()
        }
    }

    /// What the harness allocated for `deliveries[i]` deliveries of each interaction `i`.
    func total(deliveries: [Int]) -> Count {
        var total = Count()
        for (index, count) in deliveries.enumerated() where index < perDelivery.count {
            total.allocations += perDelivery[index].allocations * Int64(count)
            total.bytes += perDelivery[index].bytes * Int64(count)
        }
        return total
    }
}

import Synchronization

/// The hop each interaction has asked for and not started yet, by delivery number: what the recorder counts, when a
/// run ends, as hop waits still queued.
///
/// One atomic word per delivery number. An interaction's hops follow one another (each is asked, then starts, before
/// the next is asked), so a word is written by one thread at a time: the one asking, then the one starting. No lock
/// is shared between main and the pool, a record is two relaxed loads and a store, and nothing is allocated once the
/// table is made (``prepare(capacity:epoch:)``). The words are read when the run ends.
// @unchecked: the table's words are allocated and initialised once, in `prepare`, before its address is published
// (a releasing store, read with an acquiring load), are freed in `deinit`, and are otherwise reached only through the
// atomic loads and stores of each word, so sharing them between threads is safe.
final class PendingHops: @unchecked Sendable {
    /// A hop still asked for: where to, and since when.
    struct Hop: Equatable {
        var destination: HopDestination
        var asked: Instant
    }

    /// The table, once made; `nil` until then (nothing is tracked).
    private let words = Atomic<UnsafeMutablePointer<Atomic<UInt64>>?>(nil)
    /// How many delivery numbers are tracked (0 up to it); later ones are not. Set before `words` is published.
    private let capacity = Atomic<Int>(0)
    /// The instant asked times are stored relative to: the run's start. Set before `words` is published.
    private let epoch = Atomic<UInt64>(0)

    /// The low bits hold the asked time in nanoseconds since the epoch (2⁴⁸ ns is 78 hours); the high 16 bits hold
    /// the destination's code plus one, so a word of 0 means nothing is pending.
    private static let timeBits: UInt64 = 48
    private static let timeMask: UInt64 = (1 << timeBits) - 1

    /// An empty table: nothing is tracked until it is made.
    init() {}

    deinit {
        guard let table = words.load(ordering: .acquiring) else { return }
        let count = capacity.load(ordering: .relaxed)
        table.deinitialize(count: count)
        table.deallocate()
    }

    /// Makes the table, for delivery numbers below `capacity` and asked times from `epoch` on; once (later calls do
    /// nothing). Made before the run, so recording allocates nothing.
    func prepare(capacity: Int, epoch: Instant) {
        guard words.load(ordering: .acquiring) == nil else { return }
        let count = max(capacity, 0)
        let table = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: count)
        for index in 0..<count { (table + index).initialize(to: Atomic(0)) }
        self.capacity.store(count, ordering: .relaxed)
        self.epoch.store(epoch.nanoseconds, ordering: .relaxed)
        words.store(table, ordering: .releasing)
    }

    /// Interaction `id` asked at `asked` to run on `destination`.
    func asked(_ id: Int, _ destination: HopDestination, at asked: Instant) {
        guard let word = word(id), let code = Self.code(destination) else { return }
        let since = asked.nanoseconds(since: Instant(nanoseconds: epoch.load(ordering: .relaxed)))
        word.pointee.store(((code + 1) << Self.timeBits) | min(since, Self.timeMask), ordering: .relaxed)
    }

    /// Interaction `id`'s hop started (or the interaction ended): nothing of it is pending.
    func settled(_ id: Int) {
        word(id)?.pointee.store(0, ordering: .relaxed)
    }

    /// Every hop asked before `end` and not started, in delivery order.
    func pending(before end: Instant) -> [Hop] {
        guard let table = words.load(ordering: .acquiring) else { return [] }
        let epoch = epoch.load(ordering: .relaxed)
        var hops: [Hop] = []
        for id in 0..<capacity.load(ordering: .relaxed) {
            let word = table[id].load(ordering: .relaxed)
            guard word != 0 else { continue }
            let asked = Instant(nanoseconds: epoch + (word & Self.timeMask))
            guard asked < end else { continue }  // an io answer due later: not asked yet
            hops.append(Hop(destination: Self.destination(code: (word >> Self.timeBits) - 1), asked: asked))
        }
        return hops
    }

    /// Interaction `id`'s word, when the table is made and holds it.
    private func word(_ id: Int) -> UnsafeMutablePointer<Atomic<UInt64>>? {
        guard let table = words.load(ordering: .acquiring), id >= 0, id < capacity.load(ordering: .relaxed) else {
            return nil
        }
        return table + id
    }

    /// The destination's code: main 0, the pool 1, subsystem i 2 + i; `nil` for one beyond what 16 bits hold.
    private static func code(_ destination: HopDestination) -> UInt64? {
        switch destination {
        case .mainActor: 0
        case .pool: 1
        case .subsystem(let index): index >= 0 && index < 0xFFFD ? UInt64(index) + 2 : nil
        }
    }

    private static func destination(code: UInt64) -> HopDestination {
        switch code {
        case 0: .mainActor
        case 1: .pool
        default: .subsystem(Int(code - 2))
        }
    }
}

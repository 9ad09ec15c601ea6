import Synchronization

/// The hop each interaction has asked for and not started yet, by delivery number: what the recorder counts, when a
/// run ends, as hop waits still queued.
///
/// One atomic word per delivery number. An interaction's hops follow one another (each is asked, then starts, before
/// the next is asked), so a word is written by one thread at a time: the one asking, then the one starting. No lock
/// is shared between main and the pool, a record is one relaxed store, and nothing is allocated once the table is
/// made. The words are read when the run ends.
// @unchecked: `words` is allocated and initialised in `init`, freed in `deinit`, and otherwise reached only through
// the atomic loads and stores of its elements, so sharing it between threads is safe.
final class PendingHops: @unchecked Sendable {
    /// A hop still asked for: where to, and since when.
    struct Hop: Equatable {
        var destination: HopDestination
        var asked: Instant
    }

    /// How many delivery numbers are tracked (0 up to it); later ones are not.
    let capacity: Int
    /// The instant that asked times are stored relative to: the run's start.
    private let epoch: UInt64
    private let words: UnsafeMutablePointer<Atomic<UInt64>>

    /// The low bits hold the asked time in nanoseconds since the epoch (2⁴⁸ ns is 78 hours); the high 16 bits hold
    /// the destination's code plus one, so a word of 0 means nothing is pending.
    private static let timeBits: UInt64 = 48
    private static let timeMask: UInt64 = (1 << timeBits) - 1

    /// A table for delivery numbers below `capacity`, with asked times from `epoch` on.
    init(capacity: Int, epoch: Instant) {
        self.capacity = max(capacity, 0)
        self.epoch = epoch.nanoseconds
        words = .allocate(capacity: self.capacity)
        for index in 0..<self.capacity { (words + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: capacity)
        words.deallocate()
    }

    /// Interaction `id` asked at `asked` to run on `destination`.
    func asked(_ id: Int, _ destination: HopDestination, at asked: Instant) {
        guard id >= 0, id < capacity, let code = Self.code(destination) else { return }
        let time = min(asked.nanoseconds(since: Instant(nanoseconds: epoch)), Self.timeMask)
        words[id].store(((code + 1) << Self.timeBits) | time, ordering: .relaxed)
    }

    /// Interaction `id`'s hop started (or the interaction ended): nothing of it is pending.
    func settled(_ id: Int) {
        guard id >= 0, id < capacity else { return }
        words[id].store(0, ordering: .relaxed)
    }

    /// Every hop asked before `end` and not started, in delivery order.
    func pending(before end: Instant) -> [Hop] {
        var hops: [Hop] = []
        for id in 0..<capacity {
            let word = words[id].load(ordering: .relaxed)
            guard word != 0 else { continue }
            let asked = Instant(nanoseconds: epoch + (word & Self.timeMask))
            guard asked < end else { continue }  // an io answer due later: not asked yet
            hops.append(Hop(destination: Self.destination(code: (word >> Self.timeBits) - 1), asked: asked))
        }
        return hops
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

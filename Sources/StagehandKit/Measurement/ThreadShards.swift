import Synchronization

/// One record per recording thread, so threads that record at the same moment share no lock and no cache line.
///
/// A thread claims a shard the first time it records and finds it again through a thread-specific value: one
/// `pthread_getspecific` and a comparison, no allocation. Each shard's lock is taken only by its own thread while the
/// run goes on, so it is never contended (and a pool thread preempted while holding it never stalls main); reading
/// the records takes each lock once.
///
/// The shards are made up front, so recording allocates nothing. Threads beyond them share the last one: still
/// correct, only no longer free of contention.
final class ThreadShards<Record: Sendable>: Sendable {
    private final class Shard: Sendable {
        let record: Mutex<Record>
        /// The thread that claimed it (``ThreadSpecificValue/currentThread``), 0 while unclaimed.
        let owner = Atomic<UInt>(0)
        init(_ record: consuming sending Record) { self.record = Mutex(record) }
    }

    private let shards: [Shard]
    /// Shards claimed so far (may exceed `shards.count`: those threads share the last shard).
    private let claimed = Atomic<Int>(0)
    /// This instance's number, unique in the process, so a thread's value from an earlier instance is not mistaken.
    private let generation: UInt

    /// - Parameters:
    ///   - count: shards to make, at least 1 and at most 255.
    ///   - make: a fresh record for one shard.
    init(count: Int, make: () -> sending Record) {
        precondition((1...Int(ThreadSpecific.indexMask)).contains(count), "between 1 and 255 shards")
        shards = (0..<count).map { _ in Shard(make()) }
        generation = ThreadSpecific.nextGeneration()
    }

    /// Updates the calling thread's record.
    func withRecord(_ body: (inout Record) -> Void) {
        shards[index].record.withLock { body(&$0) }
    }

    /// Calls `body` with each shard's record, every shard in turn under its own lock.
    func forEach(_ body: (Record) -> Void) {
        for shard in shards { shard.record.withLock { body($0) } }
    }

    /// Updates every shard's record (to size tables before a run).
    func updateAll(_ body: (inout Record) -> Void) {
        for shard in shards { shard.record.withLock { body(&$0) } }
    }

    /// The calling thread's shard, claimed on its first record.
    private var index: Int {
        let value = ThreadSpecific.slot.value
        if value >> ThreadSpecific.indexBits == generation {
            return Int(value & ThreadSpecific.indexMask) - 1
        }
        // Not this instance's last: the thread may have recorded here before another instance (a thread that
        // alternates between two keeps one shard in each), else it claims the next.
        let thread = ThreadSpecificValue.currentThread
        let claimedSoFar = min(claimed.load(ordering: .relaxed), shards.count)
        let index =
            shards[..<claimedSoFar].firstIndex { $0.owner.load(ordering: .relaxed) == thread }
            ?? min(claimed.wrappingAdd(1, ordering: .relaxed).oldValue, shards.count - 1)
        shards[index].owner.store(thread, ordering: .relaxed)
        ThreadSpecific.slot.value = generation << ThreadSpecific.indexBits | UInt(index + 1)
        return index
    }
}

/// The thread-specific value behind ``ThreadShards``: a generation and a shard index packed into one
/// ``ThreadSpecificValue``.
private enum ThreadSpecific {
    static let indexBits = 8
    static let indexMask: UInt = (1 << 8) - 1

    private static let generations = Atomic<UInt>(0)

    /// A number no other instance in this process has had; never 0, which an unset slot reads as.
    static func nextGeneration() -> UInt {
        generations.wrappingAdd(1, ordering: .relaxed).newValue
    }

    static let slot = ThreadSpecificValue()
}

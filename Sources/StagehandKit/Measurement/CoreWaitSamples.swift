/// How long main had waited for a core (``Platform/threadCoreWait``), read at each frame and at the
/// run's end: what tells a hang main made from one the machine made. A 160 ms step on main that waited 100 ms for a
/// core, because the machine was busy with other work, held main 260 ms: a hang as measured, though the step alone is
/// not one. ``hangsFromCoreWait(_:)`` counts such hangs.
///
/// Frames are read only when main is free, so a hang's core wait is bounded by the last reading before it started and
/// the first after it ended: the count's growth between them, less the time between them outside the hang (a thread
/// waits for a core at most as long as the time passes, so that much of the growth may have come outside it). That is
/// never more than the wait within the hang, so a hang is never put down to the wait it did not have; readings far
/// from a hang (main busy before it) leave little or nothing. Each reading is of the thread that runs main's jobs (a
/// worker thread on Linux, the same one through a run as measured here); two readings on different threads bound
/// nothing.
///
/// Sized before the run, so recording allocates nothing; readings past ``capacity`` are dropped, and a hang after
/// them is counted as measured.
struct CoreWaitSamples {
    /// One reading: the thread that read it, and how long it had waited for a core, in nanoseconds.
    struct Reading: Equatable {
        var thread: UInt
        var waitNs: UInt64
    }

    /// As many readings as the frame timeline keeps frames.
    static let capacity = FrameTimeline.capacity

    private var instants: [Instant] = []
    private var readings: [Reading] = []

    /// The calling thread's reading now (run it on main), or `nil` where the system gives none. Threads are told apart
    /// by the kernel's thread id, which is not reused while the run's threads live, unlike `pthread_self`.
    static func reading() -> Reading? {
        guard let (thread, waitNs) = Platform.threadCoreWait else { return nil }
        return Reading(thread: thread, waitNs: waitNs)
    }

    /// Reserves room for ``capacity`` readings.
    mutating func reserve() {
        instants.reserveCapacity(Self.capacity)
        readings.reserveCapacity(Self.capacity)
    }

    /// `reading`, taken at `instant` (after the readings before it); `nil` (none on this platform) is not kept.
    mutating func record(_ reading: Reading?, at instant: Instant) {
        // (Not `instants.last`: unspecialised in a debug build, it allocates.)
        guard let reading, instants.count < Self.capacity, instants.isEmpty || instants[instants.count - 1] <= instant
        else { return }
        instants.append(instant)
        readings.append(reading)
    }

    /// At least how long main waited for a core from `span`'s start to its end: what the readings around it say
    /// (see above); `nil` when no reading comes before it or none after it, or the two are of different threads.
    func waitNs(during span: RunRecorder.Span) -> UInt64? {
        // The last reading at or before the start, and the first at or after the end.
        let after = instants.partitionPoint { $0 >= span.end }
        let before = instants.partitionPoint { $0 > span.start } - 1
        guard before >= 0, after < instants.count else { return nil }
        let (first, last) = (readings[before], readings[after])
        guard first.thread == last.thread, last.waitNs >= first.waitNs else { return nil }
        let outside = span.start.nanoseconds(since: instants[before]) + instants[after].nanoseconds(since: span.end)
        let grown = last.waitNs - first.waitNs
        return grown > outside ? grown - outside : 0
    }

    /// Of `hangs`, those that would be shorter than a hang without main's wait for a core within them.
    func hangsFromCoreWait(_ hangs: [RunRecorder.Span]) -> Int {
        hangs.filter { hang in
            waitNs(during: hang).map { !StageMetrics.isHang(nanoseconds: hang.nanoseconds - $0) } ?? false
        }
        .count
    }

    /// The longest main waited for a core within one of `hangs`, in nanoseconds (0 without a reading).
    func longestWaitNs(in hangs: [RunRecorder.Span]) -> UInt64 {
        hangs.compactMap(waitNs(during:)).max() ?? 0
    }
}

extension Array {
    /// The index of the first element for which `isAfter` is true, in an array where every such element comes after
    /// every other (binary search); `count` when there is none.
    fileprivate func partitionPoint(_ isAfter: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// How long main had waited for a core (``Platform/threadCoreWaitNanoseconds``), read at each frame and at the
/// run's end: what tells a hang main made from one the machine made. A 160 ms step on main that waited 100 ms for a
/// core, because the machine was busy with other work, held main 260 ms: a hang as measured, though the step alone is
/// not one. ``hangsFromCoreWait(_:)`` counts such hangs.
///
/// Frames are read only when main is free, so a hang's core wait is read between the last reading before it started
/// and the first after it ended: at most a frame or two more on each side, which only ever makes it longer (a hang is
/// then put down to the wait a little more readily, and the run measured again; see ``StageMetrics/hangsFromCoreWait``).
/// Each reading is of the thread that runs main's jobs (a worker thread on Linux, the same one through a run as
/// measured here); two readings on different threads bound nothing.
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

    /// The calling thread's reading now (run it on main), or `nil` where the system gives none.
    static func reading() -> Reading? {
        nil // Platform.threadCoreWaitNanoseconds.map { Reading(thread: Platform.currentThread, waitNs: $0) }
    }

    /// Reserves room for ``capacity`` readings.
    mutating func reserve() {
        instants.reserveCapacity(Self.capacity)
        readings.reserveCapacity(Self.capacity)
    }

    /// `reading`, taken at `instant` (after the readings before it); `nil` (none on this platform) is not kept.
    mutating func record(_ reading: Reading?, at instant: Instant) {
        guard let reading, instants.count < Self.capacity, instant >= (instants.last ?? instant) else { return }
        instants.append(instant)
        readings.append(reading)
    }

    /// How long main waited for a core from `span`'s start to its end, at most its length; `nil` when no reading comes
    /// before it or none after it, or the two are of different threads.
    func waitNs(during span: RunRecorder.Span) -> UInt64? {
        // The last reading at or before the start, and the first at or after the end.
        let after = instants.partitionPoint { $0 >= span.end }
        let before = instants.partitionPoint { $0 > span.start } - 1
        guard before >= 0, after < instants.count else { return nil }
        let (first, last) = (readings[before], readings[after])
        guard first.thread == last.thread, last.waitNs >= first.waitNs else { return nil }
        return min(last.waitNs - first.waitNs, span.nanoseconds)
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

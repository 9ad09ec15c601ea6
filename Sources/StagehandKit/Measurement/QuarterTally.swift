/// How many interactions were in one state (in flight, or queued for a thread) on average over each quarter of a
/// run's arrival window, tallied from the stretches they spent in it.
///
/// Each stretch adds the time it overlaps each quarter, so a quarter's tally over its length is the mean count during
/// it: exact, with nothing sampled. The four sums are stored inline, so tallying allocates nothing.
struct QuarterTally: Sendable, Equatable {
    /// The arrival window in nanoseconds; a tally without one (a recorder never prepared) counts nothing.
    private var start: UInt64 = 0
    private var end: UInt64 = 0
    /// Nanoseconds of stretches within each quarter, summed (a Double: many long stretches would overflow 64 bits).
    private var first = 0.0
    private var second = 0.0
    private var third = 0.0
    private var fourth = 0.0

    /// A tally that counts nothing.
    init() {}

    /// A tally over the arrival window from `start` to `end`.
    init(window start: Instant, end: Instant) {
        self.start = start.nanoseconds
        self.end = max(end.nanoseconds, start.nanoseconds)
    }

    /// Counts one interaction in the state from `from` to `to` (the part within the arrival window).
    mutating func add(from: Instant, to: Instant) {
        let low = max(from.nanoseconds, start)
        let high = min(to.nanoseconds, end)
        guard high > low else { return }
        for quarter in 0..<4 {
            let overlap = min(high, boundary(quarter + 1)).subtractingClamped(max(low, boundary(quarter)))
            if overlap > 0 { self[quarter] += Double(overlap) }
        }
    }

    /// Adds `other`'s stretches (tallied over the same window) to these.
    mutating func add(_ other: QuarterTally) {
        if end == start { (start, end) = (other.start, other.end) }
        for quarter in 0..<4 { self[quarter] += other[quarter] }
    }

    /// The mean count over each quarter, first to last; empty without a window.
    var means: [Double] {
        guard end > start else { return [] }
        return (0..<4).map { quarter in
            self[quarter] / Double(max(boundary(quarter + 1) - boundary(quarter), 1))
        }
    }

    /// Where quarter `index` starts (and `index − 1` ends): the window split in four, the last quarter ending at its end.
    private func boundary(_ index: Int) -> UInt64 {
        start + (end - start) * UInt64(index) / 4
    }

    private subscript(quarter: Int) -> Double {
        get {
            switch quarter {
            case 0: first
            case 1: second
            case 2: third
            default: fourth
            }
        }
        set {
            switch quarter {
            case 0: first = newValue
            case 1: second = newValue
            case 2: third = newValue
            default: fourth = newValue
            }
        }
    }
}

extension UInt64 {
    /// `self − other`, or 0 when `other` is larger.
    fileprivate func subtractingClamped(_ other: UInt64) -> UInt64 {
        self > other ? self - other : 0
    }
}

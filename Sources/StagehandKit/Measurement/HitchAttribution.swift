/// What made each late frame late: the time main was held between the frame's vsync and its end, split by what held
/// it (a step on main, by kind and label; frame work; job overhead), with each hitch's time shared out in proportion.
///
/// Chrome's Long Animation Frames API names the script behind a long frame in the same way. Main records every
/// stretch it was held (``held(_:from:to:)``) into a fixed ring, and each hitch is attributed as its frame is recorded
/// (``attribute(vsync:end:hitchNs:stepsOnly:)``), so nothing allocates while a run is measured. Whatever part of the
/// interval no recorded stretch covers (resuming a task, scheduling, the frame timer's own latency) is job overhead.
struct HitchAttribution {
    /// A cause: an index into the workload's causes (``HitchCauseNames/causes``), in its order.
    typealias Cause = Int
    /// The frame's own work (layout, render commit).
    static let frameWork: Cause = 0
    /// Main held by nothing recorded: main-actor job time outside steps, scheduling, the frame timer's latency.
    static let jobOverhead: Cause = 1
    /// The first step's cause; steps follow in interaction, then step, order.
    static let firstStep: Cause = 2

    /// A stretch main was held by one cause.
    struct Hold {
        var start: Instant
        var end: Instant
        var cause: Cause
    }

    /// Recent holds, oldest overwritten first: main's holds never overlap, so they are in time order.
    private var ring: [Hold]
    private var next = 0
    private var count = 0
    /// Hitch time attributed to each cause, in nanoseconds.
    private(set) var hitchNs: [Double]

    /// Room for `causes` causes and the last `capacity` holds (a hitch that spans more holds than that attributes
    /// the oldest part to job overhead).
    init(causes: Int, capacity: Int = 1024) {
        ring = Array(
            repeating: Hold(start: Instant(nanoseconds: 0), end: Instant(nanoseconds: 0), cause: 0),
            count: capacity
        )
        hitchNs = Array(repeating: 0, count: max(causes, Self.firstStep))
    }

    /// Main was held by `cause` from `start` to `end`.
    mutating func held(_ cause: Cause, from start: Instant, to end: Instant) {
        guard !ring.isEmpty else { return }
        ring[next] = Hold(start: start, end: end, cause: cause)
        next = (next + 1) % ring.count
        count = min(count + 1, ring.count)
    }

    /// What one hitch was attributed to.
    struct Attributed: Equatable {
        /// The cause with the largest share of the time among those counted, and that share (0…1).
        var cause: Cause
        var share: Double
        /// The hitch time added to the causes' totals, in nanoseconds: all of it, or only the steps' shares.
        var countedNs: Double
    }

    /// Shares a hitch of `hitchNs` out over what held main from the frame's `vsync` to `end` (when its work ended,
    /// or the run ended with it still waiting). The frame's own work must already be a hold.
    ///
    /// - Parameter stepsOnly: add only the shares of steps to the totals (a hitch after the arrival window, when only
    ///   the window's arrivals can have made it; the frame's own work and overhead then are not theirs).
    @discardableResult
    mutating func attribute(vsync: Instant, end: Instant, hitchNs hitch: UInt64, stepsOnly: Bool = false) -> Attributed
    {
        let window = Double(end.nanoseconds(since: vsync))
        guard window > 0, hitch > 0 else { return Attributed(cause: Self.jobOverhead, share: 0, countedNs: 0) }
        var covered = 0.0
        var counted = 0.0
        var top: (cause: Cause, ns: Double) = (Self.jobOverhead, 0)
        var seen = 0
        var index = next
        // Newest first, until the holds end before the vsync.
        while seen < count {
            index = (index + ring.count - 1) % ring.count
            seen += 1
            let hold = ring[index]
            guard hold.end > vsync else { break }
            let overlap = Double(min(hold.end, end).nanoseconds(since: max(hold.start, vsync)))
            guard overlap > 0, hold.cause < hitchNs.count else { continue }
            covered += overlap
            guard !stepsOnly || hold.cause >= Self.firstStep else { continue }
            hitchNs[hold.cause] += Double(hitch) * overlap / window
            counted += Double(hitch) * overlap / window
            if overlap > top.ns { top = (hold.cause, overlap) }
        }
        let rest = max(window - covered, 0)
        if !stepsOnly {
            hitchNs[Self.jobOverhead] += Double(hitch) * rest / window
            counted += Double(hitch) * rest / window
            if rest > top.ns { top = (Self.jobOverhead, rest) }
        }
        return Attributed(cause: top.cause, share: top.ns / window, countedNs: counted)
    }

    /// The hitch time by cause label, in milliseconds per second of `seconds`, leaving out causes with none.
    func msPerS(labels: [String], seconds: Double) -> [String: Double] {
        var result: [String: Double] = [:]
        for (cause, ns) in hitchNs.enumerated() where ns > 0 && cause < labels.count {
            result[labels[cause], default: 0] += ns / 1e6 / max(seconds, 1e-9)
        }
        return result
    }
}

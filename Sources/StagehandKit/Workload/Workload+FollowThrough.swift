/// How long a stage run goes on after its arrivals stop: every arrival of the window is followed to its end.
///
/// An arrival's work may come long after it: a fetch that waits 1.8 s and then parses on main. A run that stopped
/// looking when arrivals stopped would judge the stage on a cut timeline, so a run follows each arrival of its window
/// until its last step is done, frames still ticking, with whatever its work does to main counted as the arrival's. It
/// still needs a hard end: the window plus ``followThroughSeconds``; an arrival not finished by then is *unfinished*.
extension Workload {
    /// What a run allows its arrivals after the window whatever they declare: time for work in flight at the window's
    /// end, and for a backlog that is being worked off, to finish (1 s plus a tenth of the window). Past it, a run
    /// whose arrivals still wait for main or a thread falls behind and ends (``followThroughSeconds`` is for waits).
    static func catchUpSeconds(forDuration durationSeconds: Double) -> Double {
        1 + durationSeconds * 0.1
    }

    /// The longest a run follows its arrivals for a wait, whatever is declared: 10 s. A wait longer than that (an app's
    /// request that outlasts a user's patience, or a spec's "forever") leaves its arrival unfinished, and says so; an
    /// `io` step of the user's code, whose wait nothing declares, is followed this long.
    static let longestFollowThroughSeconds = 10.0

    /// The longest one arrival of this workload is declared to take, in seconds: over its interactions, the sum of
    /// each step's declared milliseconds (io waits and simulated costs). Kernels and the user's `compute`, `state` and
    /// `ui` code are CPU work, measured as it runs: they count nothing here. `nil` when an interaction has an `io` step
    /// of the user's code: how long it waits is not declared.
    var longestDeclaredArrivalSeconds: Double? {
        var longest = 0.0
        for interaction in interactions {
            guard let seconds = Self.declaredSeconds(of: interaction) else { return nil }
            longest = max(longest, seconds)
        }
        return longest
    }

    /// How long one arrival of `interaction` is declared to take, as ``longestDeclaredArrivalSeconds`` counts it;
    /// `nil` when it has an `io` step of the user's code.
    static func declaredSeconds(of interaction: Interaction) -> Double? {
        var total = 0.0
        for step in interaction.steps {
            switch step.cost {
            case .milliseconds(let ms): total += ms / 1000
            case .code where step.kind == .io: return nil
            case .code, .kernel, .testKernel: continue
            }
        }
        return total
    }

    /// How long an exposure run waits for one arrival of the interaction at `index` to end before the next exposed
    /// arrival comes (``ExposurePlan``): the follow-through, or nothing when the arrival is declared to take longer
    /// than that, since no run would see it end.
    func exposureWaitSeconds(forInteraction index: Int) -> Double {
        let declared = interactions.indices.contains(index) ? Self.declaredSeconds(of: interactions[index]) : nil
        return (declared ?? 0) > followThroughSeconds ? 0 : followThroughSeconds
    }

    /// How long after its arrival window a run of this workload follows its arrivals, at most: one and a half times
    /// the longest declared arrival plus a second, so that an arrival which comes at the window's very end and takes
    /// its declared time still finishes on a busy machine, up to ``longestFollowThroughSeconds`` (which a wait of the
    /// user's code gets); never less than the catch-up allowance (``catchUpSeconds(forDuration:)``).
    var followThroughSeconds: Double {
        let wait = longestDeclaredArrivalSeconds.map { 1 + 1.5 * $0 } ?? Self.longestFollowThroughSeconds
        return max(Self.catchUpSeconds(forDuration: durationSeconds), min(wait, Self.longestFollowThroughSeconds))
    }
}

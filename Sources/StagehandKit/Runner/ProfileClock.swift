import Synchronization

/// Times a profile's stage runs from its progress events (``Profiler/Progress``), which announce and finish every
/// run: each run's wall time goes to its purpose (``ProfileTimes/Purpose``), and its child's phases are summed. A
/// headroom probe is announced only when it ends, so it is timed from the event before it.
///
/// Events may come from any thread; the clock keeps its state behind a lock.
final class ProfileClock: Sendable {
    private struct State {
        var times = ProfileTimes()
        /// The purpose of the next run, when an event before it said (a re-measure, a top-up).
        var next: ProfileTimes.Purpose?
        /// The running run: when it was announced, and why it was made.
        var running: (since: Instant, purpose: ProfileTimes.Purpose)?
        /// The last event's time.
        var lastEvent = Instant.now
    }

    private let state = Mutex(State())
    /// A stage's runs up to this many are ordinary; those past it, extra.
    private let repetitions: Int

    init(repetitions: Int) {
        self.repetitions = repetitions
    }

    /// Notes `event`, at this instant.
    func observe(_ event: Profiler.Progress) {
        let now = Instant.now
        state.withLock { state in
            switch event {
            case .started(_, let repetition, _, _):
                let purpose =
                    state.next ?? (repetition == 0 ? .exposure : repetition > repetitions ? .extraRound : .ordinary)
                state.next = nil
                state.running = (now, purpose)
            case .finished(_, _, _, let result):
                if let running = state.running {
                    state.times.add(running.purpose, seconds: now.milliseconds(since: running.since) / 1000)
                }
                state.running = nil
                if let phases = result.phases { state.times.inChildren = state.times.inChildren.adding(phases) }
            case .remeasuring:
                state.next = .remeasure
            case .toppingUp:
                state.next = .topUp
            case .headroomProbe:
                state.times.add(.headroom, seconds: now.milliseconds(since: state.lastEvent) / 1000)
            case .outOfTime(let shortfall):
                state.times.outOfTime = shortfall
            case .traceNotWritten, .warning, .exposing, .moreRuns, .tableRuns:
                break
            }
            state.lastEvent = now
        }
    }

    /// The times so far.
    var times: ProfileTimes { state.withLock { $0.times } }
}

extension ProfileTimes {
    /// One more run of `purpose`, of `seconds`.
    mutating func add(_ purpose: Purpose, seconds: Double) {
        runs[purpose.rawValue, default: Runs()].count += 1
        runs[purpose.rawValue, default: Runs()].seconds += seconds
    }
}

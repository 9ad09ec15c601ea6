/// A profile's wall-time budget (`--max-time`): whether one more run fits in what is left of it.
///
/// The profiler asks before every run of a stage that has run before (every selected stage runs once, whatever the
/// budget: the side-by-side table has every stage), before a round's exposure runs, and before each top-up. A run
/// fits when the time spent so far and the run's expected wall time stay within the budget; a run is expected to take
/// what the runs so far took per second of arrival window (start, warm-up and follow-through included), times its own
/// window. A run that starts runs to its end, so a profile may end past its budget by as much as a run outlasts that
/// guess (an exposure run's follow-through of late work, more than an ordinary run's), and by every stage's first run
/// when those alone are longer.
struct TimeBudget: Sendable {
    /// The budget, in seconds of wall time from `started`.
    let seconds: Double
    let started: Instant
    /// The runs' wall time so far, and their arrival windows.
    private var wallSeconds = 0.0
    private var windowSeconds = 0.0

    init(seconds: Double, started: Instant) {
        self.seconds = seconds
        self.started = started
    }

    /// The wall time since the profile started.
    var elapsedSeconds: Double { Instant.now.milliseconds(since: started) / 1000 }

    /// A run of a `window`-second arrival window has ended; it began at `begun`.
    mutating func ran(window: Double, since begun: Instant) {
        wallSeconds += Instant.now.milliseconds(since: begun) / 1000
        windowSeconds += window
    }

    /// The wall time runs of these arrival windows are expected to take, at the runs' pace so far (their windows'
    /// length when none has run).
    func expectedSeconds(ofWindows window: Double) -> Double {
        window * (windowSeconds > 0 ? wallSeconds / windowSeconds : 1)
    }

    /// Whether runs of `window` seconds of arrival window in all fit in what is left.
    func fits(window: Double) -> Bool {
        elapsedSeconds + expectedSeconds(ofWindows: window) <= seconds
    }
}

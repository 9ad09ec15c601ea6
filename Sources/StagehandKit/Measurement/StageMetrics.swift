/// Everything measured in one stage run (or, aggregated, in one stage), with the field names of the JSON contract.
///
/// Units are in the names: `…Ms` milliseconds, `…PerS` per second, `…MsPerS` milliseconds per second.
public struct StageMetrics: Codable, Sendable, Equatable {
    // MARK: Frames

    /// Σ hitch time / run seconds, in milliseconds per second. Apple's bands: good < 5, warning 5–10, critical > 10.
    public var hitchTimeRatioMsPerS: Double = 0
    /// Frames whose work ended after their deadline (vsync + P).
    public var hitches: Int = 0
    /// Frame jobs that ran.
    public var frames: Int = 0
    /// Vsyncs coalesced while a frame job was pending.
    public var droppedFrames: Int = 0
    /// Vsync → frame job start on main.
    public var mainLoopLatencyMs = LatencySummary()
    /// Frame work end − (vsync + P), over the frames that hitched.
    public var frameOverrunMs = LatencySummary()

    // MARK: Hangs

    /// Times the main thread was unresponsive for 250 ms or more.
    public var hangs: Int = 0
    /// The longest of those, in milliseconds (0 when there was none).
    public var longestHangMs: Double = 0

    // MARK: Interactions

    /// Arrival → the handler starting on the main actor.
    public var inputLatencyMs = LatencySummary()
    /// Arrival → the last step done.
    public var interactionLatencyMs = LatencySummary()
    /// Interactions completed per second of the arrival window (the workload's duration).
    public var throughputPerS: Double = 0
    public var interactionsArrived: Int = 0
    public var interactionsCompleted: Int = 0
    /// Arrived but not finished when the run ended; reported, never dropped.
    public var interactionsUnfinished: Int = 0

    // MARK: Hops

    /// Times a completed interaction entered the main actor (its handler included), on average.
    public var mainActorHopsPerInteraction: Double = 0
    /// Asked to run on the main actor → running there, for entries after the handler.
    public var hopWaitMs = LatencySummary()
    /// The same wait for each subsystem actor (`actor-extracted` only), keyed by subsystem.
    public var subsystemHopWaitMs: [String: LatencySummary] = [:]
    /// Asked to run a `@concurrent` function → running on the cooperative pool.
    public var poolHopWaitMs = LatencySummary()
    /// Entries onto the main actor per vsync (frames run plus frames dropped).
    public var mainActorEntriesPerFrame: Double = 0

    // MARK: Main thread

    /// Accounted busy time on main / run time (0…1).
    public var mainThreadUtilization: Double = 0
    /// Busy time on main per second of run, split by what kept it busy: `frame`, `ui`, `compute`, `state`, `io`, and
    /// `overhead` (main-actor job time outside any step: resuming, scheduling, bookkeeping).
    public var mainThreadBusyMsPerS: [String: Double] = [:]
    /// Main-actor jobs (frames, handlers, and each stretch of an interaction on main between suspensions) by length.
    public var mainActorJobs = JobDurations()
    /// Σ over main-actor jobs of their time past the frame budget, per second of run.
    public var mainActorBlockingMsPerS: Double = 0

    // MARK: Cooperative pool

    /// CPU work in steps off main (pool threads and actors) / (run time × pool width), 0…1.
    public var poolUtilization: Double = 0

    // MARK: Memory (jemalloc)

    /// jemalloc allocation requests during the run / interactions arrived.
    public var allocationsPerInteraction: Double = 0
    /// Bytes jemalloc handed out during the run (cumulative, not net) / interactions arrived.
    public var allocatedBytesPerInteraction: Double = 0
    /// jemalloc's resident bytes at the end of the run.
    public var residentBytes: Double = 0

    /// How long the run measured, in seconds.
    public var runSeconds: Double = 0

    public init() {}
}

import Foundation

/// One `stagehand run-stage` call: the hidden command's arguments, in the one place that writes them.
struct StageChildInvocation {
    var stage: Stage
    var workloadFile: URL
    var resultFile: URL
    var seed: UInt64
    var repetition: Int
    var calibration: CalibratedWork
    var priority: BackgroundPriority
    /// Without the per-interaction probes (only to measure what they cost).
    var bare = false
    /// Where the child writes the measured run's event timeline, when the profile is traced.
    var traceFile: URL?
    /// How many CPUs the child runs on, when fewer than all (``CoreLimit``).
    var cores: Int?

    var arguments: [String] {
        [
            "run-stage", stage.rawValue,
            "--workload", workloadFile.path,
            "--result", resultFile.path,
            "--seed", String(seed),
            "--repetition", String(repetition),
            "--iterations-per-ms", String(calibration.iterationsPerMs),
            "--priority", priority.rawValue,
        ] + (bare ? ["--bare"] : []) + (traceFile.map { ["--trace", $0.path] } ?? [])
            + (cores.map { ["--cores", String($0)] } ?? [])
    }

    /// The child process of `executable` that runs this stage, under a watchdog for a run of `durationSeconds`.
    func process(executable: URL, durationSeconds: Double, interruption: Interruption? = nil) -> ChildProcess {
        ChildProcess(
            executable: executable,
            arguments: arguments,
            environment: Self.environment,
            timeoutSeconds: ProfileOptions.watchdogSeconds(forDuration: durationSeconds),
            interruption: interruption
        )
    }

    /// The child's environment: this process's, with jemalloc's thread caches off so that its statistics count every
    /// allocation (a cached allocation is otherwise invisible to them until the cache is flushed).
    ///
    /// Swift's crash backtracer is off too: a crashing stage then dies at once with the runtime's one-line message
    /// as its last output, instead of spending seconds symbolicating (long enough to look hung) and ending its
    /// output with register dumps.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let existing = environment["MALLOC_CONF"].map { "\($0)," } ?? ""
        environment["MALLOC_CONF"] = existing + "tcache:false"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }
}

/// How true `ms: N` is on this machine: the calibrated work loop run several times for each target, each run timed
/// on the thread's CPU clock and on the wall clock.
///
/// The verdict reads CPU time: it is what the loop controls. Wall time also counts the time the thread waited for a
/// core, which on a shared machine says how busy the machine was, not how accurate the calibration is.
package struct CalibrationCheck: Sendable, Equatable {
    /// The milliseconds of work asked for.
    package var targetMs: Double
    /// How long each run took on the thread's CPU clock, in milliseconds, in the order they ran.
    var cpuMs: [Double]
    /// How long each run took on the wall clock, in milliseconds, in the order they ran.
    var wallMs: [Double]

    package init(targetMs: Double, cpuMs: [Double], wallMs: [Double]) {
        self.targetMs = targetMs
        self.cpuMs = cpuMs
        self.wallMs = wallMs
    }

    /// The median run's CPU time, in milliseconds.
    package var medianMs: Double { median(cpuMs) }

    /// The CPU time of the run farthest from the target, in milliseconds.
    package var worstMs: Double { cpuMs.max { abs($0 - targetMs) < abs($1 - targetMs) } ?? .nan }

    /// The median run's wall time, in milliseconds.
    package var medianWallMs: Double { median(wallMs) }

    /// The wall time of the run farthest from the target, in milliseconds.
    package var worstWallMs: Double { wallMs.max { abs($0 - targetMs) < abs($1 - targetMs) } ?? .nan }

    /// `medianMs` against the target, as a signed fraction (0.02 is 2% too long).
    package var medianError: Double { medianMs / targetMs - 1 }

    /// `worstMs` against the target, as a signed fraction.
    package var worstError: Double { worstMs / targetMs - 1 }

    /// Whether every run, the worst included, is within ``CalibratedWork/tolerance`` of the target.
    package var passes: Bool { !cpuMs.isEmpty && abs(worstError) <= CalibratedWork.tolerance }

    /// Runs `work` for each of `targetsMs`, `runs` times, the targets interleaved so that a slow spell of the
    /// machine spreads over all of them instead of falling on one.
    ///
    /// - Returns: one check per target, in the order given.
    package static func measure(_ work: CalibratedWork, targetsMs: [Double], runs: Int = 7) -> [CalibrationCheck] {
        var checks = targetsMs.map { CalibrationCheck(targetMs: $0, cpuMs: [], wallMs: []) }
        for _ in 0..<runs {
            for index in checks.indices {
                let wallStart = Instant.now
                let cpuStart = Instant.threadCPUNanoseconds
                work.run(ms: checks[index].targetMs)
                let cpuEnd = Instant.threadCPUNanoseconds
                let wallEnd = Instant.now
                checks[index].cpuMs.append(Double(cpuEnd &- cpuStart) / 1e6)
                checks[index].wallMs.append(wallEnd.milliseconds(since: wallStart))
            }
        }
        return checks
    }
}

import Synchronization

/// CPU work measured in milliseconds on this machine: a loop of integer mixing whose speed is calibrated once per
/// profile (and checked again in every stage run), and which the thread's CPU clock ends, so `ms: 20` means twenty
/// milliseconds of real computation here, whatever the CPU.
package struct CalibratedWork: Sendable, Codable, Equatable {
    /// Loop iterations that take one millisecond on an otherwise idle core.
    package var iterationsPerMs: Double

    /// How far `ms: N` may be from N milliseconds for a calibration to hold, as a fraction: ±3%.
    package static let tolerance = 0.03

    package init(iterationsPerMs: Double) {
        self.iterationsPerMs = iterationsPerMs
    }

    /// Computes for `ms` milliseconds of this thread's CPU time (longer on the wall clock if the thread is
    /// preempted) and returns a checksum.
    ///
    /// From ``clockedFromMs`` on, the calibration does most of the work (``bulkShare`` of it: short of the target by
    /// more than a checked calibration can be off) and the thread's CPU clock ends it, read every 1% of the target:
    /// within about 1% of `ms` on every run, whatever the machine's drift. The clock reads (system calls) are part of
    /// the CPU time counted. Shorter work trusts the calibration alone, where a clock read would cost more than 1%.
    @discardableResult
    package func run(ms: Double) -> UInt64 {
        guard ms >= Self.clockedFromMs else { return Self.mix(iterations: Int((ms * iterationsPerMs).rounded())) }
        let start = Instant.threadCPUNanoseconds
        let target = UInt64(ms * 1e6)
        var result = Self.mix(iterations: Int(ms * Self.bulkShare * iterationsPerMs))
        let slice = max(Int(ms / 100 * iterationsPerMs), 1)
        while Instant.threadCPUNanoseconds &- start < target {
            result ^= Self.mix(iterations: slice)
        }
        return result
    }

    /// Work from this long on is ended by the thread's CPU clock.
    static let clockedFromMs = 0.1

    /// The share of clocked work done by the calibration alone.
    static let bulkShare = 0.9

    /// Measures this machine: a robust fit (``CalibrationFit``) to runs of 0.5, 1, 2, 4 and 8 ms, interleaved.
    ///
    /// Runs are timed on the thread's CPU clock, so a run that waited for a core is not counted as slow.
    ///
    /// - Parameter rounds: how many times each length runs; about 16 ms of work per round.
    package static func calibrate(rounds: Int = 5) -> CalibratedWork {
        CalibratedWork(iterationsPerMs: fit(rounds: rounds).iterationsPerMs)
    }

    /// The fit ``calibrate(rounds:)`` uses, with its fixed cost per call, for `stagehand calibrate` to show.
    package static func fit(rounds: Int = 5) -> CalibrationFit {
        // Warm up, and find a rough speed to size the runs with.
        var iterations = 1024
        var elapsed = cpuMs(iterations)
        while elapsed < 1 {
            iterations *= 2
            elapsed = cpuMs(iterations)
        }
        let roughPerMs = Double(iterations) / elapsed
        var samples: [CalibrationFit.Sample] = []
        for _ in 0..<max(rounds, 1) {
            for lengthMs in Self.sampleLengthsMs {
                let iterations = Int(lengthMs * roughPerMs)
                samples.append(CalibrationFit.Sample(iterations: iterations, ms: cpuMs(iterations)))
            }
        }
        return CalibrationFit(samples: samples) ?? CalibrationFit(iterationsPerMs: roughPerMs, fixedMs: 0)
    }

    /// The lengths of the runs a calibration fits, in milliseconds at the rough speed: short enough that the whole
    /// calibration costs about 80 ms, long enough that each spans the timer interrupts a long run also pays for.
    package static let sampleLengthsMs: [Double] = [0.5, 1, 2, 4, 8]

    /// This calibration, if a quick measurement in this process agrees with it within ``tolerance``;
    /// otherwise a fresh calibration made here.
    ///
    /// A stage child runs this before its warm-up: the profile calibrates once, minutes before the last stage runs,
    /// and a machine's speed can drift by more than the tolerance in that time.
    func checkedHere() -> CalibratedWork {
        let here = Self.fit(rounds: 2).iterationsPerMs
        return agrees(withIterationsPerMs: here) ? self : Self.calibrate()
    }

    /// Whether `ms: N` with this calibration lasts N ms within ``tolerance`` on a loop measured at
    /// `measured` iterations per ms.
    func agrees(withIterationsPerMs measured: Double) -> Bool {
        measured > 0 && abs(iterationsPerMs / measured - 1) <= Self.tolerance
    }

    private static func cpuMs(_ iterations: Int) -> Double {
        let start = Instant.threadCPUNanoseconds
        blackHole(mix(iterations: iterations))
        return Double(Instant.threadCPUNanoseconds &- start) / 1e6
    }

    /// A dependent chain of xorshift-multiply steps; the optimiser cannot skip or vectorise it.
    ///
    /// It starts from the last published result: reading shared memory keeps the optimiser from hoisting this pure
    /// loop across the clock reads that time it (it did, and timed seconds of work as zero).
    @inline(never)
    static func mix(iterations: Int) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ resultSink.load(ordering: .relaxed)
        for _ in 0..<max(iterations, 0) {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            state &*= 0x2545_F491_4F6C_DD1D
        }
        return state
    }
}

/// Publishes a result so the optimiser can neither remove the work that produced it nor move that work past a clock
/// read: a pure computation may otherwise be reordered after the `Instant.now` meant to time it.
@inline(never)
func blackHole(_ value: UInt64) {
    resultSink.store(value, ordering: .relaxed)
}

private let resultSink = Atomic<UInt64>(0)

import Synchronization

/// CPU work measured in milliseconds on this machine: a loop of integer mixing whose speed is calibrated once per
/// run, so `ms: 20` means twenty milliseconds of real computation here, whatever the CPU.
public struct CalibratedWork: Sendable, Codable, Equatable {
    /// Loop iterations that take one millisecond on an otherwise idle core.
    public var iterationsPerMs: Double

    public init(iterationsPerMs: Double) {
        self.iterationsPerMs = iterationsPerMs
    }

    /// Computes for about `ms` milliseconds (longer if the thread is preempted) and returns a checksum.
    @discardableResult
    public func run(ms: Double) -> UInt64 {
        Self.mix(iterations: Int((ms * iterationsPerMs).rounded()))
    }

    /// Measures this machine: the fastest of several short samples, since interference only ever slows a sample.
    ///
    /// - Parameter samples: how many 2 ms samples to take after warming up.
    public static func calibrate(samples: Int = 7) -> CalibratedWork {
        var iterations = 1024
        while elapsedMs(iterations) < 2 { iterations *= 2 }
        var best = 0.0
        for _ in 0..<samples {
            let elapsed = elapsedMs(iterations)
            if elapsed > 0 { best = max(best, Double(iterations) / elapsed) }
        }
        return CalibratedWork(iterationsPerMs: best)
    }

    private static func elapsedMs(_ iterations: Int) -> Double {
        let start = Instant.now
        blackHole(mix(iterations: iterations))
        return Instant.now.milliseconds(since: start)
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
public func blackHole(_ value: UInt64) {
    resultSink.store(value, ordering: .relaxed)
}

private let resultSink = Atomic<UInt64>(0)

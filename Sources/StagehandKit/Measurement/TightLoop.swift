import Synchronization

/// Each code `compute` step's function timed in a tight loop, as a benchmark harness times it: called again and again
/// on one thread with an input it received in the warm-up, nothing else running.
///
/// A function called once per interaction costs more than the same function called back to back: between
/// interactions its caches and branch predictors go cold, and the cores idle down. Set beside the step's mean in the
/// stage runs, the loop's figure shows how far a benchmark would understate the cost the app pays (the report says
/// so where they differ beyond the runs' own spread). The loop runs in the stage's process after its measured run,
/// so it cannot warm anything the run measures.
enum TightLoop {
    /// How long each step's loop runs at most, and how many calls it times at least and at most.
    static let secondsPerStep = 0.25
    static let minimumCalls = 5
    static let maximumCalls = 2000
    /// What the loops add to a stage run's watchdog limit. The loops stop short of the limit
    /// (``measure(_:inputs:longest:stoppingBy:)``): a step whose calls do not fit in what is left has no figure, and
    /// the run is never taken for hung.
    static let allowanceSeconds = 5.0

    /// The inputs the warm-up gave each code `compute` step, the first one each: what the loop calls it with.
    final class Inputs: Sendable {
        private let kept = Mutex<[StepTiming.Key: any Sendable]>([:])

        func keep(_ input: any Sendable, for key: StepTiming.Key) {
            kept.withLock { kept in
                if kept[key] == nil { kept[key] = input }
            }
        }

        var all: [StepTiming.Key: any Sendable] { kept.withLock { $0 } }
    }

    /// Times every step of `code` that `inputs` has an input for and that is a code `compute` step. A step whose
    /// function throws is left out, and so is one whose calls do not fit before `deadline`: no call starts that its
    /// step's longest call so far (to begin with, three times its mean in the run, `runMeans`) would carry past it. A
    /// step the run has no mean for is left out too.
    static func measure(
        _ code: WorkloadCode,
        inputs: Inputs,
        runMeans: [StepTiming.Key: Double],
        stoppingBy deadline: Instant
    ) -> [TightLoopTiming] {
        var timings: [TightLoopTiming] = []
        let ordered = inputs.all.sorted { ($0.key.interaction, $0.key.step) < ($1.key.interaction, $1.key.step) }
        for (key, input) in ordered {
            guard code.bodies.indices.contains(key.interaction),
                code.bodies[key.interaction].indices.contains(key.step),
                case .compute(let function) = code.bodies[key.interaction][key.step]
            else { continue }
            guard let mean = runMeans[key] else { continue }
            if let timing = time(function, with: input, key: key, longestMs: 3 * mean, deadline: deadline) {
                timings.append(timing)
            }
        }
        return timings
    }

    private static func time(
        _ function: @Sendable (any Sendable) throws -> any Sendable,
        with input: any Sendable,
        key: StepTiming.Key,
        longestMs: Double,
        deadline: Instant
    ) -> TightLoopTiming? {
        var longest = UInt64(longestMs * 1e6)
        func fits() -> Bool { Instant.now.nanoseconds &+ longest < deadline.nanoseconds }
        do {
            guard fits() else { return nil }
            let first = Instant.now
            _ = try function(input)  // first call: not timed, as a benchmark's warm-up
            longest = max(longest, Instant.now.nanoseconds(since: first))
            var calls: [UInt64] = []
            let loopStart = Instant.now
            while calls.count < maximumCalls,
                calls.count < minimumCalls || Instant.now.milliseconds(since: loopStart) < secondsPerStep * 1000
            {
                guard fits() else { return nil }
                let start = Instant.now
                let result = try function(input)
                let duration = Instant.now.nanoseconds(since: start)
                calls.append(duration)
                longest = max(longest, duration)
                withExtendedLifetime(result) {}
            }
            let meanMs = Double(calls.reduce(0, +)) / Double(calls.count) / 1e6
            calls.sort()
            return TightLoopTiming(
                key: key,
                medianMs: Double(calls[calls.count / 2]) / 1e6,
                meanMs: meanMs,
                calls: calls.count
            )
        } catch {
            return nil
        }
    }
}

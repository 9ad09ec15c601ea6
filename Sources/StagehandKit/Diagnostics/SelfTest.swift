import Foundation

/// Known answers on this machine: main-thread blocks of known length and a step of known allocations, each run as
/// a real stage run in a child process, with what the metric definitions say they must read beside what was read.
///
/// Each block starts half a frame after a vsync (arrivals every 45 frames at 60 Hz, first at 22.5 frames), so the
/// frame it holds up is the next one: that frame ends D + F − 1.5·P past its deadline (D the block, F the frame
/// work, P the frame budget), and its hitch time is that rounded up to whole frames. A block of 250 ms or more is a
/// hang. A timing check, never a unit test: run it with `stagehand selftest`.
package enum SelfTest {
    /// One check: what was expected, what was measured, and whether they agree.
    package struct Check: Sendable {
        package var name: String
        package var expected: String
        package var measured: String
        package var passed: Bool
    }

    /// The blocks injected, in milliseconds.
    static let blocksMs: [Double] = [20, 50, 200, 256, 300]
    /// The allocations the allocation check's step makes.
    package static let allocations = 1000

    static let frameWorkMs = 1.0
    static let refreshHz = 60.0
    /// 60 / 45 per second: one block every 45 frames, so every block starts at the same phase of the frame grid.
    static let blocksPerSecond = 60.0 / 45

    /// The workload that blocks main for `ms` milliseconds, four times in 3 s, in `ui` steps (main in every stage).
    static func blockWorkload(ms: Double) -> Workload {
        Workload(
            name: "selftest-block-\(Int(ms))",
            description: "Blocks main for \(ms.reportFormatted) ms, four times.",
            durationSeconds: 3,
            refreshHz: refreshHz,
            frameWorkMs: frameWorkMs,
            interactions: [
                Interaction(
                    name: "block",
                    ratePerSecond: blocksPerSecond,
                    steps: [Step(.ui, "block", .milliseconds(ms))]
                )
            ]
        )
    }

    static let allocationWorkload = Workload(
        name: "selftest-alloc",
        description: "A view update that makes exactly \(allocations) allocations.",
        durationSeconds: 2,
        frameWorkMs: frameWorkMs,
        interactions: [
            Interaction(
                name: "allocate",
                ratePerSecond: 5,
                steps: [Step(.ui, "allocate", .testKernel(.alloc, size: allocations))]
            )
        ]
    )

    /// The hitch time a block of `ms` causes, as the definitions give it (see the type's description).
    static func expectedHitchMs(blockMs ms: Double) -> Double {
        let period = 1000 / refreshHz
        let overrun = ms + frameWorkMs - 1.5 * period
        return overrun > 0 ? (overrun / period).rounded(.up) * period : 0
    }

    /// Runs every check in `main-only` with `executable`'s `run-stage`, each block run once.
    ///
    /// - Throws: when a scratch file cannot be written, or a child cannot be started or gives no result.
    package static func run(executable: URL, calibration: CalibratedWork) async throws -> [Check] {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "stagehand-selftest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let period = 1000 / refreshHz
        var checks: [Check] = []
        for ms in blocksMs {
            let metrics = try await measure(blockWorkload(ms: ms), in: scratch, executable, calibration)
            let blocks = metrics.interactionsCompleted
            let name = "\(ms.reportFormatted) ms block"
            checks.append(
                Check(
                    name: "\(name): blocks run",
                    expected: "4",
                    measured: "\(blocks)",
                    passed: blocks == 4
                )
            )
            let hitchMs = metrics.hitchTimeRatioMsPerS * metrics.arrivalSeconds / Double(max(blocks, 1))
            let expected = expectedHitchMs(blockMs: ms)
            checks.append(
                Check(
                    name: "\(name): hitch time per block",
                    expected: "\(expected.reportFormatted) ms (± one frame)",
                    measured: "\(hitchMs.reportFormatted) ms",
                    passed: abs(hitchMs - expected) <= period + 0.01
                )
            )
            let hangs = ms >= StageMetrics.hangThresholdMs ? blocks : 0
            checks.append(
                Check(
                    name: "\(name): hangs",
                    expected: "\(hangs)",
                    measured: "\(metrics.hangs)",
                    passed: metrics.hangs == hangs
                )
            )
            let jobs = metrics.mainActorJobs
            let bands = [
                ms > period ? blocks : 0, ms > 100 ? blocks : 0, ms >= StageMetrics.hangThresholdMs ? blocks : 0,
            ]
            let measuredBands = [jobs.overFrame, jobs.over100ms, jobs.hangLength]
            checks.append(
                Check(
                    name: "\(name): main-actor jobs > \(period.reportFormatted) / > 100 / ≥ 250 ms",
                    expected: bands.map(String.init).joined(separator: " / "),
                    measured: measuredBands.map(String.init).joined(separator: " / "),
                    passed: bands == measuredBands
                )
            )
        }
        let allocation = try await measure(allocationWorkload, in: scratch, executable, calibration)
        checks.append(
            Check(
                name: "\(allocations) allocations per interaction",
                expected: "\(allocations) (± 0.5)",
                measured: allocation.allocationsCounted
                    ? allocation.allocationsPerInteraction.reportFormatted : Metric.unverified,
                passed: abs(allocation.allocationsPerInteraction - Double(allocations)) <= 0.5
            )
        )
        return checks
    }

    private static func measure(
        _ workload: Workload,
        in scratch: URL,
        _ executable: URL,
        _ calibration: CalibratedWork
    ) async throws -> StageMetrics {
        let workloadFile = scratch.appending(path: "\(workload.name).json")
        let resultFile = scratch.appending(path: "\(workload.name)-result.json")
        try JSONEncoder().encode(workload).write(to: workloadFile)
        let result = try await StageChildInvocation(
            stage: .mainOnly,
            workloadFile: workloadFile,
            resultFile: resultFile,
            seed: 1,
            repetition: 1,
            calibration: calibration,
            priority: .defaultPolicy
        )
        .run(executable: executable, workload: workload)
        guard let metrics = result.metrics else {
            throw SelfTestFailure(
                description: "\(workload.name) gave no result: \(result.failure ?? result.status.rawValue)"
            )
        }
        return metrics
    }
}

/// A self-test run that produced no measurement.
struct SelfTestFailure: Error, CustomStringConvertible {
    package var description: String
}

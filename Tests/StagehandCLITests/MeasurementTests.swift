import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// Known answers through real stage runs: what a figure must read when the workload's behaviour is known exactly.
    /// Each check would fail if its defect came back; the one that reads a figure of time holds it to a known answer
    /// with room to spare, and runs alone (``Tag/timing``).
    @Suite struct MeasurementTests {
        /// Four steps of different kinds, each making exactly `allocations` heap allocations.
        static func allocationSpec(_ allocations: Int) -> String {
            """
            name: alloc-\(allocations)
            duration-s: 1
            frame-work-ms: 0.5
            subsystems: [store]
            interactions:
              - name: tap
                rate-per-s: 20
                steps:
                  - { compute: a, kernel: test-alloc, size: \(allocations) }
                  - { state: store, kernel: test-alloc, size: \(allocations) }
                  - { io: fetch, ms: 2 }
                  - { compute: b, kernel: test-alloc, size: \(allocations) }
                  - { ui: show, kernel: test-alloc, size: \(allocations) }
            """
        }

        /// Allocate N objects per step and count N: the harness's own allocations (the delivery's objects, the event
        /// and end timers) are not the workload's. Stage code allocates a constant per interaction besides its steps
        /// (tasks, continuations; in a debug build the probes too), so a step's N is the difference between N and 1
        /// allocation per step. (In a release build main-only, whose code allocates nothing, reads N outright: the
        /// `selftest` command checks that.) An occasional run counts about 20 allocations more than its twin, all at
        /// once rather than per interaction (seen here once in about fifteen runs, +21 in `async`): over 20
        /// interactions that is 0.25 per step, inside the tolerance; over the 10 of a 0.5 s run it was not.
        ///
        /// The same on either allocator: the counting is in front of it. (jemalloc's case runs where it is installed,
        /// as `.ci/run` and README's first command install it.)
        @Test(arguments: Allocator.allCases.filter { $0.problem == nil })
        func allocationCountsReadExactlyWhatTheStepsAllocate(on allocator: Allocator) async throws {
            let chosen = ["--allocator", allocator.rawValue]
            // Side by side: the counts are exact, whatever else the machine runs.
            async let manyRun = StagehandProcess.profileOnce(
                Self.allocationSpec(100),
                name: "alloc-100",
                arguments: chosen
            )
            async let oneRun = StagehandProcess.profileOnce(Self.allocationSpec(1), name: "alloc-1", arguments: chosen)
            let (many, one) = try await (manyRun, oneRun)
            let served = allocator == .jemalloc ? "jemalloc 5." : Platform.systemAllocatorName
            #expect(many.environment.allocator.hasPrefix(served))
            for (stage, base) in zip(many.stages, one.stages) {
                let perStep = try #require(stage.metrics?.allocationsPerInteraction) / 4
                let basePerStep = try #require(base.metrics?.allocationsPerInteraction) / 4
                #expect(abs(perStep - basePerStep - 99) <= 0.5, "\(stage.stage.rawValue): \(perStep) vs \(basePerStep)")
                #expect(stage.metrics?.allocationsCounted == true, "the run's known-answer check passed")
            }
            // Step by step the count is exact, in every stage and build: N per run for each step that ran on one
            // thread, and no figure for the io step, which is counted with its interaction only.
            for (result, allocations) in [(many, 100.0), (one, 1.0)] {
                for stage in result.stages {
                    #expect(stage.stepTimings.filter { $0.runs > 0 }.map(\.key.step).sorted() == [0, 1, 2, 3, 4])
                    for timing in stage.stepTimings where timing.runs > 0 {
                        let expected = timing.key.step == 2 ? nil : allocations
                        #expect(timing.meanAllocations == expected, "\(stage.stage.rawValue), step \(timing.key.step)")
                    }
                }
            }
        }

        /// An interaction of 1.5 s, alternating work on the pool and 150 ms view updates on main, arrives in the
        /// warm-up (at 0.25 s, and at 0 on a grid that starts there), whose catch-up allowance ends at about 1.33 s,
        /// with 0.4 s of it still to come. The warm-up must skip the steps it has not started and wait for the
        /// running one, so the measured run (which has no arrival of its own) starts on an idle main thread: no frame of
        /// it waits behind a warm-up step. (Before, the rest of the interaction ran on into the measured run.)
        @Test(.tags(.timing)) func nothingOfTheWarmUpRunsIntoTheMeasuredRun() async throws {
            let spec = """
                name: long-warm-up
                duration-s: 0.5
                frame-work-ms: 0
                interactions:
                  - name: slow
                    rate-per-s: 1
                    steps:
                      - { compute: work0, ms: 100 }
                      - { ui: show0, ms: 150 }
                      - { compute: work1, ms: 100 }
                      - { ui: show1, ms: 150 }
                      - { compute: work2, ms: 100 }
                      - { ui: show2, ms: 150 }
                      - { compute: work3, ms: 100 }
                      - { ui: show3, ms: 150 }
                      - { compute: work4, ms: 100 }
                      - { ui: show4, ms: 150 }
                      - { compute: work5, ms: 100 }
                      - { ui: show5, ms: 150 }
                """
            // Two runs: the first one's first arrivals, followed to their end, leave the heap steady and stand for its
            // warm-up; the second run warms up.
            let result = try await StagehandProcess.profileOnce(
                spec,
                name: "long-warm-up",
                stages: [.offloaded],
                arguments: ["--repetitions", "2", "--max-repetitions", "2"]
            )
            let warmUps = result.stages[2].repetitions.map { $0.warmUpRuns ?? -1 }
            #expect(
                warmUps.first == 0 && (warmUps.last ?? 0) >= 1,
                "the second run warmed up, the first not: \(warmUps)"
            )
            let metrics = try #require(result.stages[2].metrics)
            #expect(metrics.interactionsArrived == 0, "the measured run's first arrival would be at 0.5 s, its end")
            #expect(metrics.frames > 0)
            #expect(
                metrics.mainLoopLatencyMs.max < 140,  // the defect held main 150 ms; room for a loaded machine
                "a warm-up step held main: \(metrics.mainLoopLatencyMs.max) ms"
            )
            #expect(metrics.hangs == 0)
            // (As short as that allows: the first-arrivals run and the exposure run each follow it to its end, alone on
            // the machine.) Both runs' frames are in the figure.
        }
    }
}

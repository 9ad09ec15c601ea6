import Foundation

/// One stage run in a child process: the hidden `run-stage` command's arguments, declared once.
///
/// The parent encodes it as the command's one argument (JSON) and the child decodes the same type, so the two
/// sides cannot disagree on a flag. ``run(executable:workload:interruption:)`` starts the child under the
/// watchdog and reads how it ended: the one place that does, for the profile, its headroom probes, `selftest` and
/// `benchmark-probes`.
package struct StageChildInvocation: Codable, Sendable, Equatable {
    package var stage: Stage
    /// The workload, as JSON (``Workload``).
    var workloadFile: String
    /// Where the child writes its ``RepetitionResult``.
    var resultFile: String
    package var seed: UInt64
    package var repetition: Int
    /// The profile's work-loop calibration: checked in the child, and measured there when more than 3% off.
    package var calibration: CalibratedWork?
    package var priority: BackgroundPriority
    /// The allocator the child's code runs on.
    package var allocator: Allocator = .defaultAllocator
    /// Where `io` bodies of the user's code run their synchronous parts.
    package var ioSemantics: IOSemantics = .defaultSemantics
    /// Whether to time each code `compute` step alone in a tight loop after the measured run (``TightLoop``).
    package var tightLoop = false
    /// Without the per-interaction probes (only to measure what they cost).
    package var bare = false
    /// Where the child writes the measured run's event timeline, when the profile is traced.
    package var traceFile: String?
    /// How many CPUs the child runs on, when fewer than all (``CoreLimit``).
    package var cores: Int?
    /// For an exposure run: the interactions it exposes (indices), delivered one at a time (``ExposurePlan``).
    var exposing: [Int] = []
    /// How many arrivals of each exposed interaction an exposure run brings: ``InteractionExposure/minimumArrivals``,
    /// or more when the profile tops up an interaction whose holds vary (``ArrivalTopUp``).
    var exposureRounds = InteractionExposure.minimumArrivals
    /// Whether the child first measures each interaction's first arrival in its fresh process (``FirstArrivals``):
    /// the first ordinary run of each stage does.
    var firstArrivals = false
    /// When the child ends itself as hung (``ChildLifetime``): the watchdog's limit from the parent's launch of it, on
    /// the uptime clock every process shares (`DispatchTime`), so a slow start-up does not move it later than the
    /// parent's own watchdog. Set by ``run(executable:workload:interruption:)``.
    var deadlineUptimeNanoseconds: UInt64?

    package init(
        stage: Stage,
        workloadFile: URL,
        resultFile: URL,
        seed: UInt64,
        repetition: Int,
        calibration: CalibratedWork?,
        priority: BackgroundPriority,
        bare: Bool = false,
        traceFile: URL? = nil,
        cores: Int? = nil,
        allocator: Allocator = .defaultAllocator,
        ioSemantics: IOSemantics = .defaultSemantics,
        tightLoop: Bool = false,
        exposing: [Int] = [],
        exposureRounds: Int = InteractionExposure.minimumArrivals,
        firstArrivals: Bool = false
    ) {
        self.exposing = exposing
        self.exposureRounds = exposureRounds
        self.firstArrivals = firstArrivals
        self.stage = stage
        self.workloadFile = workloadFile.path
        self.resultFile = resultFile.path
        self.seed = seed
        self.repetition = repetition
        self.calibration = calibration
        self.priority = priority
        self.bare = bare
        self.traceFile = traceFile?.path
        self.cores = cores
        self.allocator = allocator
        self.ioSemantics = ioSemantics
        self.tightLoop = tightLoop
    }

    /// The hidden command's name.
    package static let commandName = "run-stage"

    /// The child's command line after the executable: the command and this invocation as JSON.
    var arguments: [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values and strings cannot fail.
        let json = String(decoding: try! encoder.encode(self), as: UTF8.self)
        return [Self.commandName, json]
    }

    /// The invocation the parent wrote as the command's argument.
    ///
    /// - Throws: `DecodingError` when `argument` is not one.
    package init(argument: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(argument.utf8))
    }

    /// Runs the child of `executable` under a watchdog for a run of `workload` (the one in ``workloadFile``), and says
    /// how it went: its result, or why there is none (crashed, hung, could not start), with the evidence of its last
    /// output.
    ///
    /// - Throws: ``ProfileInterrupted`` when `interruption` is triggered while it runs.
    func run(
        executable: URL,
        workload: Workload,
        interruption: Interruption? = nil
    ) async throws -> RepetitionResult {
        let limit = StageChild.watchdogSeconds(
            for: workload,
            exposing: exposing.count * exposureRounds,
            tightLoop: tightLoop,
            firstArrivals: firstArrivals
        )
        var invocation = self
        invocation.deadlineUptimeNanoseconds = DispatchTime.now().uptimeNanoseconds + UInt64(limit * 1e9)
        func failed(_ status: StageStatus, _ failure: String) -> RepetitionResult {
            RepetitionResult(repetition: repetition, status: status, seed: seed, failure: failure)
        }
        let environment: [String: String]
        do {
            environment = try allocator.environment(Self.environment)
        } catch {
            return failed(.crashed, "could not start: \(error)")
        }
        let child = ChildProcess(
            executable: executable,
            arguments: invocation.arguments,
            environment: environment,
            timeoutSeconds: limit,
            interruption: interruption
        )
        let ran: ChildProcess.Result
        do {
            ran = try await child.run()
            if let signal = interruption?.received { throw ProfileInterrupted(signal: signal) }
        } catch let interrupted as ProfileInterrupted {
            throw interrupted
        } catch {
            return failed(.crashed, "could not start \(executable.path): \(error.localizedDescription)")
        }
        let evidence = ran.outputTail.isEmpty ? "" : "; last output: \(ran.outputTail)"
        let seconds = String(format: "%.1f", ran.seconds)
        switch ran.ending {
        case .interrupted:
            throw ProfileInterrupted(signal: interruption?.received ?? SIGINT)
        case .timedOut(let limit, let killRefused):
            let stopped =
                String(
                    format:
                        "still running after %.1f s (duration %.1f s, following its arrivals for up to %.1f s, plus "
                        + "grace); the watchdog stopped it",
                    limit,
                    workload.durationSeconds,
                    workload.followThroughSeconds
                ) + (killRefused.map { "; the profiler could not signal it (\($0)) and left it to end itself" } ?? "")
            if let deadlock = BlockedMainWatch.explanation(inOutput: ran.outputTail) {
                return failed(.hung, "\(stopped). Most likely a deadlock: \(deadlock)")
            }
            return failed(.hung, stopped + evidence)
        case .signalled(let signal):
            return failed(
                .crashed,
                "killed by signal \(signal) (\(Self.signalName(signal))) after \(seconds) s\(evidence)"
            )
        case .exited(let status):
            if status == 0, let data = try? Data(contentsOf: URL(fileURLWithPath: resultFile)),
                let result = try? JSONDecoder().decode(RepetitionResult.self, from: data)
            {
                return result
            }
            return failed(.crashed, "exited with status \(status) without a result after \(seconds) s\(evidence)")
        }
    }

    /// The child's environment before its allocator is added (``Allocator/environment(_:)``): this process's, with
    /// Swift's crash backtracer off. A crashing stage then dies at once with the runtime's one-line message as its last
    /// output, instead of spending seconds symbolicating (long enough to look hung) and ending its output with
    /// register dumps.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV, a bad memory access"
        case SIGILL: "SIGILL, a Swift runtime trap such as a failed precondition"
        case SIGTRAP: "SIGTRAP, a Swift runtime trap"
        case SIGABRT: "SIGABRT, an abort"
        case SIGBUS: "SIGBUS, a bad memory access"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}

import Foundation

/// Where and how a profile ran: enough to judge the numbers and to reproduce the run.
public struct RunEnvironment: Codable, Sendable, Equatable {
    /// The Swift compiler that built the tool.
    public var swift: String
    /// The CPUs each stage run could use: `--cores N`, or all this process may use.
    public var cores: Int
    /// The CPUs this process may use on this machine, when `--cores` asked for fewer; `nil` otherwise and in results
    /// written before `--cores` existed.
    public var machineCores: Int?
    public var refreshHz: Double
    /// CPU model and architecture.
    public var machine: String
    /// Operating system and kernel.
    public var os: String
    public var allocator: String
    /// What the run did about thread priority (offloaded work vs main).
    public var priority: String
    /// The calibrated work loop's speed: what `ms: 1` means on this machine.
    public var workLoopIterationsPerMs: Double
    /// What the probes add to one step, in microseconds, measured on this machine (see ``ProbeCost``); `nil` in
    /// results written before it was measured.
    public var probeCostMicrosecondsPerStep: Double?
    public var durationSeconds: Double
    public var repetitions: Int
    public var seed: UInt64
    /// The stages that were run.
    public var stages: [Stage]
    /// The command that reproduces the run.
    public var command: String
    /// When the profile started, ISO 8601.
    public var startedAt: String
    /// Where the profile's Chrome trace went, when it was traced (its recording is inside the measured runs).
    public var traceFile: String?

    public init(
        swift: String,
        cores: Int,
        machineCores: Int? = nil,
        refreshHz: Double,
        machine: String,
        os: String,
        allocator: String,
        priority: String,
        workLoopIterationsPerMs: Double,
        probeCostMicrosecondsPerStep: Double? = nil,
        durationSeconds: Double,
        repetitions: Int,
        seed: UInt64,
        stages: [Stage],
        command: String,
        startedAt: String,
        traceFile: String? = nil
    ) {
        self.swift = swift
        self.cores = cores
        self.machineCores = machineCores
        self.refreshHz = refreshHz
        self.machine = machine
        self.os = os
        self.allocator = allocator
        self.priority = priority
        self.workLoopIterationsPerMs = workLoopIterationsPerMs
        self.probeCostMicrosecondsPerStep = probeCostMicrosecondsPerStep
        self.durationSeconds = durationSeconds
        self.repetitions = repetitions
        self.seed = seed
        self.stages = stages
        self.command = command
        self.startedAt = startedAt
        self.traceFile = traceFile
    }

    /// This machine, for a profile of `workload` with `options` and `calibration`, started by `command`.
    public static func current(
        workload: Workload,
        options: ProfileOptions,
        calibration: CalibratedWork,
        command: String
    ) -> RunEnvironment {
        RunEnvironment(
            swift: swiftVersion,
            cores: options.cores ?? ProcessInfo.processInfo.activeProcessorCount,
            machineCores: options.cores.map { _ in ProcessInfo.processInfo.activeProcessorCount },
            refreshHz: workload.refreshHz,
            machine: cpuModel,
            os: operatingSystem,
            allocator: JemallocProbe.version.map {
                "jemalloc \($0) (the process allocator; thread caches off in stage runs so every allocation is counted)"
            } ?? "system malloc (jemalloc statistics unavailable: allocation figures show as unverified)",
            priority: options.priority.environmentDescription,
            workLoopIterationsPerMs: calibration.iterationsPerMs,
            probeCostMicrosecondsPerStep: ProbeCost.microsecondsPerStep(),
            durationSeconds: workload.durationSeconds,
            repetitions: options.repetitions,
            seed: options.seed,
            stages: options.stages,
            command: command,
            startedAt: ISO8601DateFormatter().string(from: Date()),
            traceFile: options.traceFile?.relativePath
        )
    }

    static var swiftVersion: String {
        #if compiler(>=6.4)
        "6.4 or later"
        #elseif compiler(>=6.3.1)
        "6.3.1"
        #elseif compiler(>=6.3)
        "6.3"
        #else
        "6.2"
        #endif
    }

    private static var cpuModel: String {
        let architecture = uname { $0.machine }
        return Platform.cpuModel.map { "\($0) (\(architecture))" } ?? architecture
    }

    private static var operatingSystem: String {
        let kernel = "\(uname { $0.sysname }) \(uname { $0.release })"
        return Platform.operatingSystemName.map { "\($0), \(kernel)" } ?? kernel
    }

    private static func uname(_ field: (utsname) -> Any) -> String {
        var info = utsname()
        guard Foundation.uname(&info) == 0 else { return "unknown" }
        return withUnsafeBytes(of: field(info)) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

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
    /// How allocation figures were counted (`AllocationCounter.countingMethod`); `nil` in results written before
    /// it was recorded (before 2026-11-25), whose counts kept fewer of the harness's allocations out, or came from
    /// jemalloc's own counters.
    public var allocationCounting: String?
    /// What the run did about thread priority (offloaded work vs main).
    public var priority: String
    /// Where `io` bodies of the user's code ran their synchronous parts (`IOSemantics`); `nil` when the workload has
    /// none, and in results written before it was recorded.
    public var ioSemantics: String?
    /// The calibrated work loop's speed: what `ms: 1` means on this machine.
    public var workLoopIterationsPerMs: Double
    /// What the probes add to one step, in microseconds, measured on this machine (see `ProbeCost`); `nil` in
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
    /// Where the profile's wall time went; `nil` in results written before it was recorded.
    public var timeSpent: ProfileTimes?
    /// The wall time the profile was allowed (`--max-time`), in seconds; `nil` when it had no limit. What the limit cut
    /// short, when it did, is ``ProfileTimes/outOfTime``.
    public var maxTimeSeconds: Double?

    public init(
        swift: String,
        cores: Int,
        machineCores: Int? = nil,
        refreshHz: Double,
        machine: String,
        os: String,
        allocator: String,
        allocationCounting: String? = nil,
        priority: String,
        ioSemantics: String? = nil,
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
        self.allocationCounting = allocationCounting
        self.priority = priority
        self.ioSemantics = ioSemantics
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
}

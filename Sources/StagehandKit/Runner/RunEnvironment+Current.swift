import Foundation

extension RunEnvironment {
    /// This machine, for a profile of `workload` with `options` and `calibration`, started by `command`.
    package static func current(
        workload: Workload,
        options: ProfileOptions,
        calibration: CalibratedWork,
        command: String
    ) -> RunEnvironment {
        var environment = RunEnvironment(
            swift: swiftVersion,
            cores: options.cores ?? ProcessInfo.processInfo.activeProcessorCount,
            machineCores: options.cores.map { _ in ProcessInfo.processInfo.activeProcessorCount },
            refreshHz: workload.refreshHz,
            machine: cpuModel,
            os: operatingSystem,
            allocator: options.allocator.environmentDescription(served: nil),
            allocationCounting: AllocationCounter.countingMethod,
            priority: options.priority.environmentDescription(observed: nil),
            ioSemantics: workload.hasCodeIO ? options.ioSemantics.environmentDescription : nil,
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
        environment.maxTimeSeconds = options.maxSeconds
        return environment
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

    /// One field of `uname(2)`, a fixed-size C character array, as a string.
    ///
    /// The field's type stays concrete (`Field`, a tuple of `CChar`). Passed as `Any`, it reads right only because
    /// Swift 6 mode opens the existential for `withUnsafeBytes(of:)`; in Swift 5 mode the bytes are the existential's
    /// box, a pointer (checked here with swiftc: `[p\u{FFFD}\u{FFFD}…]` against `[x86_64]`).
    static func uname<Field>(_ field: (utsname) -> Field) -> String {
        var info = utsname()
        guard Foundation.uname(&info) == 0 else { return "unknown" }
        return withUnsafeBytes(of: field(info)) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

import Foundation
import Testing

@testable import StagehandKit

/// The environment block names the machine the numbers came from, as the system reports it.
@Suite struct RunEnvironmentTests {
    /// The architecture `uname -m` prints on this machine.
    static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64) && os(Linux)
        "aarch64"
        #elseif arch(arm64)
        "arm64"
        #else
        "unknown"
        #endif
    }

    /// A C character array read as the string it holds, not as the bytes of whatever holds it.
    @Test func unameFieldsAreReadAsTheirCharacters() {
        #expect(RunEnvironment.uname { $0.machine } == Self.architecture)
        let system = RunEnvironment.uname { $0.sysname }
        #if os(Linux)
        #expect(system == "Linux")
        #else
        #expect(system == "Darwin")
        #endif
    }

    @Test func theMachineFieldEndsWithTheArchitecture() throws {
        let environment = RunEnvironment.current(
            workload: try BuiltinWorkloads.all()[0],
            options: ProfileOptions(),
            calibration: CalibratedWork(iterationsPerMs: 1),
            command: "stagehand profile test"
        )
        #expect(environment.machine == Self.architecture || environment.machine.hasSuffix("(\(Self.architecture))"))
        #expect(environment.machine.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 })
    }
}

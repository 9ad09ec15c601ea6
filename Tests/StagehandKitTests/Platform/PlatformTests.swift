import Dispatch
import Foundation
import Testing

@testable import StagehandKit

/// The platform layer's functions against what each must agree with, on whichever platform runs the tests: the
/// same checks would catch a wrong clock, unit or identity on a Mac.
@Suite struct PlatformTests {
    /// Instants become Dispatch deadlines by their number alone, so the two clocks must be one: a wrong clock (real
    /// time, or on Darwin one that counts sleep) is off by hours or years, not by the microseconds between readings.
    @Test func theClockIsTheOneDispatchDeadlinesUse() {
        let dispatch = DispatchTime.now().uptimeNanoseconds
        let instant = Instant.now.nanoseconds
        let apart = instant > dispatch ? instant - dispatch : dispatch - instant
        #expect(apart < 1_000_000_000, "Instant.now and DispatchTime.now() are \(apart) ns apart")
    }

    /// The peak is in bytes on each platform (Linux's `VmHWM` is in KiB, Darwin's `ru_maxrss` in bytes): with a unit
    /// wrong by 1024, a process holding 64 MiB would read as 64 KiB, or as more memory than the machine has.
    @Test func peakResidentMemoryIsInBytes() throws {
        let size = 64 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        block.initializeMemory(as: UInt8.self, repeating: 1, count: size)  // resident once touched
        let peak = try #require(Platform.peakResidentBytes)
        #expect(peak >= Double(size))
        #expect(peak <= Double(ProcessInfo.processInfo.physicalMemory))
    }

    /// Each thread has its own number, the same for as long as it runs.
    @Test func threadsHaveDistinctStableNumbers() async {
        let main = Platform.currentThread
        #expect(main == Platform.currentThread)
        let other = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Platform.currentThread) }.start()
        }
        #expect(other != main)
        #expect(other != 0 && main != 0)
    }

    /// Where the system names its CPU (macOS; Linux on x86), the environment block shows the name, not only the
    /// architecture.
    @Test(.enabled(if: Self.systemNamesItsCPU)) func theCPUModelIsRead() {
        #expect(Platform.cpuModel?.isEmpty == false)
    }

    static var systemNamesItsCPU: Bool {
        #if os(macOS) || arch(x86_64)
        true
        #else
        false
        #endif
    }

    /// Where threads cannot lower their own priority (Darwin), the environment block says nothing was changed,
    /// whichever policy was asked for, rather than claiming `main-first` was applied.
    @Test(arguments: BackgroundPriority.allCases)
    func theEnvironmentSaysWhatThePriorityPolicyDid(policy: BackgroundPriority) {
        let unchanged = policy.environmentDescription(lowering: false)
        #expect(unchanged.hasPrefix("\(policy.rawValue) asked, nothing changed"))
        #expect(unchanged.contains("QoS"))
        let applied = policy.environmentDescription(lowering: true)
        #expect(applied.hasPrefix("\(policy.rawValue):"))
        #expect(applied.contains("nice") == (policy == .mainFirst))
        #expect(policy.environmentDescription == policy.environmentDescription(lowering: Platform.lowersThreadPriority))
    }

    /// What `sysctl` and `_NSGetExecutablePath` fill: read up to the first NUL, as UTF-8.
    @Test func aNulTerminatedBufferReadsUpToItsFirstNul() {
        let buffer: [CChar] = Array("Apple M2 Pro".utf8CString) + [65, 0]
        #expect(Platform.string(nulTerminated: buffer) == "Apple M2 Pro")
        #expect(Platform.string(nulTerminated: Array("é".utf8CString)) == "é")
        #expect(Platform.string(nulTerminated: []) == "")
    }
}

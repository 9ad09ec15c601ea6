import Dispatch
import Foundation
import Synchronization
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

    /// A thread's wait for a core is the kernel's `run_delay` of that thread: it agrees with the file read whole
    /// between two readings on the same thread, never goes back, and comes with the thread's id, another on another
    /// thread. Darwin has none to read.
    @Test func aThreadsWaitForACoreIsTheKernels() throws {
        #if os(Linux)
        let before = try #require(Platform.threadCoreWait)
        let text = try String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8)
        let file = try #require(UInt64(text.split(separator: " ")[1]))
        let after = try #require(Platform.threadCoreWait)
        #expect(before.nanoseconds <= file && file <= after.nanoseconds)
        #expect(before.thread == after.thread && before.thread > 0)
        let other = Mutex<UInt?>(nil)
        let read = DispatchSemaphore(value: 0)
        let thread = Thread {
            other.withLock { $0 = Platform.threadCoreWait?.thread }
            read.signal()
        }
        thread.start()
        read.wait()
        let otherThread = try #require(other.withLock { $0 })
        #expect(otherThread != before.thread)
        #else
        #expect(Platform.threadCoreWait == nil)
        #endif
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

    /// The environment block says what each policy did on each platform: on Linux offloaded threads lower themselves
    /// (nice), on macOS the main thread raises itself (QoS); and it ends with what the runs observed, when they did.
    @Test(arguments: BackgroundPriority.allCases)
    func theEnvironmentSaysWhatThePriorityPolicyDid(policy: BackgroundPriority) {
        let linux = policy.environmentDescription(lowering: true)
        #expect(linux.hasPrefix("\(policy.rawValue):"))
        #expect(linux.contains("nice") == (policy == .mainFirst))
        let macOS = policy.environmentDescription(lowering: false)
        #expect(macOS.hasPrefix("\(policy.rawValue):"))
        #expect(macOS.contains("QoS"))
        #expect(macOS.contains("raises itself") == (policy == .mainFirst))

        let here = policy.environmentDescription(lowering: Platform.lowersThreadPriority)
        #expect(policy.environmentDescription(observed: nil) == here)
        let observed = ThreadPriorities(main: "nice 0", offloaded: "nice 10")
        #expect(
            policy.environmentDescription(observed: observed)
                == "\(here); observed: main thread at nice 0, offloaded work at nice 10"
        )
        #expect(
            ThreadPriorities(main: "QoS user-interactive", offloaded: nil).description
                == "main thread at QoS user-interactive; no work left the main thread"
        )
    }

    /// The profile reports the priorities of a run that had offloaded work, when one did; a main-only run has none to
    /// report.
    @Test func theObservedPrioritiesComeFromARunWithOffloadedWork() {
        func stage(_ stage: Stage, _ priorities: ThreadPriorities?) -> StageResult {
            StageResult(
                stage: stage,
                repetitions: [RepetitionResult(repetition: 1, status: .ok, seed: 1, threadPriorities: priorities)]
            )
        }
        let mainOnly = ThreadPriorities(main: "nice 0", offloaded: nil)
        let offloaded = ThreadPriorities(main: "nice 0", offloaded: "nice 10")
        #expect([stage(.mainOnly, mainOnly), stage(.offloaded, offloaded)].observedPriorities == offloaded)
        #expect([stage(.mainOnly, mainOnly)].observedPriorities == mainOnly)
        #expect([stage(.mainOnly, nil)].observedPriorities == nil)
    }

    /// A thread's priority reads as the scheduler has it: after lowering itself to nice 10 (Linux), a thread reads
    /// "nice 10", or its own nicer value (a thread starts with its creator's, and the pool's threads may have been
    /// lowered by other tests). On macOS the QoS classes read by name.
    @Test func aThreadReadsThePriorityItRunsAt() async {
        #if os(Linux)
        let (base, lowered) = await withCheckedContinuation { continuation in
            Thread {
                let base = Platform.threadPriority
                Platform.lowerThisThreadPriority(toNice: BackgroundPriority.backgroundNice)
                continuation.resume(returning: (base, Platform.describePriority(Platform.threadPriority)))
            }.start()
        }
        #expect(lowered == "nice \(max(base, BackgroundPriority.backgroundNice))")
        #else
        #expect(Platform.describePriority(0x21) == "QoS user-interactive")
        #expect(Platform.describePriority(0x15) == "QoS default")
        #expect(Platform.describePriority(Platform.threadPriority).hasPrefix("QoS "))
        #endif
    }

    /// What `sysctl` and `_NSGetExecutablePath` fill: read up to the first NUL, as UTF-8.
    @Test func aNulTerminatedBufferReadsUpToItsFirstNul() {
        let buffer: [CChar] = Array("Apple M2 Pro".utf8CString) + [65, 0]
        #expect(Platform.string(nulTerminated: buffer) == "Apple M2 Pro")
        #expect(Platform.string(nulTerminated: Array("é".utf8CString)) == "é")
        #expect(Platform.string(nulTerminated: []) == "")
    }
}

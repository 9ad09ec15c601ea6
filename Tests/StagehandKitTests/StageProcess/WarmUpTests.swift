import Testing

@testable import StagehandKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The warm-up's settling (``WarmUp/run(settledBelow:settlingSeconds:_:)``) on constructed runs that take known numbers of
/// page faults: fresh anonymous memory, one write a page.
@MainActor
struct WarmUpTests {
    /// Maps `pages` pages afresh (small pages: no transparent huge pages), touches each once (a page fault each), and
    /// unmaps them.
    ///
    /// - Returns: the page faults the process took meanwhile (other threads' too).
    static func fault(pages: Int) -> Int {
        let before = Platform.minorPageFaults
        let pageSize = Int(getpagesize())
        guard let memory = mmap(nil, pages * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else {
            Issue.record("mmap failed")
            return 0
        }
        #if os(Linux)
        _ = madvise(memory, pages * pageSize, MADV_NOHUGEPAGE)
        #endif
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        for page in 0..<pages { bytes[page * pageSize] = 1 }
        munmap(memory, pages * pageSize)
        return Platform.minorPageFaults - before
    }

    @Test func touchingFreshPagesReadsAFaultAPage() {
        #expect(Self.fault(pages: 2048) >= 2048)
    }

    @Test func theThresholdIsAMebibyteOfPages() async {
        #expect(WarmUp.settledPageFaults * Int(getpagesize()) == 1 << 20)
        // The same mebibyte on either page size: not 256 faults of 16 KiB pages, four times as much memory.
        #expect(WarmUp.settledPageFaults(pageSize: 4096) == 256)
        #expect(WarmUp.settledPageFaults(pageSize: 16384) == 64)
        // At the default threshold, a run that touched 2 MiB of fresh pages is not yet settled.
        let runs = await WarmUp.run { round in round == 0 ? Self.fault(pages: (2 << 20) / Int(getpagesize())) : 0 }
        #expect(runs == 2)
    }

    // The runs below report constructed fault counts: the process's own count takes every thread's, and other tests
    // run meanwhile.

    @Test func aRunThatTakesNoFaultsIsTheOnlyOne() async {
        let runs = await WarmUp.run(settledBelow: 256, settlingSeconds: 10) { _ in 0 }
        #expect(runs == 1)
    }

    /// A run that already brought every interaction (the first arrivals) and left the heap steady is the warm-up: no
    /// run follows it. One that still faulted is not: the warm-up runs as it would without it.
    @Test(arguments: [(12, 0), (5000, 1)])
    func theFirstArrivalsStandForTheWarmUpWhenTheyLeaveTheHeapSteady(_ firstRunFaults: Int, _ expected: Int) async {
        let runs = await WarmUp.run(settledBelow: 256, settlingSeconds: 10, afterFirstRunFaulting: firstRunFaults) {
            _ in 0
        }
        #expect(runs == expected)
    }

    @Test func runsAgainUntilARunTakesFewFaults() async {
        let faults = [6584, 3840, 1024, 1024, 12, 5000]
        var seen: [Int] = []
        let runs = await WarmUp.run(settledBelow: 256, settlingSeconds: 10) { round in
            seen.append(round)
            return faults[round]
        }
        #expect(runs == 5)
        #expect(seen == [0, 1, 2, 3, 4])
    }

    @Test func stopsAtItsTimeLimitWhenEveryRunFaults() async throws {
        let started = ContinuousClock.now
        let runs = await WarmUp.run(settledBelow: 256, settlingSeconds: 0.2) { _ in
            usleep(20_000)  // holding main, as a warm-up run does: an awaited sleep could wait long for main back
            return 1024
        }
        #expect(runs >= 1 && runs <= 11, "\(runs) runs")
        // No run starts that the longest so far would carry past the limit (first run excepted).
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}

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
    /// Maps `pages` pages afresh, touches each once (a page fault each), and unmaps them.
    ///
    /// - Returns: the page faults the process took meanwhile, as a warm-up run returns its own.
    static func fault(pages: Int) -> Int {
        let before = Platform.minorPageFaults
        let pageSize = Int(getpagesize())
        guard let memory = mmap(nil, pages * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else {
            Issue.record("mmap failed")
            return 0
        }
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        for page in 0..<pages { bytes[page * pageSize] = 1 }
        munmap(memory, pages * pageSize)
        return Platform.minorPageFaults - before
    }

    @Test func touchingFreshPagesReadsAFaultAPage() {
        #expect(Self.fault(pages: 2048) >= 2048)
    }

    @Test func aRunThatTakesNoFaultsIsTheOnlyOne() async {
        let runs = await WarmUp.run(settledBelow: 1024, settlingSeconds: 10) { _ in 0 }
        #expect(runs == 1)
    }

    @Test func runsAgainUntilARunTakesFewFaults() async {
        let runs = await WarmUp.run(settledBelow: 1024, settlingSeconds: 10) { round in
            round < 2 ? Self.fault(pages: 2048) : Self.fault(pages: 16)
        }
        #expect(runs == 3)
    }

    @Test func stopsAtItsTimeLimitWhenEveryRunFaults() async throws {
        let started = ContinuousClock.now
        let runs = await WarmUp.run(settledBelow: 1024, settlingSeconds: 0.1) { _ in
            usleep(20_000)  // holding main, as a warm-up run does: an awaited sleep could wait long for main back
            return Self.fault(pages: 2048)
        }
        #expect((2...5).contains(runs), "\(runs) runs")
        // The runs after the first fit in the limit: none starts that the longest so far would carry past it.
        #expect(ContinuousClock.now - started < .milliseconds(400))
    }
}

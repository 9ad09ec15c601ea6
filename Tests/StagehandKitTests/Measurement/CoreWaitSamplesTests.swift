import Testing

@testable import StagehandKit

/// How long main waited for a core within a hang, from readings at frames around it (``CoreWaitSamples``), on
/// constructed readings.
@Suite struct CoreWaitSamplesTests {
    static func at(_ ms: Double) -> Instant { Instant(nanoseconds: UInt64(ms * 1e6)) }
    static func span(_ from: Double, _ to: Double) -> RunRecorder.Span { .init(start: at(from), end: at(to)) }

    /// Readings every 16 ms up to 16 ms, then none while main is held until 300 ms, then one at 310 ms: main waited
    /// `waitMs` for a core in between.
    static func samples(waitMs: Double) -> CoreWaitSamples {
        var samples = CoreWaitSamples()
        samples.reserve()
        samples.record(.init(thread: 1, waitNs: 0), at: at(0))
        samples.record(.init(thread: 1, waitNs: 1_000_000), at: at(16))
        samples.record(.init(thread: 1, waitNs: 1_000_000 + UInt64(waitMs * 1e6)), at: at(310))
        samples.record(nil, at: at(320))  // none on this platform: not kept
        return samples
    }

    @Test func aHangsWaitIsWhatTheReadingsAroundItProve() {
        let samples = Self.samples(waitMs: 100)
        // 100 ms grew from 16 to 310 ms: all but the 14 ms between the readings and the span may be in it.
        #expect(samples.waitNs(during: Self.span(20, 300)) == 86_000_000)
        // From the first reading to the last: 1 ms before, 100 ms within, no time outside.
        #expect(samples.waitNs(during: Self.span(0, 310)) == 101_000_000)
        // Readings far from a span prove nothing of it: the 100 ms may all have come in the 250 ms after it.
        #expect(samples.waitNs(during: Self.span(20, 60)) == 0)
        #expect(samples.waitNs(during: Self.span(0, 10)) == 0)
        // No reading after it, or none before it: not known.
        #expect(samples.waitNs(during: Self.span(20, 400)) == nil)
    }

    @Test func aHangIsTheWaitsWhenItIsNoHangWithoutIt() {
        // 280 ms held, at least 86 of it waiting for a core: at most 194 ms without it.
        #expect(Self.samples(waitMs: 100).hangsFromCoreWait([Self.span(20, 300)]) == 1)
        // 280 ms held, at least 6 of it waiting: a hang all the same.
        #expect(Self.samples(waitMs: 20).hangsFromCoreWait([Self.span(20, 300)]) == 0)
        // Not known: counted as measured.
        #expect(Self.samples(waitMs: 100).hangsFromCoreWait([Self.span(20, 400)]) == 0)
        #expect(Self.samples(waitMs: 100).longestWaitNs(in: [Self.span(20, 300), Self.span(20, 400)]) == 86_000_000)
        #expect(CoreWaitSamples().hangsFromCoreWait([Self.span(20, 300)]) == 0)
    }

    /// A frame reads the thread it runs on, where the system gives the count.
    @Test func aReadingIsOfTheCallingThread() {
        #if os(Linux)
        #expect(CoreWaitSamples.reading()?.thread == Platform.threadCoreWait?.thread)
        #expect(CoreWaitSamples.reading() != nil)
        #else
        #expect(CoreWaitSamples.reading() == nil)
        #endif
    }

    @Test func readingsOfTwoThreadsBoundNothing() {
        var samples = CoreWaitSamples()
        samples.record(.init(thread: 1, waitNs: 0), at: Self.at(0))
        samples.record(.init(thread: 2, waitNs: 900_000_000), at: Self.at(300))
        #expect(samples.waitNs(during: Self.span(10, 290)) == nil)
        #expect(samples.hangsFromCoreWait([Self.span(10, 290)]) == 0)
    }

    @Test func readingsOutOfOrderOrPastTheCapacityAreDropped() {
        var samples = CoreWaitSamples()
        samples.reserve()
        samples.record(.init(thread: 1, waitNs: 5_000_000), at: Self.at(100))
        samples.record(.init(thread: 1, waitNs: 0), at: Self.at(50))  // before the last: dropped
        samples.record(.init(thread: 1, waitNs: 9_000_000), at: Self.at(400))
        #expect(samples.waitNs(during: Self.span(100, 400)) == 4_000_000)
        var full = CoreWaitSamples()
        for index in 0..<CoreWaitSamples.capacity {
            full.record(.init(thread: 1, waitNs: 0), at: Self.at(Double(index)))
        }
        full.record(.init(thread: 1, waitNs: 0), at: Self.at(1e7))
        #expect(full.waitNs(during: Self.span(0, 1e7)) == nil)
    }
}

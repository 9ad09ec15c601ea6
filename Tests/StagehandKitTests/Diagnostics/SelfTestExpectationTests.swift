import Testing

@testable import StagehandKit

/// The self-test's expected answers follow from the definitions: a block starting half a frame after a vsync
/// makes the next frame end D + F − 1.5·P late, rounded up to whole frames.
@Suite struct SelfTestExpectationTests {
    @Test func expectedHitchTimeFollowsTheDefinition() {
        let frame = 1000.0 / 60
        #expect(SelfTest.expectedHitchMs(blockMs: 20) == 0, "21 ms ends 4 ms before the next frame's deadline")
        #expect(abs(SelfTest.expectedHitchMs(blockMs: 50) - 2 * frame) < 1e-9)
        #expect(abs(SelfTest.expectedHitchMs(blockMs: 256) - 14 * frame) < 1e-9)
        #expect(abs(SelfTest.expectedHitchMs(blockMs: 300) - 17 * frame) < 1e-9)
    }

    @Test func blocksArriveHalfAFrameAfterAVsyncEveryTime() {
        let workload = SelfTest.blockWorkload(ms: 20)
        let gapFrames = 1000 / workload.interactions[0].ratePerSecond / workload.frameBudgetMs
        let firstFrames = gapFrames / 2  // a periodic stream's first arrival is half a gap in
        #expect(abs(gapFrames - gapFrames.rounded()) < 1e-9, "whole frames between blocks")
        #expect(abs(firstFrames - firstFrames.rounded(.down) - 0.5) < 1e-9, "the first at half a frame")
    }
}

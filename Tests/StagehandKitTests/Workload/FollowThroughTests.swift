import Testing

@testable import StagehandKit

/// How long a run follows its arrivals after the window: the catch-up allowance, or long enough for the longest
/// declared arrival, whichever is longer; a wait of the user's code counts the stated limit.
@Suite struct FollowThroughTests {
    static func workload(_ steps: [Step], seconds: Double = 3) -> Workload {
        Workload(
            name: "w",
            durationSeconds: seconds,
            interactions: [
                Interaction(name: "sync", ratePerSecond: 0.1, steps: steps),
                Interaction(name: "tap", ratePerSecond: 4, steps: [Step(.ui, "redraw", .milliseconds(0.5))]),
            ]
        )
    }

    @Test func aLongDeclaredWaitIsFollowedToItsEnd() {
        let late = Self.workload([
            Step(.io, "fetch", .milliseconds(1800)), Step(.compute, "parse", .milliseconds(180)),
            Step(.ui, "show", .milliseconds(2)),
        ])
        #expect(abs((late.longestDeclaredArrivalSeconds ?? 0) - 1.982) < 1e-9)
        #expect(abs(late.followThroughSeconds - (1 + 1.5 * 1.982)) < 1e-9)
    }

    @Test func shortArrivalsKeepTheCatchUpAllowance() {
        let short = Self.workload([
            Step(.io, "fetch", .milliseconds(100)), Step(.compute, "decode", .kernel(.boxBlur, size: 64)),
        ])
        #expect(abs(short.followThroughSeconds - Workload.catchUpSeconds(forDuration: 3)) < 1e-9)
        #expect(abs(Workload.catchUpSeconds(forDuration: 3) - 1.3) < 1e-9)
    }

    @Test func aWaitOfTheUsersCodeOrAnAbsurdOneIsFollowedTheLongestAndNoLonger() {
        let code = Self.workload([Step(.io, "fetch", .code(meanMs: nil)), Step(.compute, "parse", .code(meanMs: nil))])
        #expect(code.longestDeclaredArrivalSeconds == nil)
        #expect(code.followThroughSeconds == Workload.longestFollowThroughSeconds)
        let forever = Self.workload([Step(.io, "forever", .milliseconds(600_000))])
        #expect(forever.followThroughSeconds == Workload.longestFollowThroughSeconds)
        // A window so long that its catch-up allowance is longer still keeps that.
        let long = Self.workload([Step(.io, "forever", .milliseconds(600_000))], seconds: 200)
        #expect(abs(long.followThroughSeconds - 21) < 1e-9)
    }
}

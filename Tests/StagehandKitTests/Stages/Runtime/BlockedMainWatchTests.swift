import Testing

@testable import StagehandKit

/// A hung main-only child is explained as a deadlock only when its output ends in a wait for an io body that never
/// ended: a slow body that completed, before the run hung for another reason, is no deadlock.
@Suite struct BlockedMainWatchTests {
    static let waited = "\(BlockedMainWatch.marker) 1 s and more for `io: load` of `refresh`: …"
    static let ended = "\(BlockedMainWatch.endMarker) for `io: load` of `refresh`"

    @Test func aWaitThatNeverEndedExplainsTheHang() throws {
        let explanation = try #require(BlockedMainWatch.explanation(inOutput: "start\n\(Self.waited)\n"))
        #expect(explanation.hasPrefix("main has waited 1 s and more for `io: load`"))
        let afterAnEndedOne = [Self.waited, Self.ended, "other output", Self.waited].joined(separator: "\n")
        #expect(BlockedMainWatch.explanation(inOutput: afterAnEndedOne) != nil)
    }

    @Test func aWaitThatEndedExplainsNothing() {
        #expect(
            BlockedMainWatch.explanation(inOutput: [Self.waited, Self.ended, "later"].joined(separator: "\n")) == nil
        )
        #expect(BlockedMainWatch.explanation(inOutput: "no watch lines at all") == nil)
    }
}

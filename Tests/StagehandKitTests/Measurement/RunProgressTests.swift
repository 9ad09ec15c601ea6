import Testing

@testable import StagehandKit

/// Where a run stands: what its end waits for. An answer due after the run's hard end can change nothing the run
/// measures, so a run whose every interaction in flight waits for one has nothing left to see.
@Suite struct RunProgressTests {
    @Test func aRunWhoseOnlyInteractionsInFlightWaitPastItsHardEndHasNothingLeftToSee() {
        let progress = RunProgress()
        progress.followThrough(endingBy: .at(4000))
        let late = progress.ioStarted(answeringAt: .at(600_000))  // a spec's "forever"
        #expect(late)
        let onlyTheLateOne = progress.onlyOutlastingInFlight(delivered: 1)
        #expect(onlyTheLateOne)
        // A second interaction whose answer comes in time: the run still has it to follow.
        let inTime = progress.ioStarted(answeringAt: .at(3000))
        #expect(!inTime)
        let withOneInTime = progress.onlyOutlastingInFlight(delivered: 2)
        #expect(!withOneInTime)
        progress.ioCompleted(outlasting: inTime)
        progress.interactionEnded()
        let afterItAnswered = progress.onlyOutlastingInFlight(delivered: 2)
        #expect(afterItAnswered)
        let onThreads = progress.runningOrQueued(delivered: 2)
        #expect(onThreads == 0)
    }

    @Test func withoutAHardEndNoAnswerOutlastsTheRunAndNothingInFlightIsNothing() {
        let progress = RunProgress()
        let outlasts = progress.ioStarted(answeringAt: .at(600_000))
        #expect(!outlasts, "a warm-up sets no hard end")
        let oneInFlight = progress.onlyOutlastingInFlight(delivered: 1)
        #expect(!oneInFlight)
        let noneInFlight = progress.onlyOutlastingInFlight(delivered: 0)
        #expect(!noneInFlight, "nothing in flight is not nothing left to see")
    }
}

import Dispatch
import Foundation
import Synchronization
import Testing

@testable import StagehandKit

/// Per-thread recording: threads recording at once each keep their own record, and reading merges all of them, with
/// nothing lost however many threads there are.
@Suite struct ThreadShardsTests {
    /// `threads` threads each add 1 to their record `count` times, at the same time.
    private static func total(shards: Int, threads: Int, count: Int) -> (sum: Int, nonEmptyShards: Int) {
        let shards = ThreadShards(count: shards) { 0 }
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<count { shards.withRecord { $0 += 1 } }
        }
        var sum = 0
        var nonEmpty = 0
        shards.forEach { record in
            sum += record
            if record > 0 { nonEmpty += 1 }
        }
        return (sum, nonEmpty)
    }

    @Test func everyRecordFromConcurrentThreadsIsKept() {
        let (sum, _) = Self.total(shards: 8, threads: 4, count: 10_000)
        #expect(sum == 40_000)
    }

    @Test func threadsBeyondTheShardsShareTheLastOneWithoutLosingRecords() {
        let (sum, nonEmpty) = Self.total(shards: 1, threads: 6, count: 10_000)
        #expect(sum == 60_000)
        #expect(nonEmpty == 1)
    }

    @Test func aThreadKeepsItsShardAndAnotherInstanceGivesItANewOne() {
        let first = ThreadShards(count: 4) { 0 }
        let second = ThreadShards(count: 4) { 0 }
        for _ in 0..<3 {
            first.withRecord { $0 += 1 }
            second.withRecord { $0 += 10 }
        }
        var firstRecords: [Int] = []
        first.forEach { firstRecords.append($0) }
        var secondRecords: [Int] = []
        second.forEach { secondRecords.append($0) }
        #expect(firstRecords == [3, 0, 0, 0], "one thread, one shard, found again on every record")
        #expect(secondRecords == [30, 0, 0, 0])
    }

    @Test func deliverySetsKeepTheirMembersAndMerge() {
        var finishedHere = DeliverySet()
        finishedHere.reserve(10)
        finishedHere.insert(3)
        finishedHere.insert(200)  // beyond what was reserved: grows
        var finishedThere = DeliverySet()
        finishedThere.insert(64)
        finishedHere.formUnion(finishedThere)
        #expect([3, 64, 200].allSatisfy(finishedHere.contains))
        #expect(![0, 2, 4, 63, 65, 199, 201, 10_000, -1].contains(where: finishedHere.contains))
    }
}

/// Recording into a prepared recorder allocates nothing, on a thread that recorded into an earlier run's recorder
/// (a stage child's warm-up) and on a fresh one: allocations there would be counted as the workload's.
@Suite struct RecordingAllocatesNothingTests {

    /// One of each record the run makes on a thread.
    static func recordEverything(into recorder: RunRecorder, id: Int) {
        let key = StepTiming.Key(interaction: 0, step: 0)
        recorder.frame(vsync: .at(0), started: .at(1), ended: .at(20), coalesced: 1)
        recorder.handlerStarted(id, interaction: 0, arrival: .at(0), at: .at(400))
        recorder.hopAsked(id, to: .mainActor, at: .at(1))
        recorder.mainActorHop(id, requested: .at(1), started: .at(2))
        recorder.hopAsked(id, to: .pool, at: .at(1))
        recorder.poolHop(id, requested: .at(1), started: .at(2))
        recorder.hopAsked(id, to: .subsystem(0), at: .at(1))
        recorder.subsystemHop(id, "store", requested: .at(1), started: .at(2))
        recorder.mainActorJob(RunRecorder.Span(start: .at(0), end: .at(260)), stepNanoseconds: 1000, of: 0)
        recorder.stepRan(key, kind: .compute, from: .at(0), to: Instant(nanoseconds: 1000), onMain: false)
        recorder.stepRan(key, kind: .ui, from: .at(0), to: Instant(nanoseconds: 1000), onMain: true)
        recorder.interactionFinished(id, arrival: .at(0), at: .at(500), mainActorEntries: 2)
        _ = recorder.inFlight
    }

    static func prepared() -> RunRecorder {
        let recorder = RunRecorder(refreshHz: 60)
        recorder.prepare(
            stepKeys: [StepTiming.Key(interaction: 0, step: 0)],
            subsystems: ["store"],
            deliveries: 100,
            arrivalsStart: .at(0),
            arrivalsEnd: .at(10_000),
            causeLabels: ["frame work", "job overhead", "ui: render"]  // the frame above hitches: attributed
        )
        return recorder
    }

    @Test func recordingAllocatesNothing() throws {
        try #require(AllocationCounter() != nil)
        let warmUp = Self.prepared()
        let measured = Self.prepared()
        let allocated = Mutex<UInt64?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            Self.recordEverything(into: warmUp, id: 0)
            Self.recordEverything(into: warmUp, id: 1)
            let before = AllocationCounter.thisThread.allocations  // reading it allocates nothing
            for id in 0..<50 { Self.recordEverything(into: measured, id: id) }
            let after = AllocationCounter.thisThread.allocations
            allocated.withLock { $0 = after - before }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(allocated.withLock { $0 } == 0, "allocations the recording thread made")
    }
}

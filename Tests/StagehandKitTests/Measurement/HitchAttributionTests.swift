import Testing

@testable import StagehandKit

/// Hitch time by cause, on constructed frame and step timelines: each hitch shared out over what held main between
/// its vsync and its end.
@Suite struct HitchAttributionTests {
    static let decode = HitchAttribution.firstStep
    static let fetch = HitchAttribution.firstStep + 1

    @Test func aHitchIsSharedOutByHowLongEachCauseHeldMain() {
        var attribution = HitchAttribution(causes: 4)
        attribution.held(Self.decode, from: .at(95), to: .at(140))  // started before the vsync: 40 ms count
        attribution.held(HitchAttribution.frameWork, from: .at(140), to: .at(142))
        let top = attribution.attribute(vsync: .at(100), end: .at(142), hitchNs: 33_333_333)
        #expect(top.cause == Self.decode)
        #expect(abs(top.share - 40.0 / 42) < 1e-9)
        #expect(abs(attribution.hitchNs[Self.decode] - 33_333_333 * 40.0 / 42) < 1)
        #expect(abs(attribution.hitchNs[HitchAttribution.frameWork] - 33_333_333 * 2.0 / 42) < 1)
        #expect(attribution.hitchNs[HitchAttribution.jobOverhead] == 0)
        #expect(attribution.hitchNs[Self.fetch] == 0)
    }

    @Test func timeNoRecordedStretchCoversIsJobOverhead() {
        var attribution = HitchAttribution(causes: 3)
        attribution.held(Self.decode, from: .at(0), to: .at(10))
        // 10…30: main held by a task's resumption, not by a step.
        attribution.held(HitchAttribution.frameWork, from: .at(30), to: .at(40))
        attribution.attribute(vsync: .at(0), end: .at(40), hitchNs: 40_000_000)
        #expect(abs(attribution.hitchNs[Self.decode] - 10_000_000) < 1)
        #expect(abs(attribution.hitchNs[HitchAttribution.jobOverhead] - 20_000_000) < 1)
        #expect(abs(attribution.hitchNs[HitchAttribution.frameWork] - 10_000_000) < 1)
    }

    @Test func stretchesBeforeTheVsyncAreNotBlamed() {
        var attribution = HitchAttribution(causes: 4)
        attribution.held(Self.fetch, from: .at(0), to: .at(100))  // over before the late frame's vsync
        attribution.held(Self.decode, from: .at(100), to: .at(130))
        attribution.held(HitchAttribution.frameWork, from: .at(130), to: .at(131))
        attribution.attribute(vsync: .at(100), end: .at(131), hitchNs: 16_666_667)
        #expect(attribution.hitchNs[Self.fetch] == 0)
        #expect(attribution.hitchNs[Self.decode] > 15_000_000)
    }

    @Test func aFullRingAttributesWhatItNoLongerHoldsToJobOverhead() {
        var attribution = HitchAttribution(causes: 3, capacity: 2)
        attribution.held(Self.decode, from: .at(0), to: .at(10))  // overwritten
        attribution.held(Self.decode, from: .at(10), to: .at(20))
        attribution.held(HitchAttribution.frameWork, from: .at(20), to: .at(30))
        attribution.attribute(vsync: .at(0), end: .at(30), hitchNs: 30_000_000)
        #expect(abs(attribution.hitchNs[Self.decode] - 10_000_000) < 1)
        #expect(abs(attribution.hitchNs[HitchAttribution.jobOverhead] - 10_000_000) < 1)
    }

    @Test func causesAreNamedByKindAndLabelAndByInteractionOnlyWhenAmbiguous() {
        let workload = Workload(
            name: "w",
            interactions: [
                Interaction(name: "open", ratePerSecond: 1, steps: [Step(.compute, "decode", .milliseconds(1))]),
                Interaction(
                    name: "save",
                    ratePerSecond: 1,
                    steps: [Step(.ui, "render", .milliseconds(1)), Step(.compute, "decode", .milliseconds(1))]
                ),
            ]
        )
        let names = HitchCauseNames(workload)
        #expect(
            names.labels == [
                "frame work", "job overhead", "compute: decode (open)", "ui: render", "compute: decode (save)",
            ]
        )
        // The attribution numbers its causes as the table orders them, and each label reads back as its cause.
        #expect(names.causes[HitchAttribution.frameWork] == .frameWork)
        #expect(names.causes[HitchAttribution.jobOverhead] == .jobOverhead)
        #expect(names.causes[HitchAttribution.firstStep] == .step(StepTiming.Key(interaction: 0, step: 0)))
        for (cause, label) in zip(names.causes, names.labels) { #expect(names.cause(labelled: label) == cause) }
        #expect(names.step(labelled: "compute: decode (save)") == StepTiming.Key(interaction: 1, step: 1))
        #expect(names.step(labelled: "frame work") == nil)
        #expect(names.cause(labelled: "compute: decode") == nil, "a label this workload does not have")
    }

    /// A recorder prepared for a workload of one interaction whose one step is `compute: label`, its arrivals stopping
    /// at `arrivalsEnd`.
    static func recorder(ofOneStep label: String, ms: Double, arrivalsEnd: Instant) -> RunRecorder {
        let workload = Workload(
            name: "w",
            interactions: [Interaction(name: "i", ratePerSecond: 1, steps: [Step(.compute, label, .milliseconds(ms))])]
        )
        let recorder = RunRecorder(refreshHz: 60)
        recorder.prepare(
            stepKeys: [StepTiming.Key(interaction: 0, step: 0)],
            subsystems: [],
            deliveries: 4,
            arrivalsStart: .at(0),
            arrivalsEnd: arrivalsEnd,
            causeLabels: HitchCauseNames(workload).labels
        )
        return recorder
    }

    /// The one step of ``recorder(ofOneStep:ms:arrivalsEnd:)`` ran on main from `start` to `end`.
    static func stepRanOnMain(_ recorder: RunRecorder, from start: Instant, to end: Instant) {
        recorder.stepRan(StepTiming.Key(interaction: 0, step: 0), kind: .compute, from: start, to: end, onMain: true)
    }

    /// Through the recorder: a 200 ms decode on main delays the next frame; the causes add up to the ratio.
    @Test func theRecorderAttributesHitchTimeToTheStepOnMain() {
        let recorder = Self.recorder(ofOneStep: "decode", ms: 200, arrivalsEnd: .at(10_000))
        recorder.frame(vsync: .at(0), started: .at(0.2), ended: .at(2.2), coalesced: 0)
        Self.stepRanOnMain(recorder, from: .at(5), to: .at(205))
        recorder.frame(vsync: .at(16.667), started: .at(205.1), ended: .at(207.1), coalesced: 11)
        let metrics = recorder.metrics(arrivalSeconds: 1, runSeconds: 1)
        let decode = metrics.hitchTimeByCause["compute: decode"] ?? 0
        let total = metrics.hitchTimeByCause.values.reduce(0, +)
        #expect(abs(total - metrics.hitchTimeRatioMsPerS) < 1e-6)
        #expect(decode / total > 0.95)
        #expect(metrics.hitchTimeByCause["frame work"] ?? 0 > 0)
    }

    /// After the arrival window only the steps' shares count: the frame's own work is no late arrival's.
    @Test func afterTheWindowOnlyTheStepsSharesAreCounted() {
        var attribution = HitchAttribution(causes: 4)
        attribution.held(Self.decode, from: .at(95), to: .at(130))  // 30 ms after the vsync
        // 130…140: a task's resumption (job overhead); 140…150: the frame's work.
        attribution.held(HitchAttribution.frameWork, from: .at(140), to: .at(150))
        let attributed = attribution.attribute(vsync: .at(100), end: .at(150), hitchNs: 50_000_000, stepsOnly: true)
        #expect(abs(attributed.countedNs - 30_000_000) < 1)
        #expect(abs(attribution.hitchNs[Self.decode] - 30_000_000) < 1)
        #expect(attribution.hitchNs[HitchAttribution.frameWork] == 0)
        #expect(attribution.hitchNs[HitchAttribution.jobOverhead] == 0)
        #expect(attributed.cause == Self.decode)
    }

    /// Through the recorder: a decode that runs on main after the arrivals stopped (its arrival waited on io across the
    /// window's end) still counts towards the ratio, per second of the window; a hitch that only the frame's own work
    /// made after the window does not.
    @Test func aLateDecodeAfterTheWindowCountsAndFrameWorkAfterItDoesNot() {
        let recorder = Self.recorder(ofOneStep: "parse", ms: 180, arrivalsEnd: .at(1000))
        // 1.8 s after the window opened: a 180 ms parse on main, then the frame it held up.
        Self.stepRanOnMain(recorder, from: .at(1800), to: .at(1980))
        recorder.frame(vsync: .at(1800.01), started: .at(1980.1), ended: .at(1982.1), coalesced: 10)
        // Later, a frame late by its own work alone (the machine was busy): not an arrival's.
        recorder.frame(vsync: .at(2500), started: .at(2500.2), ended: .at(2520), coalesced: 0)
        let metrics = recorder.metrics(arrivalSeconds: 1, runSeconds: 2.6)
        let parse = metrics.hitchTimeByCause["compute: parse"] ?? 0
        // ms over a 1 s window: the frame overran by 165.4 ms, so 10 intervals (166.7 ms), 98.8% of them the parse's.
        #expect(parse > 160 && parse < 167, "\(parse)")
        #expect(metrics.hitchTimeByCause["frame work"] == nil)
        #expect(abs(metrics.hitchTimeRatioMsPerS - metrics.hitchTimeByCause.values.reduce(0, +)) < 1e-3)
        #expect(metrics.hitches == 2)  // both hitched; only the parse's share counts
    }

    /// A stage's causes are pooled over its runs as its ratio is, so they still add up to it.
    @Test func aStagesCausesAddUpToItsPooledRatio() {
        var first = StageMetrics()
        first.arrivalSeconds = 3
        first.hitchTimeRatioMsPerS = 30
        first.hitchTimeByCause = ["compute: decode": 27, "frame work": 3]
        var second = StageMetrics()
        second.arrivalSeconds = 1
        second.hitchTimeRatioMsPerS = 10
        second.hitchTimeByCause = ["io: fetch": 10]
        let result = StageResult(
            stage: .async,
            repetitions: [
                RepetitionResult(repetition: 1, status: .ok, seed: 1, metrics: first),
                RepetitionResult(repetition: 2, status: .ok, seed: 2, metrics: second),
            ]
        )
        let causes = result.metrics?.hitchTimeByCause ?? [:]
        #expect(abs((result.metrics?.hitchTimeRatioMsPerS ?? 0) - 25) < 1e-9)
        #expect(abs(causes.values.reduce(0, +) - 25) < 1e-9)
        #expect(abs((causes["compute: decode"] ?? 0) - 20.25) < 1e-9)
    }
}

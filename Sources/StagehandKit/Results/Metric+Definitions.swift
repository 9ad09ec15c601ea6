/// The catalogue's table: each metric's definition (``Metric``), a case each, in the order of ``Metric/ID``. What a
/// figure is lives here, once; how the report shows it is `Report/Metric+Display`.
extension Metric {
    /// The definition of `id`: a case each, so that a new ``ID`` without one does not compile.
    static func definition(_ id: ID) -> Metric {
        switch id {
        case .hitchTimeRatio:
            Metric(
                id: .hitchTimeRatio,
                key: "hitchTimeRatioMsPerS",
                name: "hitch-time ratio",
                unit: .millisecondsPerSecond,
                better: .lower,
                floor: 1,
                bands: hitchBands,
                aggregate: .pooled,
                read: { $0.hitchTimeRatioMsPerS }
            )
        case .hitches:
            Metric(
                id: .hitches,
                key: "hitches",
                name: "hitches",
                unit: .count,
                better: nil,  // more frames drawn means more chances to hitch: the ratio above judges it
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { Double($0.hitches) }
            )
        case .droppedFrames:
            Metric(
                id: .droppedFrames,
                key: "droppedFrames",
                name: "dropped frames",
                unit: .count,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { Double($0.droppedFrames) }
            )
        case .hangs:
            Metric(
                id: .hangs,
                key: "hangs",
                name: "hangs ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms",
                unit: .count,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .total,
                read: { Double($0.hangs) }
            )
        case .mainLoopLatency:
            Metric(
                id: .mainLoopLatency,
                key: "mainLoopLatencyMs.p99",
                name: "main-loop latency p99",
                unit: .milliseconds,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .pooled,
                read: { $0.mainLoopLatencyMs.p99 }
            )
        case .inputLatency:
            Metric(
                id: .inputLatency,
                key: "inputLatencyMs.p99",
                name: "input latency p99",
                unit: .milliseconds,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .pooled,
                read: { $0.inputLatencyMs.p99 }
            )
        case .interactionLatency:
            Metric(
                id: .interactionLatency,
                key: "interactionLatencyMs.p99",
                name: "interaction latency p99",
                unit: .milliseconds,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .pooled,
                read: { $0.interactionLatencyMs.p99 }
            )
        case .throughput:
            Metric(
                id: .throughput,
                key: "throughputPerS",
                name: "throughput",
                unit: .perSecond,
                better: .higher,
                floor: 0.1,
                bands: nil,
                aggregate: .median,
                read: { $0.throughputPerS }
            )
        case .unfinished:
            Metric(
                id: .unfinished,
                key: "interactionsUnfinished",
                name: "unfinished interactions",
                unit: .count,
                better: nil,  // counts of different arrivals: the throughput row judges it
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { Double($0.interactionsUnfinished) }
            )
        case .mainActorHops:
            Metric(
                id: .mainActorHops,
                key: "mainActorHopsPerInteraction",
                name: "main-actor hops per interaction",
                unit: .count,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { $0.mainActorHopsPerInteraction }
            )
        case .mainActorHopWait:
            Metric(
                id: .mainActorHopWait,
                key: "hopWaitMs.p99",
                name: "main-actor hop wait p99",
                unit: .milliseconds,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .pooled,
                read: { $0.hopWaitMs.p99 }
            )
        case .subsystemHopWait:
            Metric(
                id: .subsystemHopWait,
                key: "subsystemHopWaitMs",
                name: "subsystem actor hop wait p99",
                unit: .milliseconds,
                better: nil,  // one value per subsystem: shown, not scored
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { $0.subsystemHopWaitMs.values.map(\.p99).max() ?? 0 }
            )
        case .mainActorEntriesPerFrame:
            Metric(
                id: .mainActorEntriesPerFrame,
                key: "mainActorEntriesPerFrame",
                name: "main-actor entries per frame",
                unit: .count,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { $0.mainActorEntriesPerFrame }
            )
        case .mainActorJobs:
            Metric(
                id: .mainActorJobs,
                key: "mainActorJobs.overFrame",
                name: "main-actor jobs longer than a frame",
                unit: .count,
                better: nil,  // shown for where main's time went; the blocking time below judges it
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { Double($0.mainActorJobs.overFrame) }
            )
        case .mainActorBlocking:
            Metric(
                id: .mainActorBlocking,
                key: "mainActorBlockingMsPerS",
                name: "main-actor blocking time",
                unit: .millisecondsPerSecond,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .pooled,
                read: { $0.mainActorBlockingMsPerS }
            )
        case .mainThreadUtilization:
            Metric(
                id: .mainThreadUtilization,
                key: "mainThreadUtilization",
                name: "main-thread utilisation",
                unit: .percent,
                better: .lower,
                floor: 2,
                bands: nil,
                aggregate: .median,
                read: { $0.mainThreadUtilization }
            )
        case .poolHopWait:
            Metric(
                id: .poolHopWait,
                key: "poolHopWaitMs.p99",
                name: "`@concurrent` start wait p99",
                unit: .milliseconds,
                better: nil,  // no wait where nothing is offloaded: not better, only different
                floor: 1,
                bands: nil,
                aggregate: .pooled,
                read: { $0.poolHopWaitMs.p99 }
            )
        case .poolUtilization:
            Metric(
                id: .poolUtilization,
                key: "poolUtilization",
                name: "cooperative pool utilisation",
                unit: .percent,
                better: nil,
                floor: 2,
                bands: nil,
                aggregate: .median,
                read: { $0.poolUtilization }
            )
        case .allocations:
            Metric(
                id: .allocations,
                key: "allocationsPerInteraction",
                name: "allocations per interaction",
                unit: .count,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { $0.allocationsPerInteraction }
            )
        case .allocatedBytes:
            Metric(
                id: .allocatedBytes,
                key: "allocatedBytesPerInteraction",
                name: "allocated KiB per interaction",
                unit: .kibibytes,
                better: .lower,
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { $0.allocatedBytesPerInteraction }
            )
        case .peakResident:
            Metric(
                id: .peakResident,
                key: "peakProcessResidentBytes",
                name: "peak resident memory",
                unit: .mebibytes,
                better: nil,  // the whole process, harness included
                floor: 1,
                bands: nil,
                aggregate: .median,
                read: { $0.peakProcessResidentBytes }
            )
        }
    }
}

import Foundation

/// A profile's Chrome trace, gathered as its measured runs finish: each run's recording goes into one
/// ``ChromeTrace``, put in place by ``finish(progress:)`` once all have run.
///
/// A trace that cannot be written is reported through `progress` and dropped; it never costs the profile its results.
struct TraceCollection {
    /// Where the trace goes, or `nil` when none was asked for.
    let destination: URL?
    /// Where the children write their recordings.
    private let scratch: URL
    /// The trace being written: `nil` when none was asked for or once it could not be written.
    private var trace: ChromeTrace?

    /// Starts the trace of `workload`'s profile, when `destination` asks for one, reporting one that cannot start.
    init(destination: URL?, workload: String, scratch: URL, progress: (Profiler.Progress) -> Void) {
        self.destination = destination
        self.scratch = scratch
        guard let destination else { return }
        do {
            trace = try ChromeTrace(destination: destination, workload: workload, origin: .now)
        } catch {
            progress(.traceNotWritten("\(destination.path): \(error.localizedDescription)"))
        }
    }

    /// Where the child of one stage run writes its recording, or `nil` when no trace was asked for.
    ///
    /// Every run records while a trace was asked for, even once the trace is dropped, so that all runs of a profile
    /// are measured with the same probes.
    func recordingFile(of stage: Stage, repetition: Int) -> URL? {
        destination.map { _ in scratch.appending(path: "\(stage.rawValue)-\(repetition).trace.tsv") }
    }

    /// Adds the recording of one finished run of `stage`, when it was measured.
    ///
    /// A recording that cannot be read is noted in the trace as missing: the run was measured all the same.
    mutating func add(
        _ result: RepetitionResult,
        of stage: Stage,
        repetition: Int,
        progress: (Profiler.Progress) -> Void
    ) {
        guard let trace, result.status == .ok, let file = recordingFile(of: stage, repetition: repetition) else {
            return
        }
        guard let recording = try? TraceLog.Recording(contentsOf: file) else {
            trace.missed(stage: stage, repetition: repetition)
            return
        }
        do {
            try trace.add(ChromeTrace.Run(stage: stage, repetition: repetition, recording: recording))
        } catch {
            trace.discard()
            self.trace = nil
            progress(.traceNotWritten(error.localizedDescription))
        }
    }

    /// Puts the trace in place, reporting one that cannot be.
    func finish(progress: (Profiler.Progress) -> Void) {
        do {
            try trace?.finish()
        } catch {
            progress(.traceNotWritten("\(destination?.path ?? ""): \(error.localizedDescription)"))
        }
    }

    /// Leaves nothing of an unfinished trace behind, for a profile that stops early; a no-op once finished.
    func discard() {
        trace?.discard()
    }
}

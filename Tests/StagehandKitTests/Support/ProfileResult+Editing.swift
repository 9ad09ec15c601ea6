import Testing

@testable import StagehandKit

extension ProfileResult {
    /// Changes every ordinary run of `stage` with `edit` and derives the stage's figures from its runs again, as a
    /// profile whose runs had measured that would have them.
    mutating func editRuns(of stage: Stage, _ edit: (inout RepetitionResult) throws -> Void) throws {
        let index = try #require(stages.firstIndex { $0.stage == stage })
        stages[index] = try stages[index].editingRuns(workload: spec, edit)
    }

    /// Every stage's figures derived from its runs again, as ``editRuns(of:_:)`` derives an edited stage's: for a
    /// result read from a file, whose latencies were pooled from histograms that the file does not keep, so that it
    /// compares with an edited copy on equal terms.
    var rederived: ProfileResult {
        var result = self
        result.stages = stages.map { $0.replacingRuns(workload: spec) }
        return result
    }
}

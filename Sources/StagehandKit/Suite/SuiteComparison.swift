import Foundation

/// Two suites side by side (`compare BASE NEW` on two suite directories or `suite.json` files): each workload compared
/// as `compare` compares one, its advised stage's move flagged, and the workloads only one suite has listed.
///
/// A workload's outcome is its metrics' (``Comparison``), as for one workload: an advised stage that moved is flagged
/// beside it, never counted on its own, since a verdict can move on noise that the metrics' comparison allows for.
package struct SuiteComparison: Sendable {
    /// How one workload's advised stage moved between the suites.
    package enum VerdictMove: String, Sendable, Codable {
        /// A more concurrent stage is needed to meet the budget than before: worse.
        case moreConcurrency = "more-concurrency"
        /// A less concurrent stage is enough: better.
        case lessConcurrency = "less-concurrency"
        /// Some stage met the budget before and none does now: worse.
        case stopsMeeting = "stops-meeting"
        /// No stage met the budget before and one does now: better.
        case startsMeeting = "starts-meeting"

        /// Whether the move is for the worse.
        package var isWorse: Bool { self == .moreConcurrency || self == .stopsMeeting }

        /// The move from verdict `before` to `after` (each a stage name or `none`), or `nil` when it did not move.
        package init?(before: String, after: String) {
            guard before != after else { return nil }
            switch (Stage(rawValue: before), Stage(rawValue: after)) {
            case (let old?, let new?): self = new > old ? .moreConcurrency : .lessConcurrency
            case (.some, nil): self = .stopsMeeting
            case (nil, .some): self = .startsMeeting
            case (nil, nil): return nil
            }
        }
    }

    /// One workload in both suites.
    package struct Row: Sendable {
        package var workload: String
        package var outcome: Comparison.Outcome
        /// The comparison, when the workload was profiled in both suites.
        package var comparison: Comparison?
        /// Why it could not be profiled, in each suite where it could not.
        package var failedBefore: String?
        package var failedAfter: String?
        /// Each suite's verdict, when it was profiled there.
        package var verdictBefore: String?
        package var verdictAfter: String?

        package var verdictMove: VerdictMove? {
            guard let verdictBefore, let verdictAfter else { return nil }
            return VerdictMove(before: verdictBefore, after: verdictAfter)
        }
    }

    package var before: SuiteResult
    package var after: SuiteResult
    package var thresholdPercent: Double
    /// The workloads of both suites, in the new suite's order.
    package private(set) var rows: [Row] = []
    /// Workloads only the new suite has, and only the base has: listed, never a failure.
    package private(set) var added: [String] = []
    package private(set) var removed: [String] = []

    /// Compares the suite at `after` against the one at `before`, each a directory holding `suite.json` or the file.
    ///
    /// - Throws: ``ResultFileError`` when a suite, or a result one of its rows names, cannot be read.
    package init(before: URL, after: URL, thresholdPercent: Double = 10) throws(ResultFileError) {
        self.before = try SuiteResult.read(before)
        self.after = try SuiteResult.read(after)
        self.thresholdPercent = thresholdPercent
        let baseDirectory = SuiteResult.directory(of: before)
        let newDirectory = SuiteResult.directory(of: after)
        let base = Dictionary(self.before.workloads.map { ($0.workload, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(self.after.workloads.map(\.workload))
        added = self.after.workloads.map(\.workload).filter { base[$0] == nil }
        removed = self.before.workloads.map(\.workload).filter { !names.contains($0) }
        for new in self.after.workloads {
            guard let old = base[new.workload] else { continue }
            var row = Row(
                workload: new.workload,
                outcome: .unchanged,
                failedBefore: old.status == .failed ? old.error ?? "no result" : nil,
                failedAfter: new.status == .failed ? new.error ?? "no result" : nil,
                verdictBefore: old.verdict,
                verdictAfter: new.verdict
            )
            switch (old.result, new.result, row.failedBefore, row.failedAfter) {
            case (let oldFile?, let newFile?, nil, nil):
                let comparison = try Comparison(
                    before: try ProfileResult.read(baseDirectory.appending(path: oldFile)),
                    after: try ProfileResult.read(newDirectory.appending(path: newFile)),
                    thresholdPercent: thresholdPercent
                )
                row.comparison = comparison
                row.outcome = comparison.outcome
            case (_, _, nil, .some): row.outcome = .regressed  // profiled before, not now
            case (_, _, .some, nil): row.outcome = .improved  // profiled now, not before
            default: row.outcome = .unchanged  // failed in both: listed with its errors
            }
            rows.append(row)
        }
    }

    /// The worst over the workloads: regressed if any regressed, else improved if any improved, else unchanged.
    package var outcome: Comparison.Outcome {
        let outcomes = rows.map(\.outcome)
        if outcomes.contains(.regressed) { return .regressed }
        return outcomes.contains(.improved) ? .improved : .unchanged
    }
}

import Foundation

/// What the engine reads of `stagehand-scan --plan DIR`'s output: the workload target's directory, the library
/// targets its workloads import, the files the user edited, and every candidate (each one written or why not).
package struct PlanScan: Decodable, Sendable, Equatable {
    /// Relative to the package.
    package var path: String
    package var modules: [String]
    package var leftAlone: [String]
    package var candidates: [PlanResult.Candidate]

    /// The candidates written, each a workload to build and profile.
    package var written: [PlanResult.Candidate] { candidates.filter { $0.notMeasured == nil && $0.source != nil } }

    /// Reads the scanner's output.
    ///
    /// - Throws: ``ResultFileError`` naming `origin` when it is not the scanner's plan.
    package init(json data: Data, origin: String) throws(ResultFileError) {
        do {
            self = try JSONDecoder().decode(PlanScan.self, from: data)
        } catch {
            throw ResultFileError(file: origin, problem: "not the plan of stagehand-scan --plan: \(error)")
        }
    }
}

@testable import StagehandKit

extension RunRecorder {
    /// The metrics of a constructed run that took arrivals for `arrivalSeconds` and ran `runSeconds`, allocations not
    /// counted.
    func metrics(arrivalSeconds: Double, runSeconds: Double) -> StageMetrics {
        measurements(arrivalSeconds: arrivalSeconds, runSeconds: runSeconds, allocationsStart: nil, allocationsEnd: nil)
            .metrics
    }
}

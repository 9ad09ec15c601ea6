@testable import StagehandKit

extension RunRecorder {
    /// What each interaction did to main so far (``RunMeasurements/interactions``), `undelivered` of each due and
    /// never delivered.
    func interactionSamples(undelivered: [Int]) -> [InteractionSample] {
        measurements(runSeconds: 1, allocationsStart: nil, allocationsEnd: nil, undelivered: undelivered).interactions
    }
}

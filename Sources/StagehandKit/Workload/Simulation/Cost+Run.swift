import Foundation

extension Cost {
    /// Does the step's CPU work on the current thread: calibrated milliseconds, or the named kernel.
    ///
    /// `io` steps never call this; their cost is a wait, which the stage decides how to spend. Nor do code steps:
    /// they run the user's own body.
    func perform(with work: CalibratedWork) {
        switch self {
        case .milliseconds(let ms): blackHole(work.run(ms: ms))
        case .kernel(let kernel, let size): blackHole(kernel.run(size: size))
        case .testKernel(let kernel, let size): blackHole(kernel.run(size: size))
        case .code: preconditionFailure("a code step runs the user's body (StepBody), never a cost")
        }
    }
}

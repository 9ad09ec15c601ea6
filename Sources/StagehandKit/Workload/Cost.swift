/// What a step costs.
package enum Cost: Sendable, Codable, Equatable {
    /// CPU work (or, for `io`, a wait) of this many milliseconds on this machine.
    case milliseconds(Double)
    /// A real kernel whose cost comes from its input size.
    case kernel(Kernel, size: Int)
    /// A kernel that tests Stagehand itself.
    case testKernel(TestKernel, size: Int)
    /// The user's own code (a workload declared in Swift: ``CodeWorkload``), whose cost is what it takes when it runs.
    /// `meanMs` is its measured mean in a profile's result (see ``ProfileResult``), `nil` before it has run.
    case code(meanMs: Double?)

    /// A kernel's input size and the largest its kernel takes, for either sort of kernel; `nil` for any other cost.
    var kernelInput: (size: Int, maximumSize: Int)? {
        switch self {
        case .kernel(let kernel, let size): (size, kernel.maximumSize)
        case .testKernel(let kernel, let size): (size, kernel.maximumSize)
        case .milliseconds, .code: nil
        }
    }

    /// Whether this is the user's own code rather than a simulated cost.
    var isCode: Bool {
        if case .code = self { return true }
        return false
    }
}

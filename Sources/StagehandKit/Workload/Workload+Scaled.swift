import Foundation

extension Workload {
    /// This workload with every scalable step cost multiplied by `multiplier` (``Cost/scaled(by:)``): what the
    /// headroom search runs. Frame work is the frame's, not a step's, and stays as it is.
    func scaled(by multiplier: Double) -> Workload {
        var scaled = self
        for interaction in scaled.interactions.indices {
            for step in scaled.interactions[interaction].steps.indices {
                scaled.interactions[interaction].steps[step].cost =
                    scaled.interactions[interaction].steps[step].cost.scaled(by: multiplier)
            }
        }
        return scaled
    }

    /// Steps whose cost cannot scale (test kernels, the user's own code), as `kind: label`: the headroom search leaves them as they are.
    var fixedCostSteps: [String] {
        interactions.flatMap(\.steps).filter { !$0.cost.scales }.map { "\($0.kind.rawValue): \($0.label)" }
    }
}

extension Cost {
    /// Whether the headroom search can multiply this cost: every one but a test kernel's and the user's own code,
    /// which does what it does.
    var scales: Bool {
        switch self {
        case .milliseconds: true
        case .kernel: true
        case .testKernel, .code: false
        }
    }

    /// This cost with its work multiplied by `multiplier`: milliseconds directly (an `io` step's wait too); a kernel's
    /// size so that its work, by the kernel's complexity, grows by the multiplier (within its size limits). Kernels
    /// for testing Stagehand itself do not scale.
    func scaled(by multiplier: Double) -> Cost {
        switch self {
        case .milliseconds(let ms): .milliseconds(ms * multiplier)
        case .kernel(let kernel, let size): .kernel(kernel, size: kernel.size(scaling: size, by: multiplier))
        case .testKernel, .code: self
        }
    }
}

extension Kernel {
    /// The input size whose work is `multiplier` times that of `size`, by the kernel's complexity: an image's side
    /// grows by √multiplier (work ∝ pixels), a sort's element count n solves n·log n = multiplier · size·log size.
    func size(scaling size: Int, by multiplier: Double) -> Int {
        let scaled: Double
        switch self {
        case .boxBlur, .kMeans:
            scaled = Double(size) * multiplier.squareRoot()
        case .sort:
            let n = Double(max(size, 2))
            let work = multiplier * n * log2(n)
            var estimate = max(work / log2(n), 2)
            for _ in 0..<20 { estimate = max(work / log2(max(estimate, 2)), 2) }  // converges in a few rounds
            scaled = estimate
        }
        return min(max(Int(scaled.rounded()), 1), maximumSize)
    }
}

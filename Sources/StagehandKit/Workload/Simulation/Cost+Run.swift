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
        case .code: preconditionFailure("a code step runs the user's body (StepBody), never a cost")
        }
    }
}

extension Kernel {
    /// Runs the kernel once on an input of `size`; returns a checksum.
    @discardableResult
    public func run(size: Int) -> UInt64 {
        switch self {
        case .boxBlur: BoxBlur.run(size: size)
        case .kMeans: KMeansQuantizer.run(size: size)
        case .sort: SortKernel.run(size: size)
        case .testTrap: fatalError("kernel test-trap: this workload crashes on purpose")
        case .testFlood: Self.flood(kibibytes: size)
        case .testAlloc: Self.allocate(count: size)
        }
    }

    /// Exactly `count` calls to the allocator: raw allocations, which the optimiser can neither remove nor promote to
    /// the stack as it may a class instance that does not escape.
    private static func allocate(count: Int) -> UInt64 {
        var checksum: UInt64 = 0
        for index in 0..<count {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
            block.storeBytes(of: UInt64(index), as: UInt64.self)
            checksum &+= block.load(as: UInt64.self)
            block.deallocate()
        }
        return checksum
    }

    private static func flood(kibibytes: Int) -> UInt64 {
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1023) + Data("\n".utf8)
        for _ in 0..<kibibytes { FileHandle.standardOutput.write(chunk) }
        return UInt64(kibibytes)
    }
}

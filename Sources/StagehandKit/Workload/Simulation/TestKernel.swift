import Foundation

/// The kernels that test Stagehand itself: a workload that crashes, floods its output or allocates a known number of
/// times. A spec names them as it names the others (`kernel: test-alloc`); the Swift workload API offers only the real
/// ones (``Kernel``).
package enum TestKernel: String, Sendable, Codable, CaseIterable {
    /// Traps, as a crashing workload would.
    case trap = "test-trap"
    /// Writes `size` KiB to standard output, as a chatty workload would.
    case flood = "test-flood"
    /// Makes exactly `size` heap allocations (and frees them), so allocation counts can be checked against a known
    /// answer.
    case alloc = "test-alloc"

    /// The largest `size` accepted for this kernel.
    var maximumSize: Int {
        switch self {
        case .trap: 1
        case .flood: 1_048_576
        case .alloc: 1_000_000
        }
    }

    /// Runs the kernel once on an input of `size`; returns a checksum.
    @discardableResult
    func run(size: Int) -> UInt64 {
        switch self {
        case .trap: fatalError("kernel test-trap: this workload crashes on purpose")
        case .flood: Self.flood(kibibytes: size)
        case .alloc: Self.allocate(count: size)
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

/// Sorting pseudo-random integers: a feed's ranking step.
enum SortKernel {
    /// Sorts `size` pseudo-random integers and returns a checksum.
    static func run(size: Int) -> UInt64 {
        var generator = SeededGenerator(seed: UInt64(size) &+ 17)
        var values = (0..<size).map { _ in generator.next() }
        values.sort()
        return values.isEmpty ? 0 : values[values.count / 2]
    }
}

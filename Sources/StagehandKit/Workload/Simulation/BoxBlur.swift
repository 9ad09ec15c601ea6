/// A separable 5×5 box blur over a square RGBA image, the filter step of an image pipeline.
enum BoxBlur {
    /// Blurs a `size`×`size` pseudo-random image and returns a checksum of the result.
    static func run(size: Int) -> UInt64 {
        let width = size
        let height = size
        let radius = 2
        var generator = SeededGenerator(seed: UInt64(size))
        var source = [UInt8](repeating: 0, count: width * height * 4)
        for index in source.indices { source[index] = UInt8(truncatingIfNeeded: generator.next()) }
        var horizontal = [UInt8](repeating: 0, count: source.count)
        var output = [UInt8](repeating: 0, count: source.count)
        let window = radius * 2 + 1
        // Horizontal pass, then vertical: each is a running sum per channel.
        for y in 0..<height {
            for channel in 0..<4 {
                var sum = 0
                for x in -radius...radius { sum += Int(source[pixel(clamp(x, width), y, width) + channel]) }
                for x in 0..<width {
                    horizontal[pixel(x, y, width) + channel] = UInt8(sum / window)
                    sum += Int(source[pixel(clamp(x + radius + 1, width), y, width) + channel])
                    sum -= Int(source[pixel(clamp(x - radius, width), y, width) + channel])
                }
            }
        }
        for x in 0..<width {
            for channel in 0..<4 {
                var sum = 0
                for y in -radius...radius { sum += Int(horizontal[pixel(x, clamp(y, height), width) + channel]) }
                for y in 0..<height {
                    output[pixel(x, y, width) + channel] = UInt8(sum / window)
                    sum += Int(horizontal[pixel(x, clamp(y + radius + 1, height), width) + channel])
                    sum -= Int(horizontal[pixel(x, clamp(y - radius, height), width) + channel])
                }
            }
        }
        var checksum: UInt64 = 0
        for value in output { checksum = checksum &* 31 &+ UInt64(value) }
        return checksum
    }

    private static func pixel(_ x: Int, _ y: Int, _ width: Int) -> Int { (y * width + x) * 4 }
    private static func clamp(_ value: Int, _ limit: Int) -> Int { min(max(value, 0), limit - 1) }
}

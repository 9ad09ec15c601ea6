/// k-means colour quantisation: the dominant colours of an image, as the WWDC25 SwiftUI talk's colour-scheme
/// extraction computes them.
enum KMeansQuantizer {
    static let clusters = 5
    static let iterations = 8

    /// Finds the five dominant colours of a `size`×`size` pseudo-random image; returns a checksum of the centres.
    static func run(size: Int) -> UInt64 {
        var generator = SeededGenerator(seed: UInt64(size) &* 7919)
        // A few colour blobs plus noise, so the clusters are real.
        let palette: [SIMD3<Float>] = (0..<clusters).map { _ in
            SIMD3(Float(generator.next() % 256), Float(generator.next() % 256), Float(generator.next() % 256))
        }
        var pixels: [SIMD3<Float>] = []
        pixels.reserveCapacity(size * size)
        for _ in 0..<(size * size) {
            let base = palette[Int(generator.next() % UInt64(clusters))]
            let noise = SIMD3(
                Float(generator.next() % 32),
                Float(generator.next() % 32),
                Float(generator.next() % 32)
            )
            pixels.append(base + noise)
        }
        var centres = Array(pixels.prefix(clusters))
        var assignment = [Int](repeating: 0, count: pixels.count)
        for _ in 0..<iterations {
            for (index, pixel) in pixels.enumerated() {
                var best = 0
                var bestDistance = Float.infinity
                for (cluster, centre) in centres.enumerated() {
                    let delta = pixel - centre
                    let distance = (delta * delta).sum()
                    if distance < bestDistance {
                        bestDistance = distance
                        best = cluster
                    }
                }
                assignment[index] = best
            }
            var sums = [SIMD3<Float>](repeating: .zero, count: clusters)
            var counts = [Float](repeating: 0, count: clusters)
            for (index, pixel) in pixels.enumerated() {
                sums[assignment[index]] += pixel
                counts[assignment[index]] += 1
            }
            for cluster in 0..<clusters where counts[cluster] > 0 {
                centres[cluster] = sums[cluster] / counts[cluster]
            }
        }
        return centres.reduce(0) { $0 &* 31 &+ UInt64($1.sum()) }
    }
}

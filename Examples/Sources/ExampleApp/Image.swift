import Foundation

/// An image in memory, 8-bit RGBA.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes a binary PPM (`P6`, maximum value 255) into RGBA, opaque.
    public init(ppm data: Data) throws {
        var fields: [String] = []
        var index = data.startIndex
        var field = ""
        while fields.count < 4, index < data.endIndex {  // magic, width, height, maximum value
            let byte = data[index]
            index += 1
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                if !field.isEmpty { fields.append(field) }
                field = ""
            } else {
                field.append(Character(UnicodeScalar(byte)))
            }
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
            fields[3] == "255", data.endIndex - index >= width * height * 3
        else { throw ImageError.notPPM }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        data.withUnsafeBytes { raw in
            let rgb = raw.bindMemory(to: UInt8.self).baseAddress! + (index - data.startIndex)
            pixels.withUnsafeMutableBufferPointer { rgba in
                for pixel in 0..<(width * height) {
                    rgba[pixel * 4] = rgb[pixel * 3]
                    rgba[pixel * 4 + 1] = rgb[pixel * 3 + 1]
                    rgba[pixel * 4 + 2] = rgb[pixel * 3 + 2]
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The image as a binary PPM.
    public var ppm: Data {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        data.reserveCapacity(data.count + width * height * 3)
        for pixel in 0..<(width * height) { data.append(contentsOf: pixels[(pixel * 4)..<(pixel * 4 + 3)]) }
        return data
    }

    /// A box blur of the given radius: each pixel the mean of the (2r + 1)² pixels around it, edges clamped.
    public func boxBlurred(radius: Int) -> RGBAImage {
        // Two passes (horizontal, then vertical) of running sums: the same result as the square mean.
        func pass(_ source: [UInt8], horizontal: Bool) -> [UInt8] {
            var output = [UInt8](repeating: 255, count: source.count)
            let lines = horizontal ? height : width
            let length = horizontal ? width : height
            let window = 2 * radius + 1
            source.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { output in
                    for line in 0..<lines {
                        func offset(_ position: Int) -> Int {
                            let clamped = min(max(position, 0), length - 1)
                            return (horizontal ? line * width + clamped : clamped * width + line) * 4
                        }
                        for channel in 0..<3 {
                            var sum = 0
                            for position in -radius...radius { sum += Int(source[offset(position) + channel]) }
                            for position in 0..<length {
                                output[offset(position) + channel] = UInt8(sum / window)
                                sum += Int(source[offset(position + radius + 1) + channel])
                                sum -= Int(source[offset(position - radius) + channel])
                            }
                        }
                    }
                }
            }
            return output
        }
        return RGBAImage(width: width, height: height, pixels: pass(pass(pixels, horizontal: true), horizontal: false))
    }

    /// A thumbnail `side` pixels wide (height to scale), each pixel the mean of the block it covers.
    public func thumbnail(side: Int) -> RGBAImage {
        let scale = max(width / side, 1)
        let thumbWidth = width / scale
        let thumbHeight = height / scale
        var pixels = [UInt8](repeating: 255, count: thumbWidth * thumbHeight * 4)
        for y in 0..<thumbHeight {
            for x in 0..<thumbWidth {
                for channel in 0..<3 {
                    var sum = 0
                    for dy in 0..<scale {
                        for dx in 0..<scale {
                            sum += Int(self.pixels[((y * scale + dy) * width + x * scale + dx) * 4 + channel])
                        }
                    }
                    pixels[(y * thumbWidth + x) * 4 + channel] = UInt8(sum / (scale * scale))
                }
            }
        }
        return RGBAImage(width: thumbWidth, height: thumbHeight, pixels: pixels)
    }

    /// A deterministic test picture: gradients with a pattern, so blurring has edges to soften.
    public static func testPicture(side: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let index = (y * side + x) * 4
                pixels[index] = UInt8(x * 255 / side)
                pixels[index + 1] = UInt8(y * 255 / side)
                pixels[index + 2] = ((x / 16 + y / 16) % 2 == 0) ? 220 : 30
            }
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }
}

public enum ImageError: Error {
    case notPPM
}

/// The photos on disk that the example opens.
public enum PhotoLibrary {
    /// A 1024×1024 photo, written to a temporary file on first use.
    public static let photo: URL = {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-example-photo-\(getpid()).ppm")
        do {
            try RGBAImage.testPicture(side: 1024).ppm.write(to: url)
        } catch {
            fatalError("could not write the example photo to \(url.path): \(error)")
        }
        return url
    }()

    /// Reads a photo's bytes from disk.
    public static func read(_ url: URL) async throws -> Data {
        try Data(contentsOf: url)
    }
}

/// Thumbnails already made, by photo: the image pipeline's shared state.
public struct ThumbnailCache: Sendable {
    private var thumbnails: [String: RGBAImage] = [:]
    private var order: [String] = []
    public let capacity: Int

    public init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// Stores `thumbnail` under `key`, evicting the oldest past capacity; returns it.
    public mutating func store(_ thumbnail: RGBAImage, for key: String) -> RGBAImage {
        if thumbnails.updateValue(thumbnail, forKey: key) == nil { order.append(key) }
        while order.count > capacity { thumbnails[order.removeFirst()] = nil }
        return thumbnail
    }

    public var count: Int { thumbnails.count }
}

/// What the photo screen shows: the app's main-actor view model.
@MainActor
public final class PhotoViewModel {
    public static let shared = PhotoViewModel()

    public private(set) var image: RGBAImage?
    public private(set) var thumbnail: RGBAImage?
    public private(set) var shown = 0

    public init() {}

    public func show(_ image: RGBAImage, thumbnail: RGBAImage) {
        self.image = image
        self.thumbnail = thumbnail
        shown += 1
    }
}

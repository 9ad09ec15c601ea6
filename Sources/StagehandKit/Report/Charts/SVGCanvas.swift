import Foundation

/// An SVG chart drawn element by element: the frame, white background and title every chart shares, coordinates
/// written to one decimal, and the elements the charts draw.
///
/// Charts read without colour (stages differ by dash pattern, hitches by shape), so the canvas has no palette of its
/// own; ``stageStyles`` is the one place a stage's look is chosen.
struct SVGCanvas {
    /// Each stage's line colour and dash pattern, in journey order.
    static let stageStyles: [(colour: String, dash: String)] = [
        ("#1f77b4", ""), ("#d62728", "9 4"), ("#2ca02c", "2 4"), ("#9467bd", "12 4 3 4"),
    ]

    private var elements: [String]

    /// Starts a `width` × `height` chart with `title` in bold at (`titleX`, `titleY`).
    init(width: Double, height: Double, title: String, titleX: Double, titleY: Double) {
        let (w, h) = (Int(width), Int(height))
        elements = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(w)" height="\##(h)" "##
                + ##"viewBox="0 0 \##(w) \##(h)" font-family="sans-serif" font-size="12">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="\##(Self.number(titleX))" y="\##(Self.number(titleY))" font-size="15" font-weight="bold">"##
                + "\(Self.escaped(title))</text>",
        ]
    }

    /// A coordinate or length as the charts write it: one decimal.
    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// `text` as XML character data: a headroom of "< ×0.031" or a workload's name must not end the element.
    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// A line from (`x1`, `y1`) to (`x2`, `y2`); `attributes` (each with a leading space) follow the stroke.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, attributes: String = "") {
        let n = Self.number
        elements.append(
            ##"<line x1="\##(n(x1))" y1="\##(n(y1))" x2="\##(n(x2))" y2="\##(n(y2))" stroke="\##(stroke)"\##(attributes)/>"##
        )
    }

    /// `content` at (`x`, `y`); `attributes` (each with a leading space), such as ` text-anchor="end"`, follow.
    mutating func text(_ content: String, x: Double, y: Double, attributes: String = "") {
        elements.append(
            ##"<text x="\##(Self.number(x))" y="\##(Self.number(y))"\##(attributes)>\##(Self.escaped(content))</text>"##
        )
    }

    /// A rectangle with its top left at (`x`, `y`); `attributes` (each with a leading space) follow.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, attributes: String) {
        let n = Self.number
        elements.append(
            ##"<rect x="\##(n(x))" y="\##(n(y))" width="\##(n(width))" height="\##(n(height))"\##(attributes)/>"##
        )
    }

    /// An element the helpers above do not draw (a polyline, a path, rotated text), written as given.
    mutating func append(_ element: String) {
        elements.append(element)
    }

    /// The finished document.
    func rendered() -> String {
        (elements + ["</svg>"]).joined(separator: "\n") + "\n"
    }
}

/// A logarithmic axis: values from `minimum` to `maximum` placed along `length` pixels from `start` (values outside
/// are clamped to the ends).
struct LogScale {
    var minimum: Double
    var maximum: Double
    var start: Double
    var length: Double

    /// The position of `value` along the axis, in pixels.
    func position(_ value: Double) -> Double {
        (log10(min(max(value, minimum), maximum)) - log10(minimum)) / (log10(maximum) - log10(minimum)) * length
            + start
    }

    /// The power of ten at or above `value`: where an axis that must show `value` ends.
    static func decadeAtOrAbove(_ value: Double) -> Double { pow(10, ceil(log10(value))) }
}

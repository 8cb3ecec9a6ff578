/// Where a page's coloured boxes and the black glyphs inside them are, read from a screenshot's
/// pixels (docs/DESIGN.md §32 (Capsize and metrics-exact web)): each box a run of rows whose
/// `boxColumns` are blue (`rgb(0, 0, 255)` on white), its glyphs the rows whose `inkColumns` hold
/// black. Edges are fractional: a partly covered row counts as much as it is covered, so a box
/// whose top is at 10.25 px reads 10.25, not 10.
public struct TrimmedBox: Sendable, CustomStringConvertible {
    public var boxTop: Double
    public var boxBottom: Double
    public var inkTop: Double
    public var inkBottom: Double

    public var description: String {
        "box \(boxTop)…\(boxBottom), ink \(inkTop)…\(inkBottom)"
    }

    /// Every box of `image`, top to bottom, with the ink of its glyphs (ink within `slack` rows of it
    /// counts), in CSS pixels of an image taken at `scale` device pixels each (columns in CSS pixels too).
    public static func measure(_ image: PNGImage, boxColumns: Range<Int>, inkColumns: Range<Int>, scale: Int = 1, slack: Int = 24)
        -> [TrimmedBox]
    {
        let boxColumns = (boxColumns.lowerBound * scale)..<(boxColumns.upperBound * scale)
        let inkColumns = (inkColumns.lowerBound * scale)..<(inkColumns.upperBound * scale)
        let css = { (device: Double) in device / Double(scale) }
        guard boxColumns.upperBound <= image.width, inkColumns.upperBound <= image.width else { return [] }
        // Blue covers white: red falls from 255 to 0. Black covers white or blue: the brightest channel falls.
        let box = (0..<image.height).map { y in boxColumns.map { 1 - Double(image.pixel(x: $0, y: y).r) / 255 }.max() ?? 0 }
        let ink = (0..<image.height).map { y in
            inkColumns.map { x in
                let pixel = image.pixel(x: x, y: y)
                return 1 - Double(max(pixel.r, pixel.g, pixel.b)) / 255
            }.max() ?? 0
        }
        var boxes: [TrimmedBox] = []
        var y = 0
        while y < image.height {
            guard box[y] > 0.02 else {
                y += 1
                continue
            }
            let top = y
            while y < image.height, box[y] > 0.02 { y += 1 }
            let bottom = y - 1
            let window = max(0, top - slack)...min(image.height - 1, bottom + slack)
            let inked = window.filter { ink[$0] > 0.05 }
            guard let first = inked.first, let last = inked.last else { continue }
            boxes.append(
                TrimmedBox(
                    boxTop: css(Double(top + 1) - box[top]), boxBottom: css(Double(bottom) + box[bottom]),
                    inkTop: css(Double(first + 1) - ink[first]), inkBottom: css(Double(last) + ink[last])))
        }
        return boxes
    }
}

/// Capsize's trims for a face at a font size and line height: the negative margins that take a
/// line box's space above the cap height and below the baseline away, so that text sits on a grid
/// (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
///
/// The formula is `@capsizecss/core`'s `precomputeValues`, on the metrics in design units:
/// ```
/// lineHeightNormal = (ascent + lineGap + |descent|) / unitsPerEm × fontSize
/// offset           = (lineHeightNormal − lineHeight) / 2 / fontSize     (0 without a line height)
/// capHeightTrim    = −(ascent/UPM − capHeight/UPM + lineGap/UPM/2 − offset)
/// baselineTrim     = −(|descent|/UPM + lineGap/UPM/2 − offset)
/// ```
/// both in em, rounded to four decimals as Capsize rounds them.
public struct CapsizeTrim: Hashable, Sendable {
    /// The margin above the first line's cap height, in em (negative).
    public var capHeightTrim: Double
    /// The margin below the last line's baseline, in em (negative).
    public var baselineTrim: Double

    /// The trims of `metrics` at `fontSize` (points = CSS px) and `lineHeight` (nil: `normal`).
    public init(metrics: CapsizeMetrics, fontSize: Double, lineHeight: Double?) {
        let unitsPerEm = Double(metrics.unitsPerEm)
        let ascentScale = Double(metrics.ascent) / unitsPerEm
        let descentScale = Double(abs(metrics.descent)) / unitsPerEm
        let lineGapScale = Double(metrics.lineGap) / unitsPerEm
        let capHeightScale = Double(metrics.capHeight) / unitsPerEm
        let lineHeightNormal = Double(metrics.ascent + metrics.lineGap + abs(metrics.descent)) / unitsPerEm * fontSize
        let offset = lineHeight.map { (lineHeightNormal - $0) / 2 / fontSize } ?? 0
        capHeightTrim = Self.rounded(-(ascentScale - capHeightScale + lineGapScale / 2 - offset))
        baselineTrim = Self.rounded(-(descentScale + lineGapScale / 2 - offset))
    }

    /// Four decimals, Capsize's precision (browsers lay out in 1/60 to 1/64 px); never `-0`.
    public static func rounded(_ value: Double) -> Double {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == 0 ? 0 : rounded
    }
}

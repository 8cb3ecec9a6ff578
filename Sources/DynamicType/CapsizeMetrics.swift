/// A face's metrics in design units, in the shape of `@capsizecss/metrics`, so that
/// `@capsizecss/core`'s `createStyleObject` and `createFontStack` take them unchanged
/// (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
///
/// `ascent`, `descent` and `lineGap` are the values the renderer lays lines out with: `hhea`'s, or
/// OS/2's typo values when the font sets `USE_TYPO_METRICS` (`CapsizeMetricsSource`); every value
/// is measured at the variable instance fontd answers with.
public struct CapsizeMetrics: Hashable, Sendable, Codable {
    /// The face's first family name.
    public var familyName: String
    /// The face's full name (fontconfig's `FC_FULLNAME`; its family and style when it has none).
    public var fullName: String
    public var postscriptName: String
    /// Capsize's categories: `sans-serif`, `serif`, `monospace`, `display`, `handwriting`.
    public var category: String
    public var capHeight: Int
    public var ascent: Int
    /// Below the baseline: negative, as in `hhea`.
    public var descent: Int
    public var lineGap: Int
    public var unitsPerEm: Int
    public var xHeight: Int
    /// The advance width of an average letter of English text (`CapsizeLetterFrequencies`).
    public var xWidthAvg: Int

    public init(
        familyName: String, fullName: String, postscriptName: String, category: String, capHeight: Int, ascent: Int,
        descent: Int, lineGap: Int, unitsPerEm: Int, xHeight: Int, xWidthAvg: Int
    ) {
        self.familyName = familyName
        self.fullName = fullName
        self.postscriptName = postscriptName
        self.category = category
        self.capHeight = capHeight
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.unitsPerEm = unitsPerEm
        self.xHeight = xHeight
        self.xWidthAvg = xWidthAvg
    }
}

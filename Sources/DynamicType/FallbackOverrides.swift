/// The `@font-face` descriptors that make an installed fallback face F take the room a web font W
/// will take, so that swapping W in moves nothing: Capsize's `createFontStack` (docs/DESIGN.md §32
/// (Capsize and metrics-exact web)).
///
/// `sizeAdjust` scales F so its average letter is as wide as W's; the overrides then give F
/// W's ascent, descent and line gap, in F's adjusted em.
public struct FallbackOverrides: Hashable, Sendable {
    /// `size-adjust`, as a ratio (1 = 100%).
    public var sizeAdjust: Double
    /// `ascent-override`, as a ratio of the adjusted em.
    public var ascentOverride: Double
    /// `descent-override`, as a ratio of the adjusted em (positive).
    public var descentOverride: Double
    /// `line-gap-override`, as a ratio of the adjusted em.
    public var lineGapOverride: Double

    /// The descriptors for `fallback` standing in for `web`:
    /// `size-adjust = (xWidthAvg/UPM)_W ÷ (xWidthAvg/UPM)_F`, `ascent-override = ascent_W ÷ (UPM_W × size-adjust)`,
    /// likewise descent and line gap. Without widths to compare, `size-adjust` is 1.
    public init(web: CapsizeMetrics, fallback: CapsizeMetrics) {
        let webRatio = Double(web.xWidthAvg) / Double(web.unitsPerEm)
        let fallbackRatio = Double(fallback.xWidthAvg) / Double(fallback.unitsPerEm)
        sizeAdjust = webRatio > 0 && fallbackRatio > 0 ? webRatio / fallbackRatio : 1
        let adjustedEm = Double(web.unitsPerEm) * sizeAdjust
        ascentOverride = Double(web.ascent) / adjustedEm
        descentOverride = Double(abs(web.descent)) / adjustedEm
        lineGapOverride = Double(web.lineGap) / adjustedEm
    }

    /// A ratio as a CSS percentage, to Capsize's four decimals: `107.0523%`.
    public static func percentage(_ ratio: Double) -> String {
        formatNumber(CapsizeTrim.rounded(ratio * 100)) + "%"
    }
}

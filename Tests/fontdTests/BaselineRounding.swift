import Foundation

/// Where a browser puts the alphabetic baseline in a line box whose `line-height` is set: the rule each
/// engine follows, from the face's exact ascent and descent (docs/DESIGN.md §32 (Capsize and
/// metrics-exact web)). Capsize's trims assume the exact rule; a browser that rounds the metrics first
/// moves the baseline, and with it the `H`s, against a box whose height is exact. Read off the engines'
/// layout (a zero-height inline-block's top is the baseline) at every size of the default table, at
/// `l` and `ax5`, to 1/64 of a device pixel.
enum BaselineRounding {
    /// Capsize's: half the leading (the line height less ascent and descent) above the ascent. A line
    /// gap, if the face has one, is leading like the rest, so it drops out.
    case exact
    /// Chromium 156 on Linux: SimpleFontData rounds Skia's ascent and descent to whole device pixels
    /// (layout is in device pixels: zoom for the device scale factor), and the line box gives the
    /// ascent side half the leading floored to a whole device pixel (FontHeight::AddLeading). Chromium
    /// moves a pixel from ascent to descent when the descent rounded down and subpixel positioning is
    /// on, but not for an `@font-face` face, and fontd's stylesheets declare every face as one
    /// (`src: local(…)`): measured, the pixel does not move on those pages.
    case chromium
    /// Firefox ESR 153: FreeType's scaled size metrics, the ascender rounded up and the descender down
    /// to whole device pixels (FT_PIX_CEIL, FT_PIX_FLOOR), then exactly half the leading above.
    case firefox

    /// The baseline's distance below the line box's top, in CSS pixels.
    ///
    /// - Parameters: `ascent`, `descent` (positive) and `lineHeight` in CSS pixels, at
    ///   `devicePixelsPerPx` device pixels each.
    func baseline(ascent: Double, descent: Double, lineHeight: Double, devicePixelsPerPx scale: Double) -> Double {
        switch self {
        case .exact:
            return (lineHeight + ascent - descent) / 2
        case .chromium:
            let (ascent, descent) = ((ascent * scale).rounded(), (descent * scale).rounded())
            return (ascent + ((lineHeight * scale - ascent - descent) / 2).rounded(.down)) / scale
        case .firefox:
            let (ascent, descent) = ((ascent * scale).rounded(.up), (descent * scale).rounded(.up))
            return (ascent + (lineHeight * scale - ascent - descent) / 2) / scale
        }
    }
}

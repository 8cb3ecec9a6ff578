/// The resolution X11 programs scale their text by, for one content-size category
/// (docs/DESIGN.md §34 (The reader's own sizes)): the reader's own `Xft.dpi` (96 when they have
/// none) × the category's text-scaling ratio, rounded, as `Xft.dpi` in the X resource database; and
/// the reader's own XSETTINGS `Xft/DPI` (in 1/1024 dots per inch) × the ratio, rounded, for each xsettingsd.
public struct XftDPI: Sendable, Hashable, CustomStringConvertible {
    /// The resolution X and Xft take when the database has no `Xft.dpi`: the base of a reader without one.
    public static let base = 96.0

    /// `Xft/DPI`'s unit: XSETTINGS holds dots per inch × 1024.
    public static let xsettingsUnit = 1024.0

    /// Dots per inch, as `Xft.dpi` holds it.
    public let dotsPerInch: Int

    /// The resolution for `ratio` (the body size at a category ÷ the body size at `l`) from the
    /// reader's own `base`.
    public init(base: Double = XftDPI.base, ratio: Double) {
        dotsPerInch = Int((base * ratio).rounded())
    }

    /// A resolution as found in the resource database.
    init(dotsPerInch: Int) {
        self.dotsPerInch = dotsPerInch
    }

    /// XSETTINGS' `Xft/DPI` for `ratio` from the reader's own value there (96 × 1024 when none).
    public static func xsettingsValue(base: Double?, ratio: Double) -> Int {
        Int(((base ?? Self.base * xsettingsUnit) * ratio).rounded())
    }

    public var description: String { String(dotsPerInch) }
}

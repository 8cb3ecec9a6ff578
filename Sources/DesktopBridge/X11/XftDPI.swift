/// The resolution X11 programs scale their text by, for one content-size category
/// (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): 96 × the category's text-scaling
/// ratio, rounded, as `Xft.dpi` in the X resource database and `Xft/DPI` (× 1024) in XSETTINGS.
public struct XftDPI: Sendable, Hashable, CustomStringConvertible {
    /// The resolution at the ratio 1 (`l`): X's and Xft's own default.
    public static let base = 96.0

    /// Dots per inch, as `Xft.dpi` holds it.
    public let dotsPerInch: Int

    /// The resolution for `ratio`, the body size at a category ÷ the body size at `l`.
    public init(ratio: Double) {
        dotsPerInch = Int((Self.base * ratio).rounded())
    }

    /// A resolution as found in the resource database.
    init(dotsPerInch: Int) {
        self.dotsPerInch = dotsPerInch
    }

    /// The value XSETTINGS' `Xft/DPI` holds: dots per inch in units of 1/1024.
    public var xsettingsValue: Int { dotsPerInch * 1024 }

    public var description: String { String(dotsPerInch) }
}

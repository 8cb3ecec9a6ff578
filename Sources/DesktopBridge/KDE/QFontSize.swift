/// The point size of a QFont string, `Noto Sans,10,-1,5,50,0,0,0,0,0` (Qt 5) or Qt 6's longer form:
/// the second comma-separated field, which may be fractional (`10.5`); -1 when the font is sized
/// in pixels instead (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)).
public enum QFontSize {
    /// The point size `value` holds; nil when it has none (no second field, not a number, or -1).
    public static func points(in value: String) -> Double? {
        let fields = value.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count >= 2, let size = Double(fields[1].trimmingTrailingCarriageReturn), size > 0 else { return nil }
        return size
    }

    /// `points` as Qt writes a size: `13`, `10.5`.
    public static func written(_ points: Double) -> String {
        points == points.rounded() ? String(Int(points)) : String(points)
    }

    /// `size` rounded to the nearest half point (halves up), at least half a point.
    public static func roundedToHalfPoint(_ size: Double) -> Double {
        max((size * 2).rounded(.toNearestOrAwayFromZero) / 2, 0.5)
    }
}

extension Substring {
    /// A value read from a file with `\r\n` line ends still carries the `\r`.
    fileprivate var trimmingTrailingCarriageReturn: Substring { last == "\r" ? dropLast() : self }
}

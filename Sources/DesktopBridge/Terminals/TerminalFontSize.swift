/// What every terminal and editor is told (docs/DESIGN.md §31 (Terminals and editors)): the point
/// size of `body` at the reader's category with the `monospace` trait, and the monospace family
/// fontd resolved for it (foot's `font=` needs one when the reader's own file names none).
public struct TerminalFontSize: Hashable, Sendable {
    /// Points; VS Code's CSS pixels are the same number (its `px` is a point at 96 dpi's 72/96 ×
    /// 4/3, which cancel).
    public var points: Double
    /// The monospace family fontd resolved, as fontconfig names it.
    public var family: String

    public init(points: Double, family: String) {
        self.points = points
        self.family = family
    }

    /// The size to one decimal place, always with it (`19.0`, `17.5`): kitty, Alacritty and
    /// WezTerm read a float.
    public var decimal: String {
        let tenths = (points * 10).rounded()
        let whole = Int(tenths) / 10
        let fraction = abs(Int(tenths)) % 10
        return "\(whole).\(fraction)"
    }

    /// The size to one decimal place, without a `.0` (`19`, `17.5`): foot, Ghostty and VS Code
    /// take either, and a whole number reads as the reader would write it.
    public var shortest: String {
        let text = decimal
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

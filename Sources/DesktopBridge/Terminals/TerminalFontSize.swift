/// One size a terminal or editor is told (docs/DESIGN.md §34 (The reader's own sizes)): the
/// reader's own size for it × the category's ratio, in the program's unit (points, VS Code's CSS
/// pixels), and the monospace family fontd resolved, as the program's file writes them.
public struct TerminalFontSize: Hashable, Sendable {
    /// The value in the program's own unit: points, or VS Code's CSS pixels.
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

/// The sizes one `TerminalProgram.apply` writes: each size's base × the category's ratio, by
/// name, and the monospace family fontd resolved (foot's `font=` needs one when the reader names none).
public struct TerminalSizes: Sendable, Hashable {
    /// Each size's value, by `TerminalSize.name`.
    public var points: [String: Double]
    /// The monospace family fontd resolved, as fontconfig names it.
    public var family: String
    /// The category's ratio r (docs/DESIGN.md §34 (The reader's own sizes)), for a program whose
    /// own configuration multiplies its size (WezTerm's Lua).
    public var ratio: Double

    public init(points: [String: Double], family: String, ratio: Double = 1) {
        self.points = points
        self.family = family
        self.ratio = ratio
    }

    /// The value of `size` (its default when not given).
    public subscript(_ size: TerminalSize) -> TerminalFontSize {
        TerminalFontSize(points: points[size.name] ?? size.programDefault, family: family)
    }
}

/// The sizes one `TerminalProgram.apply` writes: each size's base × the category's ratio, by
/// name, and the monospace family fontd resolved (foot's `font=` needs one when the reader names none).
public struct TerminalSizes: Sendable, Hashable {
    /// Each size's value, by `TerminalSize.name`.
    public var points: [String: Double]
    /// The monospace family fontd resolved, as fontconfig names it.
    public var family: String

    public init(points: [String: Double], family: String) {
        self.points = points
        self.family = family
    }

    /// The value of `size` (its default when not given).
    public subscript(_ size: TerminalSize) -> TerminalFontSize {
        TerminalFontSize(points: points[size.name] ?? size.programDefault, family: family)
    }
}

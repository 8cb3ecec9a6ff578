/// One size a terminal or editor takes (docs/DESIGN.md §34 (The reader's own sizes)): its name,
/// the key of its entry in `TargetBases` (`font_size`, `editor.fontSize`), and the program's own
/// default, the base when the reader set none.
public struct TerminalSize: Sendable, Hashable {
    /// The value's name in the program's terms, and its key in `TargetBases`.
    public let name: String
    /// The program's documented default, in its unit.
    public let programDefault: Double

    public init(_ name: String, programDefault: Double) {
        self.name = name
        self.programDefault = programDefault
    }

    /// What the reader's configuration says of one size now.
    public struct Found: Sendable, Hashable {
        /// The value in the reader's configuration; nil when they set none.
        public var value: Double?
        /// Whether fontd writes this value where it was found (VS Code's `settings.json`,
        /// Alacritty's own `font.size`), so that the value found may be fontd's own write.
        public var inPlace: Bool

        public init(value: Double?, inPlace: Bool = false) {
            self.value = value
            self.inPlace = inPlace
        }
    }
}

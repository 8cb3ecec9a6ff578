/// The reader's text spacing (WCAG 2.2 success criterion 1.4.12): a reader setting, like the
/// category and the legibility weight.
///
/// `wcag` gives every answer at least the spacing the criterion asks text to withstand: line
/// height 1.5 × the size, letter spacing + 0.12 ×, word spacing 0.16 × and paragraph spacing
/// 2 × the size (docs/DESIGN.md §5 (Resolution) step 6b). `default` leaves the table's values as they are.
public enum TextSpacing: String, CaseIterable, Hashable, Sendable, Codable {
    case `default`, wcag

    /// Finds a text spacing by name, ignoring case.
    public init(parsing name: String) throws(DynamicTypeError) {
        guard let spacing = Self.allCases.first(where: { $0.rawValue == name.lowercased() }) else {
            throw .unknownTextSpacing(name, allowed: Self.allCases.map(\.rawValue))
        }
        self = spacing
    }
}

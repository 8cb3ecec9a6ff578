/// The family a reader reads best (docs/DESIGN.md §33 (The reading font)) — OpenDyslexic,
/// Atkinson Hyperlegible, Lexend — or none: the style table's own families.
///
/// Its raw value is the family's name, empty for none; on the wire none is `null`. Which names
/// fontconfig knows is the server's to check (`unknownFamily`), not this type's.
public struct ReadingFont: ReaderValue {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// None: every style resolves with the table's own families.
    public static let none = ReadingFont(rawValue: "")

    /// The family, or nil for none.
    public var family: String? { rawValue.isEmpty ? nil : rawValue }

    /// A family as a reader writes it, without the spaces around it; empty is none.
    public init(parsing text: String) throws(DynamicTypeError) {
        // By index from both ends: copying a reversed view of a long name costs far more (docs/DESIGN.md
        // §33 (The reading font), "Bounded suggestions").
        var start = text.startIndex
        var end = text.endIndex
        while start < end, text[start] == " " || text[start] == "\t" { start = text.index(after: start) }
        while start < end {
            let before = text.index(before: end)
            guard text[before] == " " || text[before] == "\t" else { break }
            end = before
        }
        self.init(rawValue: String(text[start..<end]))
    }

    /// Any family: the installed ones are the server's to list.
    public static var allowedValues: [String] { [] }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: container.decodeNil() ? "" : try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let family { try container.encode(family) } else { try container.encodeNil() }
    }
}

/// A semantic role for text — `body`, `headline` — that a style table maps to a size per category.
///
/// A string-backed struct rather than an enum, because a loaded table may define
/// styles of its own; the standard iOS styles are static members.
/// On the wire it is the bare string (the standard library's `Codable` for string-backed types).
public struct TextStyle: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { self.rawValue = name }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static let largeTitle: TextStyle = "largeTitle"
    public static let title1: TextStyle = "title1"
    public static let title2: TextStyle = "title2"
    public static let title3: TextStyle = "title3"
    public static let headline: TextStyle = "headline"
    public static let body: TextStyle = "body"
    public static let callout: TextStyle = "callout"
    public static let subheadline: TextStyle = "subheadline"
    public static let footnote: TextStyle = "footnote"
    public static let caption1: TextStyle = "caption1"
    public static let caption2: TextStyle = "caption2"

    /// The standard iOS styles, largest first, as Apple lists them.
    public static let standard: [TextStyle] = [
        .largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2,
    ]
}

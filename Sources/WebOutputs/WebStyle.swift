import DynamicType

/// One style at one category and legibility, as the web outputs need it: the table's entry
/// for its fallback families, the font resolved for it, and what an `@font-face` names.
public struct WebStyle: Hashable, Sendable {
    /// The table's entry: the style's name and its fontconfig family list, used as fallbacks.
    public var definition: TextStyleDefinition
    /// The font resolved at the block's category and legibility weight.
    public var font: ResolvedFont
    /// The face's full name (OpenType name ID 4), for `local("…")`.
    public var fullName: String
    /// The lowercase hex SHA-256 of the face's file; `nil` when the file may not be served,
    /// and then the `@font-face` has no `url()`.
    public var fileHash: String?

    /// A style as the web outputs take it; `fileHash` `nil` keeps the face's file off the web.
    public init(definition: TextStyleDefinition, font: ResolvedFont, fullName: String, fileHash: String?) {
        self.definition = definition
        self.font = font
        self.fullName = fullName
        self.fileHash = fileHash
    }
}

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every style of the table at one category: the body of `GET /fonts`,
/// `{"category": "xl", "fonts": {"largeTitle": ResolvedFont, …}}`, in table order.
public struct FontCollection: Hashable, Sendable, Codable {
    public var category: ContentSizeCategory
    /// The category asked for, when a category range was given (as in each font).
    public var requestedCategory: ContentSizeCategory?
    /// In the table's order.
    public var fonts: [ResolvedFont]

    public init(category: ContentSizeCategory, requestedCategory: ContentSizeCategory? = nil, fonts: [ResolvedFont]) {
        self.category = category
        self.requestedCategory = requestedCategory
        self.fonts = fonts
    }

    /// The font of `style`, if the table has that style.
    public subscript(style: TextStyle) -> ResolvedFont? { fonts.first { $0.style == style } }

    private enum CodingKeys: String, CodingKey { case category, requestedCategory, fonts }

    /// `fonts` is a JSON object keyed by style; encoded member by member, because the
    /// encoder sorts a dictionary's keys and the table's order must be kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category, forKey: .category)
        try container.encodeIfPresent(requestedCategory, forKey: .requestedCategory)
        var members = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .fonts)
        for font in fonts {
            try members.encode(font, forKey: AnyCodingKey(font.style.rawValue))
        }
    }

    /// Decodes the fonts in the order the decoder lists the keys: the document's (the table's)
    /// with `JSONDocumentDecoder`, which `init(json:)` uses.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        category = try container.decode(ContentSizeCategory.self, forKey: .category)
        requestedCategory = try container.decodeIfPresent(ContentSizeCategory.self, forKey: .requestedCategory)
        let members = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .fonts)
        fonts = try members.allKeys.map { key in
            let font = try members.decode(ResolvedFont.self, forKey: key)
            guard font.style.rawValue == key.stringValue else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: members, debugDescription: "the font under '\(key.stringValue)' is of style '\(font.style)'")
            }
            return font
        }
    }

    /// Decodes a `GET /fonts` body in one pass, keeping the fonts in the document's (the
    /// table's) order; members this version does not know are skipped (a newer server's).
    ///
    /// - Throws: `DecodingError`.
    public init(json: some DataProtocol) throws {
        self = try JSONDocumentDecoder(mode: .tolerant).decode(Self.self, from: json)
    }
}

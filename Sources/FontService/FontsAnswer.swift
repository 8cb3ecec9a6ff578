import DynamicType

/// The body of `GET /fonts`: every style of the table at one category,
/// `{"category": "xl", "fonts": {"largeTitle": ResolvedFont, …}}`, in table order.
struct FontsAnswer: Encodable, Sendable {
    var category: ContentSizeCategory
    /// In the table's order.
    var fonts: [ResolvedFont]

    private enum CodingKeys: String, CodingKey { case category, fonts }

    /// `fonts` is a JSON object keyed by style; encoded member by member, because the
    /// encoder sorts a dictionary's keys and the table's order must be kept.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category, forKey: .category)
        var members = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .fonts)
        for font in fonts {
            try members.encode(font, forKey: AnyCodingKey(font.style.rawValue))
        }
    }
}

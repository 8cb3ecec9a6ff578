/// A text style as the style table defines it: families, weights and a size for every category.
public struct TextStyleDefinition: Hashable, Sendable {
    public var style: TextStyle
    /// A fontconfig family list, most preferred first.
    public var families: [String]
    public var weight: FontWeight
    /// The weight the `bold` trait and the "Bold Text" setting ask for.
    public var emphasizedWeight: FontWeight
    /// One cell per content-size category.
    public var sizes: CategoryTable<TextStyleSize>
    /// Whether a variable face's `opsz` axis follows the point size (the size-specific
    /// design Apple's system font has); when off, the face keeps its own optical size.
    public var opticalSizing: Bool

    public init(
        style: TextStyle, families: [String], weight: FontWeight, emphasizedWeight: FontWeight,
        sizes: CategoryTable<TextStyleSize>, opticalSizing: Bool = true
    ) {
        self.style = style
        self.families = families
        self.weight = weight
        self.emphasizedWeight = emphasizedWeight
        self.sizes = sizes
        self.opticalSizing = opticalSizing
    }

    /// The cell at `category`.
    public func size(at category: ContentSizeCategory) -> TextStyleSize {
        sizes[category]
    }

    /// How much custom values scale at `category`, as UIFontMetrics does: the line height
    /// at `category` over the line height at the default category.
    public func metricsScale(at category: ContentSizeCategory) -> Double {
        size(at: category).lineHeight / size(at: .default).lineHeight
    }
}

extension TextStyleDefinition: Encodable {
    private enum CodingKeys: String, CodingKey {
        case style = "name", families = "family", weight, emphasizedWeight, opticalSizing, sizes
    }

    /// The file format of docs/DESIGN.md §4, sizes in category order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(families, forKey: .families)
        try container.encode(weight, forKey: .weight)
        try container.encode(emphasizedWeight, forKey: .emphasizedWeight)
        // Written only when it differs from the default, so a table without it reads back unchanged.
        if !opticalSizing { try container.encode(opticalSizing, forKey: .opticalSizing) }
        var sizesContainer = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .sizes)
        for category in ContentSizeCategory.allCases {
            try sizesContainer.encode(size(at: category), forKey: AnyCodingKey(category.rawValue))
        }
    }
}

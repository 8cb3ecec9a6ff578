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

extension TextStyleDefinition: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
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

    /// Reads one style of the file format, checking its rules: a name, a non-empty family
    /// list, weights from 1 to 1000, and a cell for every category, each named once.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .style)
        guard !name.isEmpty else { throw container.refusal(forKey: .style, "must not be empty") }
        let families = try container.rewordingWrongType(forKey: .families, { _ in "expected an array" }) {
            try container.decode([String].self, forKey: .families)
        }
        if families.isEmpty || families.contains(where: \.isEmpty) {
            throw container.refusal(forKey: .families, "must be a non-empty list of family names")
        }
        let weightRule = "must be a weight from 1 to 1000"
        let weight = try container.decodeNumber(forKey: .weight, weightRule) { FontWeight.range.contains($0) }
        let emphasized = try container.decodeNumber(forKey: .emphasizedWeight, weightRule) { FontWeight.range.contains($0) }
        let opticalSizing = try container.decodeUnlessAbsent(Bool.self, forKey: .opticalSizing)
        let sizes = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .sizes)
        self.init(
            style: TextStyle(name), families: families, weight: FontWeight(weight), emphasizedWeight: FontWeight(emphasized),
            sizes: try Self.sizes(from: sizes), opticalSizing: opticalSizing ?? true)
    }

    /// The cells in document order, each category named once (by any of its names); the
    /// table exists once every category has its cell.
    private static func sizes(from container: KeyedDecodingContainer<AnyCodingKey>) throws -> CategoryTable<TextStyleSize> {
        var cells: [ContentSizeCategory: TextStyleSize] = [:]
        var spellings: [ContentSizeCategory: String] = [:]
        for key in container.allKeys {
            guard let category = ContentSizeCategory(name: key.stringValue) else {
                throw container.refusal(
                    forKey: key,
                    "unknown content-size category; use: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if let earlier = spellings[category] {
                throw DecodingError.refusal(
                    at: container.codingPath, "names category '\(category.rawValue)' twice ('\(earlier)' and '\(key.stringValue)')")
            }
            spellings[category] = key.stringValue
            cells[category] = try container.decode(TextStyleSize.self, forKey: key)
        }
        guard let table = CategoryTable(cells) else {
            let missing = ContentSizeCategory.allCases.filter { cells[$0] == nil }
            throw DecodingError.refusal(
                at: container.codingPath, "missing categories: \(missing.map(\.rawValue).joined(separator: ", "))")
        }
        return table
    }
}

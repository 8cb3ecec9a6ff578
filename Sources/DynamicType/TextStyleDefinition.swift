/// A text style as the style table defines it: families, weights and a size for every category.
public struct TextStyleDefinition: Hashable, Sendable {
    public var style: TextStyle
    /// A fontconfig family list, most preferred first.
    public var families: [String]
    public var weight: FontWeight
    /// The weight the `bold` trait and the "Bold Text" setting ask for.
    public var emphasizedWeight: FontWeight
    /// Exactly one entry per content-size category.
    public var sizes: [ContentSizeCategory: TextStyleSize]

    public init(
        style: TextStyle, families: [String], weight: FontWeight, emphasizedWeight: FontWeight,
        sizes: [ContentSizeCategory: TextStyleSize]
    ) {
        self.style = style
        self.families = families
        self.weight = weight
        self.emphasizedWeight = emphasizedWeight
        self.sizes = sizes
    }

    /// The cell at `category`. Every category is present once the table has been validated.
    public func size(at category: ContentSizeCategory) -> TextStyleSize {
        sizes[category] ?? TextStyleSize(size: 17, lineHeight: 22)
    }

    /// How much custom values scale at `category`, as UIFontMetrics does: the line height
    /// at `category` over the line height at the default category.
    public func metricsScale(at category: ContentSizeCategory) -> Double {
        size(at: category).lineHeight / size(at: .default).lineHeight
    }
}

extension TextStyleDefinition: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case style = "name", families = "family", weight, emphasizedWeight, sizes
    }

    public init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownFields(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .style)
        guard !name.isEmpty else { throw StyleTableProblem(path: container.codingPath + [CodingKeys.style], reason: "must not be empty") }
        style = TextStyle(name)
        families = try container.decode([String].self, forKey: .families)
        if families.isEmpty || families.contains(where: \.isEmpty) {
            throw StyleTableProblem(path: container.codingPath + [CodingKeys.families], reason: "must be a non-empty list of family names")
        }
        let inRange: (Double) -> Bool = { FontWeight.range.contains($0) }
        weight = FontWeight(try container.decodeNumber(forKey: .weight, "must be a weight from 1 to 1000", inRange))
        emphasizedWeight = FontWeight(try container.decodeNumber(forKey: .emphasizedWeight, "must be a weight from 1 to 1000", inRange))
        sizes = try Self.decodeSizes(try container.superDecoder(forKey: .sizes))
    }

    private static func decodeSizes(_ decoder: any Decoder) throws -> [ContentSizeCategory: TextStyleSize] {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var sizes: [ContentSizeCategory: TextStyleSize] = [:]
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            guard let category = ContentSizeCategory(name: key.stringValue) else {
                throw StyleTableProblem(
                    path: decoder.codingPath + [key],
                    reason: "unknown content-size category; use: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard sizes[category] == nil else {
                throw StyleTableProblem(path: decoder.codingPath + [key], reason: "names category '\(category.rawValue)' a second time")
            }
            sizes[category] = try container.decode(TextStyleSize.self, forKey: key)
        }
        let missing = ContentSizeCategory.allCases.filter { sizes[$0] == nil }
        guard missing.isEmpty else {
            throw StyleTableProblem(path: decoder.codingPath, reason: "missing categories: \(missing.map(\.rawValue).joined(separator: ", "))")
        }
        return sizes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(families, forKey: .families)
        try container.encode(weight, forKey: .weight)
        try container.encode(emphasizedWeight, forKey: .emphasizedWeight)
        var sizesContainer = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .sizes)
        for category in ContentSizeCategory.allCases {
            try sizesContainer.encode(size(at: category), forKey: AnyCodingKey(category.rawValue))
        }
    }
}

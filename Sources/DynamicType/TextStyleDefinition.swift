/// A text style as the style table defines it: families, weights and a size for every category.
public struct TextStyleDefinition: Hashable, Sendable {
    public var style: TextStyle
    /// A fontconfig family list, most preferred first.
    public var families: [String]
    public var weight: FontWeight
    /// The weight the `bold` trait and the "Bold Text" setting ask for.
    public var emphasizedWeight: FontWeight
    /// One cell per content-size category; for a scaled style, derived from its `l` cell.
    /// Setting it makes the style one that gives every cell (`scaling` nil), so that it is
    /// written out as it now is.
    public var sizes: CategoryTable<TextStyleSize> {
        didSet { scaling = nil }
    }
    /// How the cells follow from the `l` cell, for a style the table gives at `l` only; nil when
    /// the table gives every cell.
    public private(set) var scaling: TypeScaling?
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

    /// A scaled style: the cell at `l` as given, the other eleven derived from it by `scaling`.
    public init(
        style: TextStyle, families: [String], weight: FontWeight, emphasizedWeight: FontWeight,
        large: TextStyleSize, scaling: TypeScaling, opticalSizing: Bool = true
    ) {
        self.init(
            style: style, families: families, weight: weight, emphasizedWeight: emphasizedWeight,
            sizes: scaling.sizes(from: large), opticalSizing: opticalSizing)
        self.scaling = scaling
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
        case style = "name"
        case families = "family"
        case weight, emphasizedWeight, opticalSizing, scaling, sizes
    }

    /// The file format of docs/DESIGN.md §4 (The style table), sizes in category order; a scaled style as it was
    /// given, `scaling` and the `l` cell, so that it reads back equal.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(families, forKey: .families)
        try container.encode(weight, forKey: .weight)
        try container.encode(emphasizedWeight, forKey: .emphasizedWeight)
        // Written only when it differs from the default, so a table without it reads back unchanged.
        if !opticalSizing { try container.encode(opticalSizing, forKey: .opticalSizing) }
        if let scaling { try container.encode(scaling, forKey: .scaling) }
        var sizesContainer = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .sizes)
        for category in ContentSizeCategory.allCases where scaling == nil || category == .large {
            try sizesContainer.encode(size(at: category), forKey: AnyCodingKey(category.rawValue))
        }
    }

    /// Reads one style of the file format, checking its rules: a name, a non-empty family
    /// list, weights from 1 to 1000, and a cell for every category, each named once — or, with
    /// `scaling`, a cell for `l` only.
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
        let scaling = try Self.scaling(in: container)
        if scaling != nil, !container.contains(.sizes) {
            throw container.refusal(forKey: .sizes, "required field is missing; a style with scaling gives its cell at l")
        }
        let sizes = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .sizes)
        let cells = try Self.cells(from: sizes)
        guard let scaling else {
            self.init(
                style: TextStyle(name), families: families, weight: FontWeight(weight), emphasizedWeight: FontWeight(emphasized),
                sizes: try Self.table(of: cells, at: sizes.codingPath), opticalSizing: opticalSizing ?? true)
            return
        }
        guard let large = cells[.large] else {
            throw DecodingError.refusal(at: sizes.codingPath, "missing category l; a style with scaling gives l only")
        }
        let others = ContentSizeCategory.allCases.filter { $0 != .large && cells[$0] != nil }
        guard others.isEmpty else {
            throw container.refusal(
                forKey: .scaling,
                "derives every category from l, so sizes gives l only; this style also gives "
                    + "\(others.map(\.rawValue).joined(separator: ", ")) (drop them, or drop scaling)")
        }
        self.init(
            style: TextStyle(name), families: families, weight: FontWeight(weight), emphasizedWeight: FontWeight(emphasized),
            large: large, scaling: scaling, opticalSizing: opticalSizing ?? true)
    }

    /// The style's `scaling`, a name fontd knows; nil when absent.
    private static func scaling(in container: KeyedDecodingContainer<CodingKeys>) throws -> TypeScaling? {
        guard let name = try container.decodeUnlessAbsent(String.self, forKey: .scaling) else { return nil }
        guard let scaling = TypeScaling(rawValue: name) else {
            throw container.refusal(
                forKey: .scaling, "unknown scaling '\(name)'; use: \(TypeScaling.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return scaling
    }

    /// The cells in document order, each category named once (by any of its names).
    private static func cells(from container: KeyedDecodingContainer<AnyCodingKey>) throws -> [ContentSizeCategory: TextStyleSize] {
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
        return cells
    }

    /// The cells of a style without scaling: the table exists once every category has its cell.
    private static func table(
        of cells: [ContentSizeCategory: TextStyleSize], at codingPath: [any CodingKey]
    ) throws -> CategoryTable<TextStyleSize> {
        guard let table = CategoryTable(cells) else {
            let missing = ContentSizeCategory.allCases.filter { cells[$0] == nil }
            throw DecodingError.refusal(
                at: codingPath,
                "missing categories: \(missing.map(\.rawValue).joined(separator: ", ")) "
                    + "(give all 12, or l only with \"scaling\": \(TypeScaling.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")))"
            )
        }
        return table
    }
}

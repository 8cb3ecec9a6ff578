/// One cell of the style table: a style's size, line height and tracking at one category, in points.
public struct TextStyleSize: Hashable, Sendable {
    public var size: Double
    public var lineHeight: Double
    /// Extra space between letters, in points (negative tightens).
    public var tracking: Double
    /// Axis values a variable face gets at this size, beyond the ones fontd derives
    /// (`GRAD` raised at accessibility sizes); axes the face lacks are ignored.
    public var variations: [String: Double]

    public init(size: Double, lineHeight: Double, tracking: Double = 0, variations: [String: Double] = [:]) {
        self.size = size
        self.lineHeight = lineHeight
        self.tracking = tracking
        self.variations = variations
    }
}

extension TextStyleSize: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case size, lineHeight, tracking, variations }

    /// Writes the cell exactly (`ExactNumber`): a table written out reads back as the same table.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ExactNumber(size), forKey: .size)
        try container.encode(ExactNumber(lineHeight), forKey: .lineHeight)
        try container.encode(ExactNumber(tracking), forKey: .tracking)
        if !variations.isEmpty { try container.encode(variations.mapValues(ExactNumber.init), forKey: .variations) }
    }

    /// Reads one cell: a positive size and line height, optional tracking, optional axis values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let positive = "must be a positive number"
        let size = try container.decodeNumber(forKey: .size, positive) { $0 > 0 }
        let lineHeight = try container.decodeNumber(forKey: .lineHeight, positive) { $0 > 0 }
        let tracking = try container.decodeUnlessAbsent(Double.self, forKey: .tracking)
        var variations: [String: Double] = [:]
        if container.contains(.variations) {
            let axes = try container.rewordingWrongType(forKey: .variations, { "expected an object of axis tags to numbers, found \($0)" })
            {
                try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .variations)
            }
            for key in axes.allKeys {
                try Self.checkAxisTag(key.stringValue, in: axes, key)
                variations[key.stringValue] = try axes.decode(Double.self, forKey: key)
            }
        }
        self.init(size: size, lineHeight: lineHeight, tracking: tracking ?? 0, variations: variations)
    }

    /// Explicit axis values name OpenType tags, never an axis fontd derives itself.
    private static func checkAxisTag(_ tag: String, in container: KeyedDecodingContainer<AnyCodingKey>, _ key: AnyCodingKey) throws {
        guard VariationAxis.isValidTag(tag) else {
            throw container.refusal(
                forKey: key, "not an OpenType axis tag; a tag is four characters from space to '~', such as GRAD")
        }
        guard !VariationAxis.derivedTags.contains(tag) else {
            throw container.refusal(
                forKey: key,
                "fontd sets \(VariationAxis.derivedTags.joined(separator: ", ")) itself from the weight, width, "
                    + "point size and traits; give the style's weight instead, or opticalSizing: false")
        }
    }
}

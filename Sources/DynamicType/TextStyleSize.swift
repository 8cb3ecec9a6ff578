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

extension TextStyleSize: Encodable {
    private enum CodingKeys: String, CodingKey { case size, lineHeight, tracking, variations }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(lineHeight, forKey: .lineHeight)
        try container.encode(tracking, forKey: .tracking)
        if !variations.isEmpty { try container.encode(variations, forKey: .variations) }
    }
}

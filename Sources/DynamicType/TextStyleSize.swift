/// One cell of the style table: a style's size, line height and tracking at one category, in points.
public struct TextStyleSize: Hashable, Sendable {
    public var size: Double
    public var lineHeight: Double
    /// Extra space between letters, in points (negative tightens).
    public var tracking: Double

    public init(size: Double, lineHeight: Double, tracking: Double = 0) {
        self.size = size
        self.lineHeight = lineHeight
        self.tracking = tracking
    }
}

extension TextStyleSize: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case size, lineHeight, tracking }

    public init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownFields(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try container.decodeNumber(forKey: .size, "must be a positive number") { $0 > 0 }
        lineHeight = try container.decodeNumber(forKey: .lineHeight, "must be a positive number") { $0 > 0 }
        tracking = container.contains(.tracking) ? try container.decodeNumber(forKey: .tracking, "must be a finite number") { _ in true } : 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(lineHeight, forKey: .lineHeight)
        try container.encode(tracking, forKey: .tracking)
    }
}

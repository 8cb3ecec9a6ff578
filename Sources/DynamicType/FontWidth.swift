/// A font width as a CSS `font-stretch` percentage, 50…200 — fontconfig's `FC_WIDTH` scale.
public struct FontWidth: RawRepresentable, Hashable, Comparable, Sendable, Codable {
    public let rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    public init(_ value: Double) { self.rawValue = value }

    /// The range of valid widths.
    public static let range: ClosedRange<Double> = 50...200

    public static let condensed = FontWidth(75)
    public static let normal = FontWidth(100)
    public static let expanded = FontWidth(125)

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Double.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

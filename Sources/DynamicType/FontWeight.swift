/// A font weight on the OpenType/CSS scale, 1…1000 (400 regular, 700 bold).
///
/// OpenType's names, not Apple's: here `extraLight` (200) is lighter than `light`
/// and `thin` is the lightest named weight.
public struct FontWeight: RawRepresentable, Hashable, Comparable, Sendable, Codable {
    public let rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    public init(_ value: Double) { self.rawValue = value }

    /// The range of valid weights.
    public static let range: ClosedRange<Double> = 1...1000

    public static let thin = FontWeight(100)
    public static let extraLight = FontWeight(200)
    public static let light = FontWeight(300)
    public static let regular = FontWeight(400)
    public static let medium = FontWeight(500)
    public static let semibold = FontWeight(600)
    public static let bold = FontWeight(700)
    public static let heavy = FontWeight(800)
    public static let black = FontWeight(900)

    /// Named weights, aliases included.
    public static let names: [(name: String, weight: FontWeight)] = [
        ("thin", .thin), ("extraLight", .extraLight), ("ultraLight", .extraLight), ("light", .light),
        ("regular", .regular), ("medium", .medium), ("semibold", .semibold), ("bold", .bold),
        ("heavy", .heavy), ("extraBold", .heavy), ("black", .black),
    ]

    /// Parses a number in 1…1000 or a weight name (any case).
    public init(parsing text: String, parameter: String = "weight") throws(DynamicTypeError) {
        if let named = Self.names.first(where: { $0.name.lowercased() == text.lowercased() }) {
            self = named.weight
            return
        }
        do {
            self.init(try parseNumber(text, parameter: parameter, in: Self.range))
        } catch {
            throw .invalidNumber(parameter: parameter, value: text, range: Self.range, names: Self.names.map(\.name))
        }
    }

    /// This weight made heavier by `amount`, never past 1000.
    public func adding(_ amount: Double) -> FontWeight { FontWeight(min(rawValue + amount, Self.range.upperBound)) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Double.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One design axis of a variable font (`wght`, `opsz`, `GRAD`), with the range its
/// coordinates may take. `fontd list` and `GET /faces` report them for variable faces.
public struct VariationAxis: Hashable, Sendable, Codable {
    /// The OpenType axis tag: four printable ASCII characters.
    public var tag: String
    public var minimum: Double
    /// The coordinate the font uses when none is set.
    public var defaultValue: Double
    public var maximum: Double

    public init(tag: String, minimum: Double, defaultValue: Double, maximum: Double) {
        self.tag = tag
        self.minimum = minimum
        self.defaultValue = defaultValue
        self.maximum = maximum
    }

    private enum CodingKeys: String, CodingKey {
        case tag, minimum
        case defaultValue = "default"
        case maximum
    }

    /// `value` moved into the axis's range.
    public func clamped(_ value: Double) -> Double {
        min(max(value, minimum), maximum)
    }

    /// The axes fontd sets itself from the resolved font (docs/DESIGN.md §5 (Resolution) step 11), so a style table
    /// may not give them: weight, width, optical size, italic and slant.
    public static let derivedTags: [String] = ["wght", "wdth", "opsz", "ital", "slnt"]

    /// Whether `tag` is a well-formed OpenType tag: four characters from space to `~`,
    /// not starting with a space (short tags are padded with trailing spaces).
    public static func isValidTag(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        return bytes.count == 4 && bytes.allSatisfy { (0x20...0x7E).contains($0) } && bytes[0] != 0x20
    }
}

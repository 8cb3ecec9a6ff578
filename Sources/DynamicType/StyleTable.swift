/// The table that maps every text style and content-size category to a size, a line
/// height, tracking and weights — `Styles/default.json` or a table the user loads.
///
/// Style order is the file's order; style names are unique, compared without case.
public struct StyleTable: Hashable, Sendable {
    public var name: String
    public var styles: [TextStyleDefinition]

    public init(name: String, styles: [TextStyleDefinition]) {
        self.name = name
        self.styles = styles
    }

    /// The styles the table defines, in table order.
    public var styleNames: [TextStyle] { styles.map(\.style) }

    /// The definition of `style`, matched without case.
    public func definition(of style: TextStyle) throws(DynamicTypeError) -> TextStyleDefinition {
        let key = style.rawValue.lowercased()
        guard let definition = styles.first(where: { $0.style.rawValue.lowercased() == key }) else {
            throw .unknownStyle(style.rawValue, known: styles.map(\.style.rawValue))
        }
        return definition
    }
}

extension StyleTable: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case name, styles }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(styles, forKey: .styles)
    }

    /// Reads the file format of docs/DESIGN.md §4 (The style table), checking every rule of it; decode it with a
    /// strict `JSONDocumentDecoder` so unknown and repeated members are refused too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        var elements = try container.rewordingWrongType(forKey: .styles, { _ in "expected an array" }) {
            try container.nestedUnkeyedContainer(forKey: .styles)
        }
        guard !elements.isAtEnd else { throw container.refusal(forKey: .styles, "must define at least one style") }
        var styles: [TextStyleDefinition] = []
        var firstIndex: [String: Int] = [:]
        while !elements.isAtEnd {
            let index = elements.currentIndex
            let definition = try elements.decode(TextStyleDefinition.self)
            let key = definition.style.rawValue.lowercased()
            if let earlier = firstIndex[key] {
                throw DecodingError.refusal(
                    at: elements.codingPath + [AnyCodingKey(index: index), AnyCodingKey("name")],
                    "duplicate style name '\(definition.style)' (also styles[\(earlier)])")
            }
            firstIndex[key] = index
            styles.append(definition)
        }
        self.init(name: name, styles: styles)
    }
}

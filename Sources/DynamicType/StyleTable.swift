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

extension StyleTable: Encodable {
    private enum CodingKeys: String, CodingKey { case name, styles }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(styles, forKey: .styles)
    }
}

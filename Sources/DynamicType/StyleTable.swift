#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    public init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownFields(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        styles = try container.decode([TextStyleDefinition].self, forKey: .styles)
        guard !styles.isEmpty else {
            throw StyleTableProblem(path: [CodingKeys.styles], reason: "must define at least one style")
        }
        var firstIndex: [String: Int] = [:]
        for (index, definition) in styles.enumerated() {
            let key = definition.style.rawValue.lowercased()
            if let earlier = firstIndex[key] {
                throw StyleTableProblem(
                    path: [CodingKeys.styles, AnyCodingKey(index: index), AnyCodingKey("name")],
                    reason: "duplicate style name '\(definition.style)' (also styles[\(earlier)])")
            }
            firstIndex[key] = index
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(styles, forKey: .styles)
    }
}

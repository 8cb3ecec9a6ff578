/// The accessibility "Bold Text" preference: a reader setting, like the category.
public enum LegibilityWeight: String, CaseIterable, Hashable, Sendable, Codable {
    case regular, bold

    /// Finds a legibility weight by name, ignoring case.
    public init(parsing name: String) throws(DynamicTypeError) {
        guard let weight = Self.allCases.first(where: { $0.rawValue == name.lowercased() }) else {
            throw .unknownLegibilityWeight(name, allowed: Self.allCases.map(\.rawValue))
        }
        self = weight
    }
}

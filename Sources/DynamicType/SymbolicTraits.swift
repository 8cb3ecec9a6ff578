/// Adjustments asked of a text style's font: `bold`, `italic`, width, spacing and leading.
///
/// An option set whose wire form is an array of names in canonical order
/// (`["bold", "italic"]`), not the integer the synthesized `Codable` would write.
public struct SymbolicTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let bold = SymbolicTraits(rawValue: 1 << 0)
    public static let italic = SymbolicTraits(rawValue: 1 << 1)
    public static let condensed = SymbolicTraits(rawValue: 1 << 2)
    public static let expanded = SymbolicTraits(rawValue: 1 << 3)
    public static let monospace = SymbolicTraits(rawValue: 1 << 4)
    public static let tightLeading = SymbolicTraits(rawValue: 1 << 5)
    public static let looseLeading = SymbolicTraits(rawValue: 1 << 6)

    /// Every trait with its name, in canonical order.
    public static let named: [(name: String, trait: SymbolicTraits)] = [
        ("bold", .bold), ("italic", .italic), ("condensed", .condensed), ("expanded", .expanded),
        ("monospace", .monospace), ("tightLeading", .tightLeading), ("looseLeading", .looseLeading),
    ]

    /// Pairs that cannot be asked for together.
    static let conflicts: [(SymbolicTraits, SymbolicTraits)] = [(.condensed, .expanded), (.tightLeading, .looseLeading)]

    /// The names of the traits in the set, in canonical order.
    public var names: [String] { Self.named.filter { contains($0.trait) }.map(\.name) }

    /// Builds a set from trait names (any case), refusing unknown, repeated and conflicting traits.
    public init<Names: Sequence<String>>(names: Names) throws(DynamicTypeError) {
        self = []
        for name in names {
            guard let trait = Self.named.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw .unknownTrait(name, allowed: Self.named.map(\.name))
            }
            guard !contains(trait.trait) else { throw .duplicateTrait(trait.name) }
            insert(trait.trait)
        }
        for (first, second) in Self.conflicts where isSuperset(of: first.union(second)) {
            throw .conflictingTraits(first.names[0], second.names[0])
        }
    }

    /// Parses a comma-separated list such as `bold,italic`; an empty string is no traits.
    public init(parsing list: String) throws(DynamicTypeError) {
        let names = list.isEmpty ? [] : list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        try self.init(names: names)
    }
}

extension SymbolicTraits: Codable {
    public init(from decoder: any Decoder) throws {
        let names = try decoder.singleValueContainer().decode([String].self)
        do {
            try self.init(names: names)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}

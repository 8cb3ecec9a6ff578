/// The reader turned the accessibility "Bold Text" setting on or off.
///
/// The data of a `legibilityWeightDidChange` event:
/// `{"legibilityWeight": "bold", "previous": "regular", "sequence": 43}`.
public struct LegibilityWeightChange: Hashable, Sendable, Codable {
    /// The scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) whose preference this is; nil for the root scope.
    public var scope: String?
    public var legibilityWeight: LegibilityWeight
    public var previous: LegibilityWeight
    public var sequence: Int

    public init(scope: String? = nil, legibilityWeight: LegibilityWeight, previous: LegibilityWeight, sequence: Int) {
        self.scope = scope
        self.legibilityWeight = legibilityWeight
        self.previous = previous
        self.sequence = sequence
    }
}

extension LegibilityWeightChange: ReaderChange {
    public init(scope: String?, value: LegibilityWeight, previous: LegibilityWeight, sequence: Int) {
        self.init(scope: scope, legibilityWeight: value, previous: previous, sequence: sequence)
    }

    public var value: LegibilityWeight { legibilityWeight }
}

/// The reader turned the accessibility "Bold Text" setting on or off.
///
/// The data of a `legibilityWeightDidChange` event:
/// `{"legibilityWeight": "bold", "previous": "regular", "sequence": 43}`.
public struct LegibilityWeightChange: Hashable, Sendable, Codable {
    public var legibilityWeight: LegibilityWeight
    public var previous: LegibilityWeight
    public var sequence: Int

    public init(legibilityWeight: LegibilityWeight, previous: LegibilityWeight, sequence: Int) {
        self.legibilityWeight = legibilityWeight
        self.previous = previous
        self.sequence = sequence
    }
}

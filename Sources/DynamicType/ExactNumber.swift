/// A number `OrderedJSONEncoder` writes in full precision — the shortest decimal that reads back
/// equal — rather than by `RoundedNumber`'s rule: the cells of a style table, which fontd reads
/// back, so that a table written out (`GET /styles`, `fontd styles --json`) is the same table
/// (docs/DESIGN.md §6 (Answer documents), Answer documents). Other encoders write it as the plain `Double`.
public struct ExactNumber: Hashable, Sendable, Encodable {
    /// The number, written as it is.
    public var value: Double

    /// `value`, to be written exactly.
    public init(_ value: Double) { self.value = value }

    /// The plain number: what an encoder other than `OrderedJSONEncoder` writes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

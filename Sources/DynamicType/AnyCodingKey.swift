/// A coding key whose name is data (categories in `sizes`, axis tags, style names) or an array index.
///
/// Public so that other modules can encode ordered maps — `OrderedJSONEncoder` sorts the keys
/// of a Swift dictionary, so a map whose order matters (`GET /fonts`) is encoded member by member.
public struct AnyCodingKey: CodingKey, Sendable {
    public let stringValue: String
    public let intValue: Int?

    /// A key named `string`.
    public init(_ string: String) {
        stringValue = string
        intValue = nil
    }
    /// The key of the element at `index` of an array.
    public init(index: Int) {
        stringValue = "\(index)"
        intValue = index
    }
    public init?(stringValue: String) { self.init(stringValue) }
    public init?(intValue: Int) { self.init(index: intValue) }
}

/// A coding key whose name is data (categories in `sizes`, axis tags) or an array index.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) { stringValue = string; intValue = nil }
    init(index: Int) { stringValue = "\(index)"; intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

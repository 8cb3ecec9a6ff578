/// A value fontd sends on the bus, written as GVariant text (`g_variant_parse`'s format), which the
/// bus library reads against the type the introspection XML declares (docs/DESIGN.md §27 (The session bus)).
public indirect enum BusValue: Hashable, Sendable {
    case string(String)
    case double(Double)
    case uint32(UInt32)
    case uint64(UInt64)
    /// `a{sv}`: each value in a variant.
    case dictionary([BusEntry])
    /// `a{sa{sv}}` and the like: a dictionary whose values are not in variants.
    case plainDictionary([BusEntry])
    /// A value in a variant (`v`).
    case variant(BusValue)

    /// The value as GVariant text, its numbers typed so that inside a variant they keep their type.
    public var text: String {
        switch self {
        case .string(let string): Self.quoted(string)
        case .double(let value): "double \(value)"
        case .uint32(let value): "uint32 \(value)"
        case .uint64(let value): "uint64 \(value)"
        case .variant(let value): "<\(value.text)>"
        case .dictionary(let entries): "{" + entries.map { "\(Self.quoted($0.key)): <\($0.value.text)>" }.joined(separator: ", ") + "}"
        case .plainDictionary(let entries): "{" + entries.map { "\(Self.quoted($0.key)): \($0.value.text)" }.joined(separator: ", ") + "}"
        }
    }

    /// The text of the tuple of `values`: a method's out arguments, a signal's arguments.
    public static func tuple(_ values: BusValue...) -> String {
        "(" + values.map(\.text).joined(separator: ", ") + (values.count == 1 ? ",)" : ")")
    }

    /// `string` in single quotes: the quote and the backslash escaped, control characters as `\uXXXX`.
    static func quoted(_ string: String) -> String {
        var text = "'"
        for scalar in string.unicodeScalars {
            switch scalar {
            case "'": text += "\\'"
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "'"
    }
}

/// One key and its value in a dictionary sent on the bus.
public struct BusEntry: Hashable, Sendable {
    public var key: String
    public var value: BusValue

    public init(_ key: String, _ value: BusValue) {
        self.key = key
        self.value = value
    }
}

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes `Encodable` values as JSON with each object's members in the order they were
/// encoded: a type's declaration order, a `FontCollection`'s table order.
///
/// It exists for that order alone. Foundation's `JSONEncoder` does not guarantee one (it
/// writes members in hash order unless asked to sort them, and sorted is not declared),
/// while fontd's answers, its state file and `GET /styles` promise a fixed order that reads
/// as the design documents it. A Swift `Dictionary` has no order of its own, so its keys are
/// written sorted, and equal values give equal bytes. Every number is written as
/// `RoundedNumber` writes it (docs/DESIGN.md §6 (Answer documents), Answer documents).
public struct OrderedJSONEncoder: Sendable {
    /// Whether to indent nested values by two spaces, one member per line.
    public var prettyPrinted: Bool

    public init(prettyPrinted: Bool = false) { self.prettyPrinted = prettyPrinted }

    /// The JSON text of `value`, as UTF-8 bytes.
    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = TreeEncoder(codingPath: [])
        try value.encode(to: encoder)
        var output = ""
        try Self.write(encoder.root.value, to: &output, indent: prettyPrinted ? 0 : nil)
        return Data(output.utf8)
    }

    /// The JSON text of `value`.
    public func string<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }

    // MARK: Writing

    private static func write(_ node: Node, to output: inout String, indent: Int?) throws {
        switch node {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .string(let value): writeString(value, to: &output)
        case .number(let value): output += try format(value)
        case .exactNumber(let value): output += try format(value, exactly: true)
        case .integer(let text): output += text
        case .array(let box):
            try writeContainer(box.elements, open: "[", close: "]", to: &output, indent: indent) { element, output, indent in
                try write(element.value, to: &output, indent: indent)
            }
        case .object(let box):
            try writeContainer(box.members, open: "{", close: "}", to: &output, indent: indent) { member, output, indent in
                writeString(member.key, to: &output)
                output += indent == nil ? ":" : ": "
                try write(member.value.value, to: &output, indent: indent)
            }
        }
    }

    private static func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to output: inout String, indent: Int?,
        writeElement: (Element, inout String, Int?) throws -> Void
    ) throws {
        output += open
        guard !elements.isEmpty else {
            output += close
            return
        }
        let inner = indent.map { $0 + 2 }
        for (offset, element) in elements.enumerated() {
            if offset > 0 { output += "," }
            if let inner { output += "\n" + String(repeating: " ", count: inner) }
            try writeElement(element, &output, inner)
        }
        if let indent { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// The shortest decimal within a thousandth of `value` (`RoundedNumber`), or `exactly` the
    /// shortest that reads back equal (`ExactNumber`); whole numbers without a fraction.
    static func format(_ value: Double, exactly: Bool = false) throws -> String {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "JSON cannot represent \(value)"))
        }
        return exactly ? formatNumber(value) : RoundedNumber(value).description
    }

    // MARK: The tree an Encoder builds

    fileprivate indirect enum Node {
        case null
        case bool(Bool)
        case string(String)
        case number(Double)
        case exactNumber(Double)
        case integer(String)
        case array(ArrayBox)
        case object(ObjectBox)
    }

    /// A slot a container fills in later; nested containers are handed out before they are filled.
    fileprivate final class NodeBox {
        var value: Node = .null
    }

    fileprivate final class ArrayBox {
        var elements: [NodeBox] = []
    }

    fileprivate final class ObjectBox {
        var members: [(key: String, value: NodeBox)] = []

        func slot(for key: String) -> NodeBox {
            if let existing = members.first(where: { $0.key == key }) { return existing.value }
            let box = NodeBox()
            members.append((key, box))
            return box
        }
    }

    fileprivate final class TreeEncoder: Encoder {
        let codingPath: [any CodingKey]
        let userInfo: [CodingUserInfoKey: Any] = [:]
        let root: NodeBox

        init(codingPath: [any CodingKey], root: NodeBox = NodeBox()) {
            self.codingPath = codingPath
            self.root = root
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            let object: ObjectBox
            if case .object(let existing) = root.value {
                object = existing
            } else {
                object = ObjectBox()
                root.value = .object(object)
            }
            return KeyedEncodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            let array: ArrayBox
            if case .array(let existing) = root.value {
                array = existing
            } else {
                array = ArrayBox()
                root.value = .array(array)
            }
            return UnkeyedContainer(array: array, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(box: root, codingPath: codingPath)
        }
    }

    /// Encodes one value into `box`, through the value's own `encode(to:)` unless it is a JSON primitive.
    fileprivate static func encode<Value: Encodable>(_ value: Value, into box: NodeBox, codingPath: [any CodingKey]) throws {
        // Casts to concrete types compare metadata; a cast to a protocol existential (`any
        // BinaryInteger`) scans every conformance record on first use, which costs a CLI run ~0.1 ms a type.
        switch value {
        case let number as Double: box.value = .number(number)
        case let number as ExactNumber: box.value = .exactNumber(number.value)
        case let string as String: box.value = .string(string)
        case let flag as Bool: box.value = .bool(flag)
        case let number as Int: box.value = .integer(String(number))
        case let number as Float: box.value = .number(Double(number))
        case let number as Int64: box.value = .integer(String(number))
        case let number as Int32: box.value = .integer(String(number))
        case let number as UInt: box.value = .integer(String(number))
        case let number as UInt64: box.value = .integer(String(number))
        case let number as UInt32: box.value = .integer(String(number))
        case let dictionary as [String: any Encodable]:
            // Dictionaries carry data keys (axis tags): sorted, so equal values give equal bytes.
            let object = ObjectBox()
            box.value = .object(object)
            for (key, member) in dictionary.sorted(by: { $0.key < $1.key }) {
                try encode(member, into: object.slot(for: key), codingPath: codingPath + [AnyCodingKey(key)])
            }
        default: try value.encode(to: TreeEncoder(codingPath: codingPath, root: box))
        }
    }

    fileprivate struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: ObjectBox
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { object.slot(for: key.stringValue).value = .null }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try OrderedJSONEncoder.encode(value, into: object.slot(for: key.stringValue), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
            NestedKey
        > {
            TreeEncoder(codingPath: codingPath + [key], root: object.slot(for: key.stringValue)).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            TreeEncoder(codingPath: codingPath + [key], root: object.slot(for: key.stringValue)).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            TreeEncoder(codingPath: codingPath + [key], root: object.slot(for: key.stringValue))
        }
    }

    fileprivate struct UnkeyedContainer: UnkeyedEncodingContainer {
        let array: ArrayBox
        let codingPath: [any CodingKey]
        var count: Int { array.elements.count }

        private func nextSlot() -> (NodeBox, [any CodingKey]) {
            let box = NodeBox()
            let path = codingPath + [AnyCodingKey(index: array.elements.count)]
            array.elements.append(box)
            return (box, path)
        }

        mutating func encodeNil() throws { _ = nextSlot() }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let (box, path) = nextSlot()
            try OrderedJSONEncoder.encode(value, into: box, codingPath: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let (box, path) = nextSlot()
            return TreeEncoder(codingPath: path, root: box).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let (box, path) = nextSlot()
            return TreeEncoder(codingPath: path, root: box).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let (box, path) = nextSlot()
            return TreeEncoder(codingPath: path, root: box)
        }
    }

    fileprivate struct SingleValueContainer: SingleValueEncodingContainer {
        let box: NodeBox
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { box.value = .null }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try OrderedJSONEncoder.encode(value, into: box, codingPath: codingPath)
        }
    }
}

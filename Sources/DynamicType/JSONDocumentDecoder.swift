/// Decodes `Decodable` values from a `JSONDocument`, members in document order, refusing
/// what Foundation's `JSONDecoder` lets through: a repeated member, and (when strict) a member
/// the type does not know.
///
/// fontd reads what it is given strictly (style tables, `PUT` bodies, its state file): a typo
/// is an error that names it, never a field silently dropped. A client reads what a server
/// answers tolerantly, so an older client keeps working with a newer server that adds fields.
/// Every error is a `DecodingError` whose `codingPath` says where (`pathDescription` prints
/// it as `styles[5].sizes.ax5.size`); the decoder's own refusals carry a
/// `JSONDocumentDecoder.Problem` as their underlying error.
public struct JSONDocumentDecoder: Sendable {
    /// What the decoder does with an object member the decoded type has no key for.
    public enum Mode: Sendable {
        /// Unknown members are refused (for what fontd reads).
        case strict
        /// Unknown members are skipped (for what a client reads from a server).
        case tolerant
    }

    /// Why the decoder itself refused a value; the last key of the error's path names the member.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The text is not JSON.
        case notJSON(JSONDocument.SyntaxError)
        /// A strict decoder met a member the type does not have; `allowed` lists the type's
        /// keys when its `CodingKey` type is `CaseIterable`.
        case unknownKey(allowed: [String]?)
        /// An object names a member twice (refused in both modes).
        case duplicateKey
        /// A required member is absent.
        case missingKey
        /// The value is of another JSON type (`expected` and `found` as `JSONDocument.kind` names them).
        case wrongType(expected: String, found: String)
        /// An integer was asked for and the number has a fraction.
        case notWholeNumber(Double)
        /// An integer was asked for and the number is outside the type's range, or past ±(2⁵³ − 1)
        /// where a JSON number no longer names one integer exactly.
        case numberOutOfRange(Double, lowest: String, highest: String)

        public var description: String {
            switch self {
            case .notJSON(let error): "not valid JSON (\(error))"
            case .unknownKey(let allowed?): "unknown field; allowed: \(allowed.joined(separator: ", "))"
            case .unknownKey(nil): "unknown field"
            case .duplicateKey: "appears twice in one object"
            case .missingKey: "required field is missing"
            case .wrongType(let expected, let found): "expected \(expected), found \(found)"
            case .notWholeNumber(let value): "expected a whole number, found \(formatNumber(value))"
            case .numberOutOfRange(let value, let lowest, let highest):
                "expected a whole number from \(lowest) to \(highest), found \(Self.wholeNumberText(value))"
            }
        }

        /// An integral number without a fraction or an exponent, when it fits an `Int64`.
        static func wholeNumberText(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 9e18 ? String(Int64(value)) : formatNumber(value)
        }
    }

    /// Whether unknown members are refused or skipped.
    public var mode: Mode

    /// A decoder that refuses unknown members (`.strict`) or skips them (`.tolerant`).
    public init(mode: Mode) { self.mode = mode }

    /// Decodes `type` from `document`.
    public func decode<Value: Decodable>(_ type: Value.Type, from document: JSONDocument) throws(DecodingError) -> Value {
        do {
            return try Value(from: DocumentDecoder(value: document, codingPath: [], mode: mode))
        } catch let error as DecodingError {
            throw error
        } catch {
            throw .dataCorrupted(.init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// Parses `json` (UTF-8) and decodes `type` from it; text that is not JSON is a
    /// `.dataCorrupted` error with `Problem.notJSON`.
    public func decode<Value: Decodable>(_ type: Value.Type, from json: some Collection<UInt8>) throws(DecodingError) -> Value {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: json)
        } catch {
            throw Self.refusal(.notJSON(error), at: [])
        }
        return try decode(type, from: document)
    }

    /// The decoder's own refusal of the value at `codingPath`: the problem in words, and as the underlying error.
    fileprivate static func refusal(_ problem: Problem, at codingPath: [any CodingKey]) -> DecodingError {
        .refusal(at: codingPath, problem.description, underlyingError: problem)
    }

    /// `codingPath` printed as a path into the document, `styles[5].sizes.ax5.size` (empty
    /// for the whole document).
    public static func pathDescription(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

extension JSONDocumentDecoder {
    /// The `Decoder` for one value of the document.
    fileprivate struct DocumentDecoder: Decoder, SingleValueDecodingContainer {
        let value: JSONDocument
        let codingPath: [any CodingKey]
        let mode: Mode
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let members) = value else { throw wrongType(expected: "an object") }
            return KeyedDecodingContainer(try KeyedContainer<Key>(members: members, codingPath: codingPath, mode: mode))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let elements) = value else { throw wrongType(expected: "an array") }
            return UnkeyedContainer(elements: elements, codingPath: codingPath, mode: mode)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        // MARK: Single values

        func decodeNil() -> Bool { value == .null }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let flag) = value else { throw wrongType(expected: "true or false") }
            return flag
        }

        func decode(_ type: String.Type) throws -> String {
            guard case .string(let text) = value else { throw wrongType(expected: "a string") }
            return text
        }

        func decode(_ type: Double.Type) throws -> Double {
            guard case .number(let number) = value else { throw wrongType(expected: "a number") }
            return number
        }

        func decode(_ type: Float.Type) throws -> Float {
            let number = try decode(Double.self)
            guard Float(number).isFinite else {
                throw refusal(
                    .numberOutOfRange(
                        number, lowest: formatNumber(-Double(Float.greatestFiniteMagnitude)),
                        highest: formatNumber(Double(Float.greatestFiniteMagnitude))))
            }
            return Float(number)
        }

        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

        /// The number as `Integer`, refused unless it is one exactly: JSONDocument holds numbers
        /// as `Double`, which names every integer only up to 2⁵³ − 1 (RFC 7493 §2.2).
        private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
            let number = try decode(Double.self)
            guard number == number.rounded(.towardZero) else { throw refusal(.notWholeNumber(number)) }
            let exactLimit = 9_007_199_254_740_991.0
            let lowest = max(Double(Integer.min), -exactLimit)
            let highest = min(Double(Integer.max), exactLimit)
            guard number >= lowest, number <= highest, let exact = Integer(exactly: number) else {
                throw refusal(
                    .numberOutOfRange(
                        number, lowest: Problem.wholeNumberText(lowest), highest: Problem.wholeNumberText(highest)))
            }
            return exact
        }

        private func wrongType(expected: String) -> DecodingError {
            let problem = Problem.wrongType(expected: expected, found: value.kind)
            let context = DecodingError.Context(codingPath: codingPath, debugDescription: problem.description, underlyingError: problem)
            // Foundation's convention: null where a value is required is a missing value.
            return value == .null ? .valueNotFound(Any.self, context) : .typeMismatch(Any.self, context)
        }

        private func refusal(_ problem: Problem) -> DecodingError {
            JSONDocumentDecoder.refusal(problem, at: codingPath)
        }
    }

    /// An object's members, checked once when the container is made: no member twice, and
    /// (strict) none the key type does not know.
    fileprivate struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let codingPath: [any CodingKey]
        let mode: Mode
        let allKeys: [Key]
        private let values: [String: JSONDocument]

        init(members: [JSONDocument.Member], codingPath: [any CodingKey], mode: Mode) throws {
            self.codingPath = codingPath
            self.mode = mode
            var values: [String: JSONDocument] = [:]
            var keys: [Key] = []
            for member in members {
                let key = Key(stringValue: member.key)
                if key == nil, mode == .strict {
                    throw JSONDocumentDecoder.refusal(.unknownKey(allowed: Self.allowedKeys()), at: codingPath + [AnyCodingKey(member.key)])
                }
                guard values.updateValue(member.value, forKey: member.key) == nil else {
                    throw JSONDocumentDecoder.refusal(.duplicateKey, at: codingPath + [AnyCodingKey(member.key)])
                }
                if let key { keys.append(key) }
            }
            self.values = values
            allKeys = keys
        }

        func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder(for: key).decode(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<
            NestedKey
        > {
            try decoder(for: key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder(for: key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            DocumentDecoder(value: .object([]), codingPath: codingPath + [AnyCodingKey("super")], mode: mode)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }

        private func decoder(for key: Key) throws -> DocumentDecoder {
            guard let value = values[key.stringValue] else {
                let problem = Problem.missingKey
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: problem.description, underlyingError: problem))
            }
            return DocumentDecoder(value: value, codingPath: codingPath + [key], mode: mode)
        }

        /// The key type's names in declaration order, when it can list them.
        private static func allowedKeys() -> [String]? {
            // Only on the error path: a cast to a protocol existential scans the conformance records.
            guard let listable = Key.self as? any CaseIterable.Type else { return nil }
            return names(of: listable)
        }

        private static func names<Listable: CaseIterable>(of type: Listable.Type) -> [String] {
            type.allCases.compactMap { ($0 as? any CodingKey)?.stringValue }
        }
    }

    /// An array's elements, decoded front to back.
    fileprivate struct UnkeyedContainer: UnkeyedDecodingContainer {
        let elements: [JSONDocument]
        let codingPath: [any CodingKey]
        let mode: Mode
        private(set) var currentIndex = 0

        init(elements: [JSONDocument], codingPath: [any CodingKey], mode: Mode) {
            self.elements = elements
            self.codingPath = codingPath
            self.mode = mode
        }

        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        mutating func decodeNil() throws -> Bool {
            guard try current().decodeNil() else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let value = try current().decode(type)
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let container = try current().container(keyedBy: type)
            currentIndex += 1
            return container
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let container = try current().unkeyedContainer()
            currentIndex += 1
            return container
        }

        mutating func superDecoder() throws -> any Decoder {
            let decoder = try current()
            currentIndex += 1
            return decoder
        }

        private func current() throws -> DocumentDecoder {
            let path = codingPath + [AnyCodingKey(index: currentIndex)]
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self, .init(codingPath: path, debugDescription: "the array has only \(elements.count) elements"))
            }
            return DocumentDecoder(value: elements[currentIndex], codingPath: path, mode: mode)
        }
    }
}

/// A JSON document parsed strictly (RFC 8259), keeping object members in document order —
/// duplicates included, so a reader can refuse them instead of silently keeping one.
///
/// Decoded through `JSONDocumentDecoder` wherever fontd reads JSON: Foundation's `JSONDecoder`
/// keeps one of two duplicate members without a word, lists an object's keys in no fixed
/// order, and costs a command-line run about a millisecond of type lookups.
public enum JSONDocument: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONDocument])
    case object([Member])

    /// One member of an object, in document order.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONDocument

        public init(key: String, value: JSONDocument) {
            self.key = key
            self.value = value
        }
    }

    /// Where and why a text is not JSON.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var reason: String
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// Parses `bytes` (UTF-8) as one JSON value with nothing but white space around it.
    public init(parsing bytes: some Collection<UInt8>) throws(SyntaxError) {
        var parser = Parser(bytes: Array(bytes))
        self = try parser.parseDocument()
    }

    /// The JSON type's name, for error messages ("expected a number, found a string").
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        /// Nesting limit, so a hostile file cannot exhaust the stack.
        let maximumDepth = 64

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func parseDocument() throws(SyntaxError) -> JSONDocument {
            let value = try parseValue(depth: 0)
            skipWhitespace()
            guard position == bytes.count else { throw error("unexpected text after the JSON value") }
            return value
        }

        private func error(_ reason: String) -> SyntaxError {
            var line = 1
            var column = 1
            for byte in bytes[..<min(position, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return SyntaxError(line: line, column: column, reason: reason)
        }

        private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        private mutating func expect(_ literal: String, _ value: JSONDocument) throws(SyntaxError) -> JSONDocument {
            let utf8 = Array(literal.utf8)
            guard bytes.count - position >= utf8.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
                throw error("unexpected character")
            }
            position += utf8.count
            return value
        }

        private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONDocument {
            skipWhitespace()
            guard depth < maximumDepth else { throw error("nested more than \(maximumDepth) levels deep") }
            guard let byte = current else { throw error("unexpected end of the document") }
            switch byte {
            case UInt8(ascii: "{"): return try parseObject(depth: depth)
            case UInt8(ascii: "["): return try parseArray(depth: depth)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default: throw error("unexpected character")
            }
        }

        private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONDocument {
            position += 1
            var members: [Member] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
                let key = try parseString()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
                position += 1
                members.append(Member(key: key, value: try parseValue(depth: depth + 1)))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "}"):
                    position += 1
                    return .object(members)
                default: throw error("expected ',' or '}' in an object")
                }
            }
        }

        private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONDocument {
            position += 1
            var elements: [JSONDocument] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                elements.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"):
                    position += 1
                    return .array(elements)
                default: throw error("expected ',' or ']' in an array")
                }
            }
        }

        private mutating func parseNumber() throws(SyntaxError) -> Double {
            let start = position
            func digits(_ parser: inout Parser) -> Int {
                let first = parser.position
                while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.position += 1 }
                return parser.position - first
            }
            if current == UInt8(ascii: "-") { position += 1 }
            // RFC 8259 §6: no leading zeros, digits on both sides of the point.
            if current == UInt8(ascii: "0") {
                position += 1
            } else if digits(&self) == 0 {
                throw error("expected a digit")
            }
            if current == UInt8(ascii: ".") {
                position += 1
                guard digits(&self) > 0 else { throw error("expected a digit after the decimal point") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                position = start
                throw error("the number \(text) is out of range")
            }
            return value
        }

        private mutating func parseString() throws(SyntaxError) -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flushRun(_ parser: Parser, upTo end: Int) throws(SyntaxError) {
                guard let run = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
                    throw parser.error("the text is not valid UTF-8")
                }
                scalars.append(contentsOf: run.unicodeScalars)
            }
            while true {
                guard let byte = current else { throw error("unterminated string") }
                switch byte {
                case UInt8(ascii: "\""):
                    try flushRun(self, upTo: position)
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flushRun(self, upTo: position)
                    position += 1
                    scalars.append(try parseEscape())
                    runStart = position
                case ..<0x20:
                    throw error("control character in a string (escape it)")
                default:
                    position += 1
                }
            }
        }

        private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
            guard let byte = current else { throw error("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let high = try parseHex4()
                if (0xD800...0xDBFF).contains(high) {
                    guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate must be followed by a low surrogate")
                    }
                    position += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low),
                        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                    else { throw error("invalid surrogate pair") }
                    return scalar
                }
                guard let scalar = Unicode.Scalar(high) else { throw error("lone low surrogate") }
                return scalar
            default:
                position -= 1
                throw error("invalid escape")
            }
        }

        private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
            let digits = bytes.count - position >= 4 ? bytes[position..<position + 4] : []
            guard digits.count == 4, digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
                let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
            else { throw error("expected four hexadecimal digits after \\u") }
            position += 4
            return value
        }
    }
}

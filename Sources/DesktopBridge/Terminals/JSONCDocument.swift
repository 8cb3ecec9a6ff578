/// A JSON-with-comments document read for an in-place edit (docs/DESIGN.md §31 (Terminals and
/// editors)): VS Code's `settings.json` with `//` and `/* */` comments and trailing commas. Only
/// the top-level object's members are kept, as byte ranges of the text; nothing is re-serialised,
/// so an edit changes the bytes it replaces and no others.
struct JSONCDocument {
    /// A top-level member: its key and where its value's text lies.
    struct Member {
        var key: String
        /// The offset of the key's opening quote.
        var keyStart: Int
        var valueRange: Range<Int>
    }

    /// Why the text is not JSONC, and where (line and column from 1).
    struct Malformed: Error {
        var reason: String
        var line: Int
        var column: Int
    }

    let bytes: [UInt8]
    private(set) var members: [Member] = []
    /// The offset of the top-level object's `{` and `}`.
    private(set) var open = 0, close = 0
    /// The offset just past the last member's value, or past its trailing comma when it has one.
    private(set) var lastEnd = 0
    private(set) var hasTrailingComma = false
    /// Byte ranges of comments.
    private(set) var comments: [Range<Int>] = []
    private var position = 0

    init(_ bytes: [UInt8]) throws(Malformed) {
        self.bytes = bytes
        // A byte order mark, which VS Code reads past, is no part of the settings.
        position = FileBytes.byteOrderMarkCount(bytes)
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw failure("the settings are not an object (expected {)") }
        open = position
        position += 1
        lastEnd = position
        while true {
            skipSpace()
            if peek == UInt8(ascii: "}") { break }
            if !members.isEmpty, !hasTrailingComma { throw failure("expected , or } after a value") }
            let keyStart = position
            guard peek == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw failure("expected : after \"\(key)\"") }
            position += 1
            skipSpace()
            let valueStart = position
            try value(depth: 0)
            members.append(Member(key: key, keyStart: keyStart, valueRange: valueStart..<position))
            lastEnd = position
            skipSpace()
            hasTrailingComma = peek == UInt8(ascii: ",")
            if hasTrailingComma {
                position += 1
                lastEnd = position
            }
        }
        close = position
        position += 1
        skipSpace()
        guard position == bytes.count else { throw failure("text after the settings' closing }") }
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The line and column of `position`, for an error.
    private func failure(_ reason: String) -> Malformed {
        let before = bytes[..<min(position, bytes.count)]
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
        let found =
            switch peek {
            case nil: "found the end"
            case 0x0A?: "found a line end"
            case let byte? where byte < 0x80: "found '\(Character(Unicode.Scalar(byte)))'"
            default: "found a character outside ASCII"
            }
        return Malformed(reason: "\(reason), \(found)", line: line, column: column)
    }

    /// Skips white space and comments, recording the comments.
    private mutating func skipSpace() {
        while let byte = peek {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                let start = position
                while let next = peek, next != 0x0A { position += 1 }
                comments.append(start..<position)
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                let start = position
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                // An unclosed comment runs to the end, where the object's } is then missing.
                position = min(position + 2, bytes.count)
                comments.append(start..<position)
            } else {
                return
            }
        }
    }

    /// A string at `position` (its opening quote); its text between the quotes as written, escapes undecoded.
    private mutating func string() throws(Malformed) -> String {
        position += 1
        let start = position
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position + 1 < bytes.count, Array("\"\\/bfnrtu".utf8).contains(bytes[position + 1]) else {
                    throw failure("an unknown escape in a string")
                }
                position += 2
            case 0x0A:
                throw failure("a string not closed before the end of its line")
            default:
                position += 1
            }
        }
        throw failure("a string not closed")
    }

    /// Skips a value of any kind, nested ones included.
    private mutating func value(depth: Int) throws(Malformed) {
        guard depth < 256 else { throw failure("values nested too deep") }
        guard let byte = peek else { throw failure("expected a value") }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            position += 1
            var expectingItem = true
            while true {
                skipSpace()
                if peek == closing {
                    position += 1
                    return
                }
                guard expectingItem else { throw failure("expected , or \(Character(Unicode.Scalar(closing)))") }
                if closing == UInt8(ascii: "}") {
                    guard peek == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
                    _ = try string()
                    skipSpace()
                    guard peek == UInt8(ascii: ":") else { throw failure("expected :") }
                    position += 1
                    skipSpace()
                }
                try value(depth: depth + 1)
                skipSpace()
                expectingItem = peek == UInt8(ascii: ",")
                if expectingItem { position += 1 }
            }
        default:
            let start = position
            while let next = peek, Array("+-.0123456789eEtruefalsn".utf8).contains(next) { position += 1 }
            let word = String(decoding: bytes[start..<position], as: UTF8.self)
            guard word == "true" || word == "false" || word == "null" || Double(word) != nil else {
                position = start
                throw failure("expected a value")
            }
        }
    }
}

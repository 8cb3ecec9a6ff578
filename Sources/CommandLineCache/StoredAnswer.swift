import Caching

/// One command line's answer as the cache keeps it in a file (docs/DESIGN.md §18 (The command line)): the key it
/// answers, the paths it was made from with their stamps, and what the command wrote.
///
/// The file is a header line naming the format and its version, then length-prefixed fields
/// (`<decimal length>:<bytes>\n`), then a line with the HMAC-SHA256 of everything before it, made
/// with the user's key (`CacheSecret`). Anything else — another version, a truncated or altered
/// file, one made with another key, a field that does not parse, no inputs — is refused whole,
/// never read in part.
struct StoredAnswer: Equatable, Sendable {
    /// The key of the command line this answers (`AnswerKey`).
    var key: [UInt8]
    /// What the answer was made from, stamped as the answer was made.
    var inputs: [StampedPath]
    var standardOutput: [UInt8]
    var standardError: [UInt8]

    /// The first line of every cache file; a new format changes its version, and older files are then refused.
    static let header = Array("fontd command-line cache 2\n".utf8)

    /// `hmac-sha256 ` and the 64 hex digits of the HMAC-SHA256 of all that comes before, and a line feed.
    private static let codePrefix = Array("hmac-sha256 ".utf8)
    private static let codeLength = codePrefix.count + 64 + 1

    /// The file's bytes, authenticated with `secret`.
    func encoded(with secret: CacheSecret) -> [UInt8] {
        var bytes = Self.header
        Self.append(key, to: &bytes)
        Self.append(Array(String(inputs.count).utf8), to: &bytes)
        for input in inputs {
            Self.append(Array(input.path.utf8), to: &bytes)
            Self.append(Array(Self.text(of: input.stamp).utf8), to: &bytes)
        }
        Self.append(standardOutput, to: &bytes)
        Self.append(standardError, to: &bytes)
        bytes += Self.codePrefix + Hexadecimal.digits(of: secret.authenticationCode(of: bytes[...])) + [UInt8(ascii: "\n")]
        return bytes
    }

    /// Reads a file's bytes, checking the header, the HMAC with `secret` and every field.
    init(decoding bytes: [UInt8], with secret: CacheSecret) throws(CommandLineCacheError) {
        guard bytes.starts(with: Self.header) else { throw .damaged("not a cache file of this version") }
        guard bytes.count >= Self.header.count + Self.codeLength else { throw .damaged("truncated") }
        let bodyEnd = bytes.count - Self.codeLength
        let trailer = bytes[bodyEnd...]
        guard trailer.starts(with: Self.codePrefix), trailer.last == UInt8(ascii: "\n"),
            let code = Hexadecimal.bytes(of: trailer.dropFirst(Self.codePrefix.count).dropLast()),
            secret.isAuthenticationCode(code, of: bytes[..<bodyEnd])
        else {
            throw .damaged("its HMAC does not match: truncated, altered, or made with another key")
        }
        var fields = FieldReader(bytes: bytes[Self.header.count..<bodyEnd])
        key = Array(try fields.next())
        guard let count = Self.unsigned(try fields.next()) else { throw .damaged("unreadable count of inputs") }
        // An answer is valid while its inputs are unchanged: one with none would never be stale.
        guard count > 0 else { throw .damaged("it lists no inputs") }
        inputs = []
        inputs.reserveCapacity(Int(min(count, 4096)))
        for _ in 0..<count {
            let path = String(decoding: try fields.next(), as: UTF8.self)
            guard let stamp = Self.stamp(parsing: try fields.next()) else { throw .damaged("unreadable stamp of \(path)") }
            inputs.append(StampedPath(path: path, stamp: stamp))
        }
        standardOutput = Array(try fields.next())
        standardError = Array(try fields.next())
        guard fields.isAtEnd else { throw .damaged("bytes after the last field") }
    }

    init(key: [UInt8], inputs: [StampedPath], standardOutput: [UInt8], standardError: [UInt8]) {
        self.key = key
        self.inputs = inputs
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Appends `field` as `<length>:<bytes>\n`.
    static func append(_ field: [UInt8], to bytes: inout [UInt8]) {
        bytes += Array(String(field.count).utf8)
        bytes.append(UInt8(ascii: ":"))
        bytes += field
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `present DEVICE INODE BYTES MTIME CTIME` (times in nanoseconds) or `absent ERRNO`.
    private static func text(of stamp: PathStamp) -> String {
        switch stamp {
        case .present(let device, let inode, let bytes, let modified, let changed):
            "present \(device) \(inode) \(bytes) \(modified) \(changed)"
        case .absent(let errno):
            "absent \(errno)"
        }
    }

    /// The stamp `text(of:)` wrote, read from its bytes.
    private static func stamp(parsing field: ArraySlice<UInt8>) -> PathStamp? {
        let words = field.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        if words.count == 6, words[0].elementsEqual("present".utf8),
            let device = unsigned(words[1]), let inode = unsigned(words[2]),
            let bytes = signed(words[3]), let modified = signed(words[4]), let changed = signed(words[5])
        {
            return .present(device: device, inode: inode, bytes: bytes, modifiedNanoseconds: modified, changedNanoseconds: changed)
        }
        if words.count == 2, words[0].elementsEqual("absent".utf8), let errno = signed(words[1]).flatMap(Int32.init(exactly:)) {
            return .absent(errno: errno)
        }
        return nil
    }

    /// Decimal digits as a number; nil for anything else, or past `UInt64.max`.
    private static func unsigned(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = tens.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { return nil }
            value = sum
        }
        return value
    }

    /// Decimal digits, perhaps after a minus sign, as an `Int64`; nil for anything else.
    private static func signed(_ text: ArraySlice<UInt8>) -> Int64? {
        let negative = text.first == UInt8(ascii: "-")
        guard let magnitude = unsigned(negative ? text.dropFirst() : text), magnitude <= UInt64(Int64.max) else { return nil }
        return negative ? -Int64(magnitude) : Int64(magnitude)
    }
}

/// Reads `<decimal length>:<bytes>\n` fields one after another, refusing any that overruns.
private struct FieldReader {
    let bytes: ArraySlice<UInt8>
    private var position: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var isAtEnd: Bool { position == bytes.endIndex }

    mutating func next() throws(CommandLineCacheError) -> ArraySlice<UInt8> {
        var length = 0
        var digits = 0
        while position < bytes.endIndex, let digit = Self.digit(bytes[position]) {
            // A length longer than the file is refused below; stop before it could overflow.
            guard digits < 12 else { throw .damaged("a field's length is too long") }
            length = length * 10 + digit
            digits += 1
            position += 1
        }
        guard digits > 0, position < bytes.endIndex, bytes[position] == UInt8(ascii: ":") else {
            throw .damaged("a field has no length")
        }
        position += 1
        guard length < bytes.endIndex - position, bytes[position + length] == UInt8(ascii: "\n") else {
            throw .damaged("a field overruns the file")
        }
        defer { position += length + 1 }
        return bytes[position..<position + length]
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}

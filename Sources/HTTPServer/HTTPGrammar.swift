/// The pieces of RFC 9112's grammar the decoder checks, each a pure function of complete bytes.
enum HTTPGrammar {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let httpSlash = Array("HTTP/".utf8)

    /// `method SP request-target SP HTTP-version`. A target in absolute form
    /// (`http://host/path?query`, RFC 9112 §3.2.2) is handed on in origin form (`/path?query`),
    /// its authority as the request's `authority`.
    static func requestLine(_ line: ArraySlice<UInt8>) throws(HTTPFailure) -> HTTPRequest {
        let malformed = HTTPFailure.malformed("malformed request line")
        guard let firstSpace = line.firstIndex(of: space),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: space)
        else { throw malformed }
        let method = line[line.startIndex..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        let version = line[(secondSpace + 1)...]
        guard !method.isEmpty, method.allSatisfy(isTokenCharacter),
            !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw malformed }
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        let v = version.startIndex
        guard version.count == 8, version.starts(with: httpSlash), version[v + 6] == UInt8(ascii: "."),
            digit.contains(version[v + 5]), digit.contains(version[v + 7])
        else { throw HTTPFailure.malformed("malformed HTTP version") }
        guard version[v + 5] == UInt8(ascii: "1") else {
            throw HTTPFailure.unsupportedVersion("only HTTP/1.0 and HTTP/1.1 are supported")
        }
        let (path, authority) = try originForm(target)
        return HTTPRequest(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: path, as: UTF8.self),
            minorVersion: Int(version[v + 7] - UInt8(ascii: "0")), authority: authority.map { String(decoding: $0, as: UTF8.self) })
    }

    /// `target` in origin form: unchanged unless it is in absolute form, whose scheme goes and
    /// whose authority is handed back apart (the request's host is then the target's).
    private static func originForm(
        _ target: ArraySlice<UInt8>
    ) throws(HTTPFailure) -> (path: ArraySlice<UInt8>, authority: ArraySlice<UInt8>?) {
        guard let first = target.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "*") else { return (target, nil) }
        let lowered = target.prefix(8).map { $0 | 0x20 }
        let scheme: Int
        if lowered.starts(with: Array("http://".utf8)) {
            scheme = 7
        } else if lowered.starts(with: Array("https://".utf8)) {
            scheme = 8
        } else {
            throw HTTPFailure.malformed("a request target must start with / or be an absolute http(s) URI")
        }
        let authority = target.index(target.startIndex, offsetBy: scheme)
        let pathStart = target[authority...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.endIndex
        guard pathStart > authority else { throw HTTPFailure.malformed("an absolute request target without a host") }
        // RFC 9110 §4.2.4: userinfo in an http(s) URI is to be treated as an error.
        guard !target[authority..<pathStart].contains(UInt8(ascii: "@")) else {
            throw HTTPFailure.malformed("an absolute request target with userinfo (user@host)")
        }
        let rest = target[pathStart...]
        return (rest.first == UInt8(ascii: "/") ? rest : ArraySlice(Array("/".utf8) + rest), target[authority..<pathStart])
    }

    /// `field-name ":" OWS field-value OWS`.
    static func field(_ line: ArraySlice<UInt8>) throws(HTTPFailure) -> (name: String, value: String) {
        guard let first = line.first, first != space, first != tab else {
            throw HTTPFailure.malformed("obsolete line folding in a header")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPFailure.malformed("header line without a colon")
        }
        let name = line[line.startIndex..<colon]
        // RFC 9112 §5.1: no whitespace between the field name and the colon.
        guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else {
            throw HTTPFailure.malformed("invalid header name")
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == space || byte == tab { value.removeFirst() }
        while let byte = value.last, byte == space || byte == tab { value.removeLast() }
        guard value.allSatisfy({ $0 == tab || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw HTTPFailure.malformed("control character in a header value")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    enum BodyFraming {
        case none
        case length(Int)
        case chunked
    }

    /// How the body of `request` is framed, after the checks that keep framing unambiguous;
    /// also one `Host` (for HTTP/1.1) and at most one `Authorization` (a singleton field).
    static func bodyFraming(of request: HTTPRequest, limits: HTTPLimits) throws(HTTPFailure) -> BodyFraming {
        // One pass, allocating only for the framing fields that are present.
        var hosts = 0
        var authorizations = 0
        var lengths: [Substring] = []
        var encodings: [(name: String, value: String)] = []
        for field in request.headers {
            if HTTPRequest.namesEqual(field.name, "host") {
                hosts += 1
            } else if HTTPRequest.namesEqual(field.name, "authorization") {
                authorizations += 1
            } else if HTTPRequest.namesEqual(field.name, "content-length") {
                lengths += field.value.split(separator: ",", omittingEmptySubsequences: false).map(trimmingWhitespace)
            } else if HTTPRequest.namesEqual(field.name, "transfer-encoding") {
                encodings.append(field)
            }
        }
        if request.minorVersion >= 1, hosts == 0 { throw HTTPFailure.malformed("HTTP/1.1 request without Host") }
        if hosts > 1 { throw HTTPFailure.malformed("more than one Host header") }
        if authorizations > 1 { throw HTTPFailure.malformed("more than one Authorization header") }

        if !encodings.isEmpty {
            guard lengths.isEmpty else {
                throw HTTPFailure.malformed("both Content-Length and Transfer-Encoding")
            }
            let codings: [Substring] = encodings.flatMap { $0.value.lowercased().split(separator: ",", omittingEmptySubsequences: false) }
                .map(trimmingWhitespace)
            guard codings == ["chunked"] else {
                throw HTTPFailure.unsupportedCoding("only the chunked transfer coding is implemented")
            }
            return .chunked
        }
        guard !lengths.isEmpty else { return .none }
        var length: Int?
        for text in lengths {
            // Digits only: Int("+5") and Int("-5") succeed, and a sign is no Content-Length.
            guard let value = decimal(text) else { throw HTTPFailure.malformed("invalid Content-Length") }
            guard length == nil || length == value else { throw HTTPFailure.malformed("differing Content-Length values") }
            length = value
        }
        guard let length else { return .none }
        guard length <= limits.maxBodyBytes else { throw bodyTooLarge(limits) }
        return length == 0 ? .none : .length(length)
    }

    /// The refusal of a body past `limits.maxBodyBytes`, announced or de-chunked.
    static func bodyTooLarge(_ limits: HTTPLimits) -> HTTPFailure {
        HTTPFailure.bodyTooLarge("body larger than \(limits.maxBodyBytes) bytes")
    }

    /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1.1): the size, and how many bytes the extensions took.
    /// `chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )`, a name a
    /// token, a value a token or a quoted-string. White space is allowed only where BWS is: before
    /// `;` and around `=`; at the end of the line (`a `) it is not, so that line is refused rather
    /// than read one way here and another by a proxy in front.
    static func chunkSizeLine(_ line: ArraySlice<UInt8>) throws(HTTPFailure) -> (size: Int, extensionBytes: Int) {
        let digits = line.prefix { isHexDigit($0) }
        guard let size = hexadecimal(digits) else { throw HTTPFailure.malformed("invalid chunk size") }
        var rest = line[digits.endIndex...]
        let extensionBytes = rest.count
        while !rest.isEmpty {
            skipWhitespace(&rest)
            guard rest.first == UInt8(ascii: ";") else { throw HTTPFailure.malformed("invalid chunk-size line") }
            rest.removeFirst()
            skipWhitespace(&rest)
            guard takeToken(&rest) else { throw HTTPFailure.malformed("a chunk extension without a name") }
            // White space after the name belongs to the next `;` unless an `=` follows it.
            var value = rest
            skipWhitespace(&value)
            guard value.first == UInt8(ascii: "=") else { continue }
            rest = value.dropFirst()
            skipWhitespace(&rest)
            if rest.first == UInt8(ascii: "\"") {
                try takeQuotedString(&rest)
            } else if !takeToken(&rest) {
                throw HTTPFailure.malformed("a chunk extension without a value after '='")
            }
        }
        return (size, extensionBytes)
    }

    private static func skipWhitespace(_ bytes: inout ArraySlice<UInt8>) {
        while let byte = bytes.first, byte == space || byte == tab { bytes.removeFirst() }
    }

    /// Takes a token (one or more token characters); false when there is none.
    private static func takeToken(_ bytes: inout ArraySlice<UInt8>) -> Bool {
        let token = bytes.prefix(while: isTokenCharacter)
        bytes = bytes[token.endIndex...]
        return !token.isEmpty
    }

    /// Takes `DQUOTE *( qdtext / quoted-pair ) DQUOTE` (RFC 9110 §5.6.4).
    private static func takeQuotedString(_ bytes: inout ArraySlice<UInt8>) throws(HTTPFailure) {
        bytes.removeFirst()
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "\""):
                return
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst(), escaped == tab || (escaped >= 0x20 && escaped != 0x7F) else {
                    throw HTTPFailure.malformed("an invalid quoted pair in a chunk extension")
                }
            case tab, 0x20...0x7E, 0x80...0xFF:
                continue
            default:
                throw HTTPFailure.malformed("a control character in a chunk extension")
            }
        }
        throw HTTPFailure.malformed("an unterminated quoted string in a chunk extension")
    }

    /// A list element without the optional whitespace around it (RFC 9110 §5.6.1).
    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        var trimmed = text
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed
    }

    /// RFC 9110 §5.6.2 token characters.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }

    static func decimal(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// At most 15 hexadecimal digits (so the value never overflows).
    static func hexadecimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        var value = 0
        for byte in digits {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }
}

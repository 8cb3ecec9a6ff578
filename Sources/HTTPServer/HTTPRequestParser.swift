/// Why bytes are not an acceptable request, as the status to answer before closing.
public struct HTTPParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 400, 413, 414, 431, 501 or 505.
    public var status: Int
    public var reason: String

    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status): \(reason)" }
}

/// What the bytes received so far amount to.
public enum HTTPParseResult: Equatable, Sendable {
    /// More bytes are needed. `headersComplete` with `expectsContinue` means the client
    /// waits for `100 Continue` before sending its body.
    case incomplete(headersComplete: Bool, expectsContinue: Bool)
    /// A whole request, and how many bytes of the input it used (pipelined requests follow).
    case complete(HTTPRequest, consumed: Int)
    /// The request is refused; answer `error.status` and close.
    case failed(HTTPParseError)
}

/// Parses HTTP/1.x requests strictly (RFC 9112), as a pure function of the bytes received.
///
/// Framing ambiguities that let a proxy and a server disagree about where a request ends
/// are refused outright: bare CR or LF, whitespace before a colon, obs-fold, control
/// characters, a signed or repeated-and-differing Content-Length, Content-Length together
/// with Transfer-Encoding.
public struct HTTPRequestParser: Sendable {
    public var limits: HTTPLimits

    public init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let maxChunkLineBytes = 1024

    /// Parses the request at the start of `bytes`.
    public func parse(_ bytes: ArraySlice<UInt8>) -> HTTPParseResult {
        do {
            return try parseRequest(bytes)
        } catch {
            return .failed(error)
        }
    }

    private func parseRequest(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPParseResult {
        var position = bytes.startIndex
        // RFC 9112 §2.2: ignore empty lines before the request line.
        while position + 1 < bytes.endIndex, bytes[position] == Self.cr, bytes[position + 1] == Self.lf { position += 2 }

        guard let requestLine = try line(in: bytes, from: position, limit: limits.maxRequestLineBytes, tooLong: 414) else {
            return .incomplete(headersComplete: false, expectsContinue: false)
        }
        var request = try parseRequestLine(bytes[position..<requestLine.end])
        position = requestLine.next

        let headerStart = position
        while true {
            let remaining = limits.maxHeaderBytes - (position - headerStart)
            guard let field = try line(in: bytes, from: position, limit: max(remaining, 0), tooLong: 431) else {
                return .incomplete(headersComplete: false, expectsContinue: false)
            }
            defer { position = field.next }
            if field.end == position { break }
            guard request.headers.count < limits.maxHeaderCount else {
                throw HTTPParseError(status: 431, reason: "more than \(limits.maxHeaderCount) header fields")
            }
            request.headers.append(try parseField(bytes[position..<field.end]))
        }

        let framing = try bodyFraming(of: request)
        switch framing {
        case .none:
            return .complete(request, consumed: position - bytes.startIndex)
        case .length(let length):
            guard bytes.endIndex - position >= length else {
                return .incomplete(headersComplete: true, expectsContinue: request.expectsContinue)
            }
            request.body = Array(bytes[position..<position + length])
            return .complete(request, consumed: position + length - bytes.startIndex)
        case .chunked:
            guard let (body, end) = try dechunk(bytes, from: position) else {
                return .incomplete(headersComplete: true, expectsContinue: request.expectsContinue)
            }
            request.body = body
            return .complete(request, consumed: end - bytes.startIndex)
        }
    }

    /// The line starting at `start`: where its CRLF begins and where the next line starts;
    /// nil when no LF has arrived yet within `limit` bytes.
    private func line(in bytes: ArraySlice<UInt8>, from start: Int, limit: Int, tooLong status: Int) throws(HTTPParseError) -> (end: Int, next: Int)? {
        var index = start
        while index < bytes.endIndex {
            switch bytes[index] {
            case Self.lf:
                throw HTTPParseError(status: 400, reason: "bare LF (lines must end with CRLF)")
            case Self.cr:
                guard index + 1 < bytes.endIndex else { return nil }
                guard bytes[index + 1] == Self.lf else { throw HTTPParseError(status: 400, reason: "bare CR") }
                guard index - start <= limit else { throw tooLongError(status) }
                return (index, index + 2)
            default:
                index += 1
                if index - start > limit { throw tooLongError(status) }
            }
        }
        return nil
    }

    private func tooLongError(_ status: Int) -> HTTPParseError {
        status == 414
            ? HTTPParseError(status: 414, reason: "request line longer than \(limits.maxRequestLineBytes) bytes")
            : HTTPParseError(status: 431, reason: "header block larger than \(limits.maxHeaderBytes) bytes")
    }

    private func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequest {
        let malformed = HTTPParseError(status: 400, reason: "malformed request line")
        guard let firstSpace = line.firstIndex(of: UInt8(ascii: " ")),
              let secondSpace = line[(firstSpace + 1)...].firstIndex(of: UInt8(ascii: " "))
        else { throw malformed }
        let method = line[line.startIndex..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        let version = line[(secondSpace + 1)...]
        guard !method.isEmpty, method.allSatisfy(Self.isTokenCharacter),
              !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw malformed }
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        let v = version.startIndex
        guard version.count == 8, version.starts(with: Self.httpSlash), version[v + 6] == UInt8(ascii: "."),
              digit.contains(version[v + 5]), digit.contains(version[v + 7])
        else { throw HTTPParseError(status: 400, reason: "malformed HTTP version") }
        guard version[v + 5] == UInt8(ascii: "1") else {
            throw HTTPParseError(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are supported")
        }
        return HTTPRequest(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: target, as: UTF8.self),
            minorVersion: Int(version[v + 7] - UInt8(ascii: "0")))
    }

    private static let httpSlash = Array("HTTP/".utf8)

    private func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw HTTPParseError(status: 400, reason: "obsolete line folding in a header")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPParseError(status: 400, reason: "header line without a colon")
        }
        let name = line[line.startIndex..<colon]
        // RFC 9112 §5.1: no whitespace between the field name and the colon.
        guard !name.isEmpty, name.allSatisfy(Self.isTokenCharacter) else {
            throw HTTPParseError(status: 400, reason: "invalid header name")
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 0x20 || byte == 0x09 { value.removeFirst() }
        while let byte = value.last, byte == 0x20 || byte == 0x09 { value.removeLast() }
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw HTTPParseError(status: 400, reason: "control character in a header value")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    private enum BodyFraming { case none, length(Int), chunked }

    private func bodyFraming(of request: HTTPRequest) throws(HTTPParseError) -> BodyFraming {
        // One pass, allocating only for the framing fields that are present.
        var hosts = 0
        var lengths: [Substring] = []
        var encodings: [(name: String, value: String)] = []
        for field in request.headers {
            if HTTPRequest.namesEqual(field.name, "host") {
                hosts += 1
            } else if HTTPRequest.namesEqual(field.name, "content-length") {
                lengths += field.value.split(separator: ",", omittingEmptySubsequences: false).map(Self.trimmingWhitespace)
            } else if HTTPRequest.namesEqual(field.name, "transfer-encoding") {
                encodings.append(field)
            }
        }
        if request.minorVersion >= 1, hosts == 0 { throw HTTPParseError(status: 400, reason: "HTTP/1.1 request without Host") }
        if hosts > 1 { throw HTTPParseError(status: 400, reason: "more than one Host header") }

        if !encodings.isEmpty {
            guard lengths.isEmpty else {
                throw HTTPParseError(status: 400, reason: "both Content-Length and Transfer-Encoding")
            }
            let codings: [Substring] = encodings.flatMap { $0.value.lowercased().split(separator: ",", omittingEmptySubsequences: false) }
                .map(Self.trimmingWhitespace)
            guard codings == ["chunked"] else {
                throw HTTPParseError(status: 501, reason: "only the chunked transfer coding is implemented")
            }
            return .chunked
        }
        guard !lengths.isEmpty else { return .none }
        var length: Int?
        for text in lengths {
            // Digits only: Int("+5") and Int("-5") succeed, and a sign is no Content-Length.
            guard let value = Self.decimal(text) else { throw HTTPParseError(status: 400, reason: "invalid Content-Length") }
            guard length == nil || length == value else { throw HTTPParseError(status: 400, reason: "differing Content-Length values") }
            length = value
        }
        guard let length else { return .none }
        guard length <= limits.maxBodyBytes else {
            throw HTTPParseError(status: 413, reason: "body larger than \(limits.maxBodyBytes) bytes")
        }
        return length == 0 ? .none : .length(length)
    }

    /// The chunked body starting at `start` and where it ends, or nil until all of it has arrived.
    private func dechunk(_ bytes: ArraySlice<UInt8>, from start: Int) throws(HTTPParseError) -> ([UInt8], Int)? {
        var body: [UInt8] = []
        var position = start
        while true {
            guard let sizeLine = try line(in: bytes, from: position, limit: Self.maxChunkLineBytes, tooLong: 400) else { return nil }
            let header = bytes[position..<sizeLine.end]
            let digits = header.prefix { $0 != UInt8(ascii: ";") }
            guard let size = Self.hexadecimal(digits) else { throw HTTPParseError(status: 400, reason: "invalid chunk size") }
            guard body.count + size <= limits.maxBodyBytes else {
                throw HTTPParseError(status: 413, reason: "body larger than \(limits.maxBodyBytes) bytes")
            }
            position = sizeLine.next
            if size == 0 { break }
            guard bytes.endIndex - position >= size + 2 else { return nil }
            body.append(contentsOf: bytes[position..<position + size])
            position += size
            guard bytes[position] == Self.cr, bytes[position + 1] == Self.lf else {
                throw HTTPParseError(status: 400, reason: "chunk data not followed by CRLF")
            }
            position += 2
        }
        // Trailer fields, parsed as strictly as headers, then discarded.
        var trailerBytes = 0
        while true {
            guard let field = try line(in: bytes, from: position, limit: limits.maxHeaderBytes - trailerBytes, tooLong: 431) else { return nil }
            if field.end == position { return (body, field.next) }
            _ = try parseField(bytes[position..<field.end])
            trailerBytes += field.next - position
            position = field.next
        }
    }

    /// A list element without the optional whitespace around it (RFC 9110 §5.6.1).
    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        var trimmed = text
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed
    }

    /// RFC 9110 §5.6.2 token characters.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
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


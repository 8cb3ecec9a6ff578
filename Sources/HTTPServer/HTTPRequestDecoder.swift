/// Decodes one connection's requests as their bytes arrive, resuming where it stopped: each
/// byte is examined once, however the request is cut into reads (docs/DESIGN.md §14 (Request framing and limits)).
///
/// `decode` is called with the connection's unconsumed input, which starts at the request being
/// received and only grows until that request is complete; offsets are relative to its start,
/// so the input may be moved between calls. After `.complete` or `.failed` it starts afresh.
struct HTTPRequestDecoder {
    /// Where in the request decoding stands.
    private enum Phase {
        /// Empty lines, then the request line (every byte of them counts against its limit).
        case requestLine
        /// Header fields; the block began at `blockStart`.
        case headers(blockStart: Int)
        /// A `Content-Length` body ending at `end`.
        case body(end: Int)
        /// A chunk-size line.
        case chunkSize
        /// Chunk data ending at `end`, then CRLF.
        case chunkData(end: Int)
        /// Trailer fields; the block began at `blockStart`.
        case trailers(blockStart: Int)
    }

    let limits: HTTPLimits
    private var phase = Phase.requestLine
    /// The next byte to examine, from the request's first byte.
    private var position = 0
    /// Where the line being scanned begins.
    private var lineStart = 0
    private var request = HTTPRequest(method: "", target: "")
    private var body: [UInt8] = []
    /// Bytes of chunk extensions in this request's body so far.
    private var extensionBytes = 0
    /// Every byte examined since the decoder was made (for tests: decoding is linear).
    private(set) var bytesExamined = 0

    /// The most bytes of chunk extensions one body may carry.
    static let maxExtensionBytes = 4096
    static let maxChunkLineBytes = 1024

    init(limits: HTTPLimits) { self.limits = limits }

    /// What `bytes` (the unconsumed input, from the request's first byte) amount to so far.
    mutating func decode(_ bytes: ArraySlice<UInt8>) -> HTTPParseResult {
        do {
            let result = try advance(bytes)
            if case .complete = result { reset() }
            return result
        } catch {
            reset()
            return .failed(error)
        }
    }

    private mutating func reset() {
        phase = .requestLine
        position = 0
        lineStart = 0
        request = HTTPRequest(method: "", target: "")
        body = []
        extensionBytes = 0
    }

    private mutating func advance(_ bytes: ArraySlice<UInt8>) throws(HTTPFailure) -> HTTPParseResult {
        let base = bytes.startIndex
        while true {
            switch phase {
            case .requestLine:
                // RFC 9112 §2.2: empty lines before the request line are ignored, but not without limit.
                guard let end = try scanLine(bytes, measuredFrom: 0, limit: limits.maxRequestLineBytes, tooLong: .requestLine)
                else { return .incomplete(headersComplete: false, expectsContinue: false) }
                if end == lineStart {
                    lineStart = position
                    continue
                }
                request = try HTTPGrammar.requestLine(bytes[(base + lineStart)..<(base + end)])
                request.headers.reserveCapacity(8)
                phase = .headers(blockStart: position)
                lineStart = position
            case .headers(let blockStart):
                guard let end = try scanLine(bytes, measuredFrom: blockStart, limit: limits.maxHeaderBytes, tooLong: .headerBlock)
                else { return .incomplete(headersComplete: false, expectsContinue: false) }
                if end == lineStart {
                    try startBody()
                    continue
                }
                guard request.headers.count < limits.maxHeaderCount else {
                    throw HTTPFailure.headersTooLarge("more than \(limits.maxHeaderCount) header fields")
                }
                request.headers.append(try HTTPGrammar.field(bytes[(base + lineStart)..<(base + end)]))
                lineStart = position
            case .body(let end):
                guard bytes.count >= end else { return waitingForBody }
                request.body = Array(bytes[(base + position)..<(base + end)])
                bytesExamined += end - position
                position = end
                return .complete(request, consumed: position)
            case .chunkSize:
                guard let end = try scanLine(bytes, measuredFrom: lineStart, limit: Self.maxChunkLineBytes, tooLong: .chunkLine)
                else { return waitingForBody }
                let (size, extensions) = try HTTPGrammar.chunkSizeLine(bytes[(base + lineStart)..<(base + end)])
                extensionBytes += extensions
                guard extensionBytes <= Self.maxExtensionBytes else {
                    throw HTTPFailure.malformed("chunk extensions longer than \(Self.maxExtensionBytes) bytes in all")
                }
                guard body.count + size <= limits.maxBodyBytes else { throw HTTPGrammar.bodyTooLarge(limits) }
                lineStart = position
                phase = size == 0 ? .trailers(blockStart: position) : .chunkData(end: position + size)
            case .chunkData(let end):
                guard bytes.count >= end + 2 else { return waitingForBody }
                body.append(contentsOf: bytes[(base + position)..<(base + end)])
                guard bytes[base + end] == HTTPGrammar.cr, bytes[base + end + 1] == HTTPGrammar.lf else {
                    throw HTTPFailure.malformed("chunk data not followed by CRLF")
                }
                bytesExamined += end + 2 - position
                position = end + 2
                lineStart = position
                phase = .chunkSize
            case .trailers(let blockStart):
                // Parsed as strictly as header fields, then discarded.
                guard let end = try scanLine(bytes, measuredFrom: blockStart, limit: limits.maxHeaderBytes, tooLong: .headerBlock)
                else { return waitingForBody }
                if end == lineStart {
                    request.body = body
                    return .complete(request, consumed: position)
                }
                _ = try HTTPGrammar.field(bytes[(base + lineStart)..<(base + end)])
                lineStart = position
            }
        }
    }

    /// The head is complete: how the body is framed decides what comes next.
    private mutating func startBody() throws(HTTPFailure) {
        lineStart = position
        switch try HTTPGrammar.bodyFraming(of: request, limits: limits) {
        case .none: phase = .body(end: position)
        case .length(let length): phase = .body(end: position + length)
        case .chunked: phase = .chunkSize
        }
    }

    private var waitingForBody: HTTPParseResult { .incomplete(headersComplete: true, expectsContinue: request.expectsContinue) }

    /// Scans the line that began at `lineStart` from where the last call stopped; returns where
    /// its CRLF begins (and moves `position` past it), or nil until it has arrived. The line may
    /// end at most `limit` bytes after `start`.
    private mutating func scanLine(
        _ bytes: ArraySlice<UInt8>, measuredFrom start: Int, limit: Int, tooLong line: LineKind
    ) throws(HTTPFailure) -> Int? {
        // A local cursor, written back once: the loop runs per byte.
        let base = bytes.startIndex
        let count = bytes.count
        let first = position
        var index = position
        defer {
            bytesExamined += index - first
            position = index
        }
        while index < count {
            switch bytes[base + index] {
            case HTTPGrammar.lf:
                throw HTTPFailure.malformed("bare LF (lines must end with CRLF)")
            case HTTPGrammar.cr:
                // The CR is examined again when its LF arrives in a later read.
                guard index + 1 < count else { return nil }
                guard bytes[base + index + 1] == HTTPGrammar.lf else { throw HTTPFailure.malformed("bare CR") }
                let end = index
                guard end - start <= limit else { throw tooLong(line) }
                index += 2
                return end
            default:
                index += 1
                if index - start > limit { throw tooLong(line) }
            }
        }
        return nil
    }

    /// Which limit a line is held to, for the error when it is passed (built only then: an
    /// interpolated message per line would double the cost of decoding).
    private enum LineKind {
        case requestLine, headerBlock, chunkLine
    }

    private func tooLong(_ line: LineKind) -> HTTPFailure {
        switch line {
        case .requestLine: HTTPFailure.lineTooLong("request line longer than \(limits.maxRequestLineBytes) bytes")
        case .headerBlock: HTTPFailure.headersTooLarge("header block larger than \(limits.maxHeaderBytes) bytes")
        case .chunkLine: HTTPFailure.malformed("chunk-size line longer than \(Self.maxChunkLineBytes) bytes")
        }
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP client that sends exactly the bytes it is given: the way to test framing rules that
/// polite HTTP clients never break.
public final class RawHTTPConnection {
    public enum ClientError: Error, CustomStringConvertible {
        case connect(Int32)
        case timedOut(String)
        case closed(String)
        case malformed(String)

        public var description: String {
            switch self {
            case .connect(let code): "connect failed: \(String(cString: strerror(code)))"
            case .timedOut(let what): "timed out waiting for \(what)"
            case .closed(let what): "connection closed while waiting for \(what)"
            case .malformed(let what): "malformed response: \(what)"
            }
        }
    }

    public let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to `127.0.0.1:port`; reads give up after `timeoutSeconds`.
    public init(port: Int, timeoutSeconds: Double = 5) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: Int((timeoutSeconds - timeoutSeconds.rounded(.down)) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let code = LoopbackSocket.connect(descriptor, port: port) {
            Glibc.close(descriptor)
            throw ClientError.connect(code)
        }
    }

    deinit { Glibc.close(descriptor) }

    /// Sends `text` byte for byte (write `\r\n` yourself).
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ClientError.closed("sending") }
            offset += sent
        }
    }

    /// Reads one response; `toHead` when it answers a HEAD (a length but no body).
    public func readResponse(toHead: Bool = false) throws -> TestResponse {
        let headEnd = try readUntil(Array("\r\n\r\n".utf8), what: "a response head")
        let headBytes = Array(buffer[..<(headEnd + 2)])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw ClientError.malformed(head)
        }
        let headers = try lines.map { line -> (name: String, value: String) in
            guard let colon = line.firstIndex(of: ":") else { throw ClientError.malformed(line) }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        // The field lines as written: everything after the status line's CRLF.
        let statusLineEnd = headBytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? headBytes.count
        let fieldBytes = Array(headBytes[statusLineEnd...])
        var response = TestResponse(status: status, headers: headers, headerBytes: fieldBytes, body: [])
        if toHead || status < 200 || status == 204 || status == 304 { return response }
        if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            while buffer.count < length { try fill("a body of \(length) bytes") }
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else {
            response.body = try readUntilClosed()
        }
        return response
    }

    /// Everything until the server closes.
    public func readUntilClosed() throws -> [UInt8] {
        while true {
            do { try fill("the end of the stream") } catch ClientError.closed { break }
        }
        defer { buffer = [] }
        return buffer
    }

    /// Reads until `delimiter` has arrived; its offset in what is buffered.
    public func readUntil(_ delimiter: [UInt8], what: String) throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= delimiter.count {
                for start in searchFrom...(buffer.count - delimiter.count)
                where buffer[start..<start + delimiter.count].elementsEqual(delimiter) {
                    return start
                }
                searchFrom = buffer.count - delimiter.count + 1
            }
            try fill(what)
        }
    }

    /// Takes `count` buffered-or-arriving bytes.
    public func take(_ count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill("\(count) bytes") }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    /// Whether the server has closed the connection (a read returns end of file or a reset)
    /// within the read timeout, discarding anything else it sends.
    public func closedByServer() -> Bool {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &scratch, scratch.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Half-closes: the server sees end of input, the connection can still read.
    public func shutdownWrite() { Glibc.shutdown(descriptor, Int32(SHUT_WR)) }

    private func fill(_ what: String) throws {
        var scratch = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &scratch, scratch.count, 0)
        if count == 0 { throw ClientError.closed(what) }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw ClientError.timedOut(what) }
            if errno == ECONNRESET { throw ClientError.closed(what) }
            throw ClientError.malformed("recv errno \(errno)")
        }
        buffer.append(contentsOf: scratch[..<count])
    }
}

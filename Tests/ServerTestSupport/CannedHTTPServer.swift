import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Something that is not fontd: answers every request on a port of its own with the same
/// bytes, then closes the connection. For testing what a client makes of a foreign answer,
/// and exactly what a client sent (`requests`).
public final class CannedHTTPServer: @unchecked Sendable {
    /// A request as it arrived: its request line's parts, its header fields in order, its body.
    public struct Request: Sendable {
        public var method: String
        /// The request target as sent, such as `/preferences?scope=alice%2Fphone`.
        public var target: String
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]

        /// The value of the first field named `name` (any case).
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The body as UTF-8 text.
        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    public let port: Int
    private let listener: Int32
    private let answer: [UInt8]
    private let received = RequestLog()

    /// Every request answered so far, oldest first.
    public var requests: [Request] { received.requests.withLock { $0 } }

    /// The requests, apart from the server, so that its accepting thread does not keep it alive.
    private final class RequestLog: Sendable {
        // Appended to by the accepting thread, read by the test's.
        let requests = Mutex<[Request]>([])
    }

    /// Listens on `127.0.0.1` (a port the kernel chooses) and answers `status` with `body`.
    ///
    /// With `stalling`, the answer's head promises more body than it sends, and the connection
    /// stays open, silent, until the client closes it: a server that hangs mid-answer.
    public init(status: Int = 200, contentType: String, body: String, stalling: Bool = false) throws {
        let bodyBytes = Array(body.utf8)
        let length = bodyBytes.count + (stalling ? 1000 : 0)
        answer =
            Array(
                "HTTP/1.1 \(status) Canned\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n".utf8)
            + bodyBytes
        (listener, port) = try LoopbackSocket.listen(backlog: 16)
        Thread.detachNewThread { [listener, answer, stalling, received] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR { continue }
                    break
                }
                // Read the request head and its body (by Content-Length), then answer and close:
                // a close with the body unread would reset the connection under the answer.
                var head: [UInt8] = []
                var byte: UInt8 = 0
                while read(connection, &byte, 1) == 1 {
                    head.append(byte)
                    if head.suffix(4) == Array("\r\n\r\n".utf8) { break }
                }
                var request = Self.request(head: head)
                let length = request.header("Content-Length").flatMap { Int($0) } ?? 0
                while request.body.count < length, read(connection, &byte, 1) == 1 { request.body.append(byte) }
                received.requests.withLock { $0.append(request) }
                _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                // Stalling: silent until the client gives up and closes (read answers 0 or fails).
                while stalling, read(connection, &byte, 1) == 1 {}
                Glibc.close(connection)
            }
            Glibc.close(listener)
        }
    }

    deinit { shutdown(listener, Int32(SHUT_RDWR)) }

    /// The request line and header fields of `head` (without a body yet).
    private static func request(head: [UInt8]) -> Request {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = (lines.first ?? "").split(separator: " ", maxSplits: 2).map(String.init)
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Request(
            method: parts.first ?? "", target: parts.count > 1 ? parts[1] : "", headers: headers, body: [])
    }

    /// `http://127.0.0.1:PORT`.
    public var url: URL { LoopbackSocket.url(port: port) }
}

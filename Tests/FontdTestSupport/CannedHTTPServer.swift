import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Something that is not fontd: answers every request on a port of its own with the same
/// bytes, then closes the connection. For testing what a client makes of a foreign answer.
public final class CannedHTTPServer: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let answer: [UInt8]

    /// Listens on `127.0.0.1` (a port the kernel chooses) and answers `status` with `body`.
    ///
    /// With `stalling`, the answer's head promises more body than it sends, and the connection
    /// stays open, silent, until the client closes it: a server that hangs mid-answer.
    public init(status: Int = 200, contentType: String, body: String, stalling: Bool = false) throws {
        let bodyBytes = Array(body.utf8)
        let length = bodyBytes.count + (stalling ? 1000 : 0)
        answer = Array("HTTP/1.1 \(status) Canned\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n".utf8) + bodyBytes
        (listener, port) = try LoopbackSocket.listen(backlog: 16)
        Thread.detachNewThread { [listener, answer, stalling] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR { continue }
                    break
                }
                // Read the request head, then answer and close.
                var head: [UInt8] = []
                var byte: UInt8 = 0
                while read(connection, &byte, 1) == 1 {
                    head.append(byte)
                    if head.suffix(4) == Array("\r\n\r\n".utf8) { break }
                }
                _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                // Stalling: silent until the client gives up and closes (read answers 0 or fails).
                while stalling, read(connection, &byte, 1) == 1 {}
                Glibc.close(connection)
            }
            Glibc.close(listener)
        }
    }

    deinit { shutdown(listener, Int32(SHUT_RDWR)) }

    /// `http://127.0.0.1:PORT`.
    public var url: URL { LoopbackSocket.url(port: port) }
}

import DynamicType
import Foundation
import HTTPServer
import Synchronization

/// How a test reaches fontd: the same requests, asked in process or of a real server.
///
/// In process, a request is handed to a function that answers it on the calling thread
/// (`FontServiceTestSupport` gives `TestClient.inProcess(_:)`, which asks a `FontService`):
/// no socket, no server, and the answer exactly as the service built it. Live, it is written
/// to a `fontd serve` on a fresh loopback connection and the answer is read off the wire.
/// The in-process half lives apart so that a test needing only the live half, or only the
/// pinned fonts, builds without `FontService`.
public struct TestClient: Sendable {
    public enum Mode: String, CaseIterable, Sendable, CustomStringConvertible {
        case inProcess = "in process"
        case live

        public var description: String { rawValue }
    }

    private enum Transport: Sendable {
        case inProcess(@Sendable (HTTPRequest) -> TestResponse)
        case server(port: Int, timeoutSeconds: Double)
    }

    private let transport: Transport

    /// A client whose requests `answer` answers on the calling thread.
    public static func inProcess(answering answer: @escaping @Sendable (HTTPRequest) -> TestResponse) -> TestClient {
        TestClient(transport: .inProcess(answer))
    }

    /// A client that asks the server listening on `127.0.0.1:port`; a read gives up after `timeoutSeconds`
    /// (generous: a change waits up to the store's timeout, and a machine at load 40 added seconds to it).
    public static func live(port: Int, timeoutSeconds: Double = 30) -> TestClient {
        TestClient(transport: .server(port: port, timeoutSeconds: timeoutSeconds))
    }

    public var mode: Mode {
        switch transport {
        case .inProcess: .inProcess
        case .server: .live
        }
    }

    /// The answer to `method target` with `headers` and `body`.
    public func send(
        _ target: String, method: String = "GET", headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) throws -> TestResponse {
        switch transport {
        case .inProcess(let answer):
            return answer(HTTPRequest(method: method, target: target, headers: headers, body: body))
        case .server(let port, let timeoutSeconds):
            let connection = try RawHTTPConnection(port: port, timeoutSeconds: timeoutSeconds)
            var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            for field in headers { request += "\(field.name): \(field.value)\r\n" }
            if !body.isEmpty { request += "Content-Length: \(body.count)\r\n" }
            request += "Connection: close\r\n\r\n"
            try connection.send(Array(request.utf8) + body)
            return try connection.readResponse(toHead: method == "HEAD")
        }
    }

    /// The fonts' generation the server reports in `GET /preferences` (docs/DESIGN.md §25 (Font set changes)).
    public func fontGeneration() throws -> String {
        guard case .string(let generation)? = try get("/preferences").member("fontGeneration") else { return "(none)" }
        return generation
    }

    /// `body`, a preferences object as the tests write it, with the server's `fontGeneration`
    /// where `GET /preferences` and snapshots carry it: after `sequence`, before `inherited`.
    public func withFontGeneration(_ body: String) throws -> String {
        let member = #","fontGeneration":"\#(try fontGeneration())""#
        if let inherited = body.range(of: #","inherited":"#) {
            return body.replacingCharacters(in: inherited.lowerBound..<inherited.lowerBound, with: member)
        }
        return String(body.dropLast()) + member + "}"
    }

    /// `GET target`.
    public func get(_ target: String, headers: [(name: String, value: String)] = []) throws -> TestResponse {
        try send(target, headers: headers)
    }

    /// `PUT path` with a JSON body, and the bearer token when one is given.
    public func put(_ path: String, _ json: String, token: String? = nil) throws -> TestResponse {
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        return try send(path, method: "PUT", headers: headers, body: Array(json.utf8))
    }
}

/// An answer that comes later, from another thread: a deferred `HTTPResponse` as a test
/// receives it, or a `TestResponse` a test thread is waiting for.
public final class DeferredAnswer<Answer: Sendable>: Sendable {
    private let response = Mutex<Answer?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    public init() {}

    public func complete(_ response: Answer) {
        self.response.withLock { $0 = response }
        arrived.signal()
    }

    /// The response, once it has come; nil if it has not within `seconds`.
    public func wait(seconds: Double) -> Answer? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return response.withLock { $0 }
    }

    /// The response if it has come already.
    public var current: Answer? { response.withLock { $0 } }
}

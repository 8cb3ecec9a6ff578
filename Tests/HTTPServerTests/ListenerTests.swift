import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import ServerTestSupport
import Synchronization
import Testing

/// Answers every request with the number of the event loop that read it (its loop context).
struct LoopNumberResponder: HTTPResponder {
    final class Numbering: Sendable {
        let next = Atomic<Int>(0)
    }

    let numbering = Numbering()

    func makeLoopContext() -> Int { numbering.next.add(1, ordering: .relaxed).newValue }

    func respond(to request: HTTPRequest, context: Int) -> HTTPReply {
        .response(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array(String(context).utf8)))
    }
}

/// The one listener all event loops share (docs/DESIGN.md §13 (The server)).
@Suite(.ownThread) struct ListenerTests {
    static func server(threads: Int) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = threads
        let server = try HTTPServer(configuration: configuration, responder: LoopNumberResponder(), logger: Logger(label: "test"))
        server.start()
        return server
    }

    /// `EPOLLEXCLUSIVE` wakes the first waiting loop: without the hand-over, connections that
    /// arrive one at a time on an idle server all land on the same loop.
    @Test func connectionsArrivingOneAtATimeAreSpreadOverTheLoops() throws {
        let server = try Self.server(threads: 2)
        defer {
            server.stop()
            server.wait()
        }
        var connections: [RawHTTPConnection] = []
        var answeredBy: [String: Int] = [:]
        for _ in 0..<20 {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            answeredBy[try connection.readResponse().bodyText, default: 0] += 1
            connections.append(connection)  // kept open: each stays with its loop
        }
        #expect(answeredBy.count == 2, "\(answeredBy)")
        #expect(answeredBy.values.allSatisfy { (9...11).contains($0) }, "\(answeredBy)")
    }

    @Test func aSecondListenerOnTheAddressIsRefused() throws {
        let server = try Self.server(threads: 2)
        defer {
            server.stop()
            server.wait()
        }
        #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: server.port)) {
            _ = try HTTPListener(host: "127.0.0.1", port: server.port)
        }
        #expect(HTTPServerError.addressInUse(host: "127.0.0.1", port: 8686).description == "127.0.0.1:8686 is in use by another process")
        #expect(HTTPServerError.addressInUse(host: "::1", port: 8686).description == "[::1]:8686 is in use by another process")
    }

    @Test func aStoppedServerRefusesNewConnectionsAndFreesItsPort() throws {
        let server = try Self.server(threads: 2)
        let port = server.port
        server.stop()
        #expect(throws: (any Error).self) { _ = try RawHTTPConnection(port: port) }
        server.wait()
        _ = try HTTPListener(host: "127.0.0.1", port: port)
    }
}

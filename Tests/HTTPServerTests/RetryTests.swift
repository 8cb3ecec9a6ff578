import FontdTestSupport
import Foundation
import HTTPServer
import ServerTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `HTTPReply.retry(after:)`: the loop parks the request, and asks the responder again once the
/// work it waited for is done — on the loop's thread, in order with the connection's other requests.
@Suite(.ownThread) struct RetryTests {
    /// Answers `/later` with `.retry` until `ready` holds, then with a stream or a response; other
    /// paths at once. Counts how often it was asked.
    final class LaterResponder: HTTPResponder {
        let ready = Atomic<Bool>(false)
        let asked = Atomic<Int>(0)
        let release = DispatchSemaphore(value: 0)

        func respond(to request: HTTPRequest, context: Void) -> HTTPReply {
            if request.path.hasPrefix("/later") {
                asked.add(1, ordering: .relaxed)
                guard ready.load(ordering: .acquiring) else {
                    return .retry { [self] again in
                        DispatchQueue.global().async {
                            self.release.wait()
                            self.ready.store(true, ordering: .releasing)
                            again()
                        }
                    }
                }
                if request.path == "/later/stream" {
                    return .stream(HTTPResponse(status: 200, body: Array("streaming\n".utf8))) { _ in }
                }
            }
            return .response(HTTPResponse(status: 200, body: Array(request.target.utf8)))
        }
    }

    @Test func aRetriedRequestIsAnsweredOnceReadyAndThePipelineWaitsForIt() throws {
        let responder = LaterResponder()
        try withServer(serving: responder) { server in
            let client = try RawHTTPConnection(port: server.port)
            try client.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\nGET /next HTTP/1.1\r\nHost: t\r\n\r\n")
            // Nothing is answered while the first request waits, not even the second.
            var watch = pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)
            #expect(poll(&watch, 1, 200) == 0, "an answer came before the first request was ready")
            responder.release.signal()
            let first = try client.readResponse()
            #expect(first.status == 200 && first.bodyText == "/later")
            let second = try client.readResponse()
            #expect(second.bodyText == "/next")
            #expect(responder.asked.load(ordering: .relaxed) == 2)
        }
    }

    @Test func aRetriedRequestMayBecomeAStream() throws {
        let responder = LaterResponder()
        try withServer(serving: responder) { server in
            let client = try RawHTTPConnection(port: server.port)
            try client.send("GET /later/stream HTTP/1.1\r\nHost: t\r\n\r\n")
            responder.release.signal()
            let head = try client.readUntil(Array("\r\n\r\n".utf8), what: "the head")
            #expect(String(decoding: try client.take(head + 4), as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(try client.take(10) == Array("streaming\n".utf8))
        }
    }
}

import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import ServerTestSupport
import Synchronization
import Testing

/// A responder for the server's own tests: `/echo` answers the request's target and body,
/// `/stream` holds the response open and hands the stream to the test.
final class EchoResponder: HTTPResponder {
    let streams = Mutex<[HTTPStream]>([])
    let ended = Mutex<[HTTPStream.EndReason]>([])

    func respond(to request: HTTPRequest, context: Void) -> HTTPReply {
        if request.path == "/stream" {
            return .stream(HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: Array("ready\n".utf8))) {
                stream in
                stream.onEnd { reason in self.ended.withLock { $0.append(reason) } }
                self.streams.withLock { $0.append(stream) }
            }
        }
        return .response(
            HTTPResponse(
                status: 200, headers: [("Content-Type", "text/plain")],
                body: Array("\(request.method) \(request.target) \(request.body.count)".utf8)))
    }

    /// Waits until `count` streams have opened.
    func waitForStreams(_ count: Int) throws -> [HTTPStream] {
        try Wait.value("\(count) streams open", seen: { "\(streams.withLock { $0.count })" }) {
            let open = streams.withLock { $0 }
            return open.count >= count ? open : nil
        }
    }

    /// Waits until `count` streams have ended, and returns why each did.
    func waitForEnd(_ count: Int) throws -> [HTTPStream.EndReason] {
        try Wait.until("\(count) streams ended", seen: { "\(ended.withLock { $0 })" }) { ended.withLock { $0.count } >= count }
        return ended.withLock { $0 }
    }
}

/// An in-process server of `responder` on a kernel-chosen port, stopped when the test ends.
func withServer(
    _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }, serving responder: some HTTPResponder,
    _ body: (HTTPServer) throws -> Void
) throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.threads = 2
    configure(&configuration)
    let server = try HTTPServer(configuration: configuration, responder: responder, logger: Logger(label: "test"))
    server.start()
    defer {
        server.stop()
        server.wait()
    }
    try body(server)
}

/// An in-process server of an `EchoResponder`, stopped when the test ends.
func withServer(
    _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }, responder: EchoResponder = EchoResponder(),
    _ body: (HTTPServer, EchoResponder) throws -> Void
) throws {
    try withServer(configure, serving: responder) { server in try body(server, responder) }
}

@Suite(.ownThread) struct StreamTests {
    @Test func pushedBytesArriveInOrder() throws {
        try withServer { server, responder in
            let client = try RawHTTPConnection(port: server.port)
            try client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.readUntil(Array("\r\n\r\n".utf8), what: "the head")
            let headText = String(decoding: try client.take(head + 4), as: UTF8.self)
            #expect(headText.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(!headText.lowercased().contains("content-length"))
            #expect(try client.take(6) == Array("ready\n".utf8))
            let stream = try #require(try responder.waitForStreams(1).first)
            for number in 1...50 { stream.send(Array("event \(number)\n".utf8)) }
            let expected = (1...50).map { "event \($0)\n" }.joined()
            #expect(String(decoding: try client.take(expected.utf8.count), as: UTF8.self) == expected)
            stream.close()
            #expect(client.closedByServer())
            #expect(try responder.waitForEnd(1) == [.closedByServer])
            #expect(!stream.send([1]))
        }
    }

    @Test func endHandlersRunOnceEachInTheOrderRegistered() throws {
        try withServer { server, responder in
            var client: RawHTTPConnection? = try RawHTTPConnection(port: server.port)
            try client?.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            let stream = try #require(try responder.waitForStreams(1).first)
            let calls = Mutex<[String]>([])
            let lastRan = DispatchSemaphore(value: 0)
            // The responder registered the first handler when the stream opened.
            stream.onEnd { reason in
                let earlier = responder.ended.withLock { $0.count }
                calls.withLock { $0.append("second \(reason), \(earlier) before it") }
            }
            stream.onEnd { reason in
                calls.withLock { $0.append("third \(reason)") }
                lastRan.signal()
            }
            client = nil
            try Wait.signal("the last callback", on: lastRan)
            stream.onEnd { reason in calls.withLock { $0.append("after the end \(reason)") } }
            #expect(calls.withLock { $0 } == ["second clientGone, 1 before it", "third clientGone", "after the end clientGone"])
            #expect(responder.ended.withLock { $0 } == [.clientGone])
        }
    }

    @Test func eventsHeldBackByAFullKernelBufferArriveWholeAndInOrder() throws {
        try withServer({ $0.streamSendBufferBytes = 4096 }) { server, responder in
            let client = try RawHTTPConnection(port: server.port)
            var receiveBuffer: Int32 = 4096
            setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
            try client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.take(try client.readUntil(Array("ready\n".utf8), what: "ready") + 6)
            let stream = try #require(try responder.waitForStreams(1).first)
            // 150 events of 1,000 bytes, unread until all are sent: most wait in the server's
            // output (under the 256 KiB backlog limit), some cut at the kernel's edge.
            let events = (1...150).map { number in
                let head = Array("event \(number) ".utf8)
                return head + [UInt8](repeating: UInt8(ascii: "a") + UInt8(number % 26), count: 999 - head.count) + [UInt8(ascii: "\n")]
            }
            for event in events { #expect(stream.send(event)) }
            #expect(try client.take(150 * 1000) == Array(events.joined()))
            #expect(stream.isOpen)
        }
    }

    @Test func clientHangingUpEndsTheStreamAtOnce() throws {
        try withServer { server, responder in
            var client: RawHTTPConnection? = try RawHTTPConnection(port: server.port)
            try client?.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            let stream = try #require(try responder.waitForStreams(1).first)
            client = nil
            #expect(try responder.waitForEnd(1) == [.clientGone])
            #expect(!stream.isOpen)
        }
    }

    @Test func aReaderThatStopsReadingIsCutOffPastTheBacklogLimit() throws {
        try withServer({
            $0.streamBacklogLimitBytes = 64 * 1024
            $0.streamSendBufferBytes = 4096
        }) { server, responder in
            let slow = try RawHTTPConnection(port: server.port)
            var receiveBuffer: Int32 = 4096
            setsockopt(slow.descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
            try slow.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            let fast = try RawHTTPConnection(port: server.port)
            try fast.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            let streams = try responder.waitForStreams(2)
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1024)
            _ = try fast.take(try fast.readUntil(Array("ready\n".utf8), what: "ready") + 6)
            var delivered = 0
            for _ in 0..<400 {
                for stream in streams { stream.send(chunk) }
                delivered += try fast.take(chunk.count).count
            }
            #expect(delivered == 400 * 1024)
            let reasons = try responder.waitForEnd(1)
            #expect(reasons == [.backlogExceeded])
            #expect(streams.filter(\.isOpen).count == 1)
        }
    }

    @Test func stoppingTheServerEndsStreams() throws {
        let responder = EchoResponder()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        let server = try HTTPServer(configuration: configuration, responder: responder, logger: Logger(label: "test"))
        server.start()
        let client = try RawHTTPConnection(port: server.port)
        try client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try responder.waitForStreams(1)
        server.stop()
        server.wait()
        #expect(client.closedByServer())
        #expect(try responder.waitForEnd(1) == [.serverStopping])
    }
}

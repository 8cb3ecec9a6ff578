import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The rules of docs/DESIGN.md §13 (The server), §14 (Request framing and limits), §15 (Timeouts, overload and shutdown), each checked against the built `fontd serve` over a real socket,
/// and each followed by proof that the same server still answers a normal request.
@Suite(.serialized, .ownThread) struct ServeProtocolTests {
    /// One server for the suite, with short timeouts so the 408 tests take a second, not ten.
    static let server: ServerProcess = {
        do {
            return try ServerProcess(["--header-timeout", "0.6", "--body-timeout", "0.6", "--idle-timeout", "30", "--threads", "2"])
        } catch { fatalError("\(error)") }
    }()

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let connection = try Self.server.connect()
        let targets = ["/healthz", "/font?style=body&category=xs", "/categories", "/font?style=title1&category=ax5", "/healthz"]
        try connection.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined())
        for target in targets {
            let answer = try connection.readResponse()
            #expect(answer.status == 200)
            if target.hasPrefix("/font") {
                let style = target.contains("title1") ? "title1" : "body"
                #expect(answer.bodyText.contains(#""style":"\#(style)""#), "\(target)")
            } else if target == "/categories" {
                #expect(answer.bodyText.hasPrefix(#"[{"name":"xs""#))
            }
        }
        try Self.server.expectStillServing()
    }

    @Test func headAnnouncesTheLengthAndSendsNoBody() throws {
        let connection = try Self.server.connect()
        try connection.send("GET /font?style=body HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let get = try connection.readResponse()
        try connection.send("HEAD /font?style=body HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let head = try connection.readResponse(toHead: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(get.body.count))
        #expect(head.header("ETag") == get.header("ETag"))
        // Had HEAD sent a body, it would be read here instead of the next answer.
        let next = try connection.readResponse()
        #expect(next.bodyText == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#)
    }

    @Test func expectContinueGetsAnInterimAnswerBeforeTheBody() throws {
        let connection = try Self.server.connect()
        try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let interim = try connection.readResponse()
        #expect(interim.status == 100)
        try connection.send("hello")
        #expect(try connection.readResponse().status == 200)
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        let plain = try Self.server.connect()
        try plain.send("GET /healthz HTTP/1.0\r\n\r\n")
        let answer = try plain.readResponse()
        #expect(answer.status == 200)
        #expect(answer.header("Connection")?.lowercased() == "close")
        #expect(plain.closedByServer())

        let kept = try Self.server.connect()
        try kept.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse().header("Connection")?.lowercased() == "keep-alive")
        try kept.send("GET /categories HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse().status == 200)
    }

    @Test func connectionCloseIsHonoured() throws {
        let connection = try Self.server.connect()
        try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(try connection.readResponse().header("Connection")?.lowercased() == "close")
        #expect(connection.closedByServer())
    }

    @Test func chunkedBodyIsConsumedExactly() throws {
        let connection = try Self.server.connect()
        try connection.send(
            "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5;note=x\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: y\r\n\r\n"
                + "GET /categories HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try connection.readResponse().status == 200)
        #expect(try connection.readResponse().bodyText.hasPrefix("[{"))
    }

    @Test func longRequestLineIs414() throws {
        try Self.server.expectRefusal(
            "GET /healthz?\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", status: 414, code: "uriTooLong")
    }

    @Test func largeHeaderBlockIs431() throws {
        let fields = (0..<20).map { "X-Filler-\($0): \(String(repeating: "v", count: 900))\r\n" }.joined()
        try Self.server.expectRefusal("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\n", status: 431, code: "headersTooLarge")
    }

    @Test func tooManyHeaderFieldsIs431() throws {
        let fields = (0..<101).map { "X-F\($0): v\r\n" }.joined()
        try Self.server.expectRefusal("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\n", status: 431, code: "headersTooLarge")
    }

    @Test func largeBodyIs413BeforeItArrives() throws {
        // Only the head is sent: the answer must not wait for 70,000 bytes.
        try Self.server.expectRefusal(
            "PUT /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 70000\r\n\r\n", status: 413, code: "payloadTooLarge")
    }

    @Test func largeChunkedBodyIs413() throws {
        try Self.server.expectRefusal(
            "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n20000\r\n", status: 413, code: "payloadTooLarge")
    }

    @Test func stalledHeadIs408() throws {
        try Self.server.expectRefusal("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", status: 408, code: "requestTimeout")
    }

    @Test func stalledBodyIs408() throws {
        try Self.server.expectRefusal(
            "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\nhalf", status: 408, code: "requestTimeout")
    }

    @Test func headerTimeoutRestartsForEveryRequest() throws {
        let connection = try Self.server.connect()
        // Four prompt requests spread over longer than one header timeout: none times out.
        for _ in 0..<4 {
            try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            usleep(300_000)  // the pause between requests is the test's input: together they outlast one timeout
        }
        // The fifth stalls after its request line, and only it is timed out.
        try connection.send("GET /healthz HTTP/1.1\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 408)
        #expect(connection.closedByServer())
    }

    @Test(arguments: [
        (
            "differing Content-Length", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            400, "badRequest"
        ),
        ("signed Content-Length", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: +3\r\n\r\nabc", 400, "badRequest"),
        (
            "Content-Length with Transfer-Encoding",
            "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400,
            "badRequest"
        ),
        (
            "Transfer-Encoding gzip", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501,
            "notImplemented"
        ),
        ("bare LF", "GET /healthz HTTP/1.1\nHost: 127.0.0.1\r\n\r\n", 400, "badRequest"),
        ("bare CR", "GET /healthz HTTP/1.1\rHost: 127.0.0.1\r\n\r\n", 400, "badRequest"),
        ("whitespace before the colon", "GET /healthz HTTP/1.1\r\nHost : t\r\n\r\n", 400, "badRequest"),
        ("obs-fold", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: one\r\n two\r\n\r\n", 400, "badRequest"),
        ("NUL in a header", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\u{0}b\r\n\r\n", 400, "badRequest"),
        ("missing Host", "GET /healthz HTTP/1.1\r\nAccept: */*\r\n\r\n", 400, "badRequest"),
        ("HTTP/2.0", "GET /healthz HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505, "notImplemented"),
    ])
    func malformedFramingIsRefused(_ rule: String, _ request: String, _ status: Int, _ code: String) throws {
        try Self.server.expectRefusal(request, status: status, code: code)
    }
}

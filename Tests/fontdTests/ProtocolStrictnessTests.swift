import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// RFC 9112 and RFC 9110 rules beyond framing (docs/DESIGN.md §9 (HTTP semantics), §11 (The event stream), §14 (Request framing and limits)), against the built
/// `fontd serve` over a real socket.
@Suite(.ownThread) struct ProtocolStrictnessTests {
    static let token = "strict"
    static let server: ServerProcess = {
        do {
            return try ServerProcess(["--token", token, "--header-timeout", "5"])
        } catch { fatalError("\(error)") }
    }()

    @Test func anUnknownMethodIs501AndTheConnectionGoesOn() throws {
        let connection = try Self.server.connect()
        try connection.send("BREW /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let brewed = try connection.readResponse()
        #expect(brewed.status == 501)
        #expect(brewed.bodyText.contains(#""error":"notImplemented""#), "\(brewed.bodyText)")
        #expect(brewed.bodyText.contains("BREW"))
        #expect(try connection.readResponse().status == 200)
    }

    /// Answered for the target's host, `Host` ignored (RFC 9112 §3.2.2; a foreign one is 421, `LoopbackSpellingTests`).
    @Test func anAbsoluteFormTargetIsAnswered() throws {
        let connection = try Self.server.connect()
        try connection.send("GET http://127.0.0.1/healthz HTTP/1.1\r\nHost: fontd.example\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 200)
        #expect(answer.bodyText == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#)
    }

    @Test(arguments: [
        "GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "GET /font?style=nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "GET /healthz HTTP/1.1\nHost: 127.0.0.1\r\n\r\n",
    ])
    func errorsAreNotToBeSniffed(_ request: String) throws {
        let connection = try Self.server.connect()
        try connection.send(request)
        let answer = try connection.readResponse()
        #expect(answer.status >= 400)
        #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(answer.status) \(answer.headers)")
    }

    @Test func http10WithTransferEncodingIsClosedAfterItsAnswer() throws {
        let connection = try Self.server.connect()
        try connection.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 200)
        #expect(answer.header("Connection")?.lowercased() == "close")
        #expect(connection.closedByServer())
    }

    @Test(arguments: [
        (
            "two Authorization headers",
            "PUT /category HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAuthorization: Bearer x\r\nContent-Length: 16\r\n\r\n{\"category\":\"l\"}"
        ),
        (
            "a chunk extension without a name",
            "PUT /category HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nTransfer-Encoding: chunked\r\n\r\n10;\r\n{\"category\":\"l\"}\r\n0\r\n\r\n"
        ),
        (
            "an unbalanced quote in a chunk extension",
            "PUT /category HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nTransfer-Encoding: chunked\r\n\r\n10;a=\"b\r\n{\"category\":\"l\"}\r\n0\r\n\r\n"
        ),
    ])
    func ambiguousRequestsAreRefused(_ rule: String, _ request: String) throws {
        try Self.server.expectRefusal(request, status: 400, code: "badRequest")
    }

    /// A reported flaw: a chunk-size line with a space after the size (`a `, which
    /// RFC 9112 §7.1.1 does not allow) was read as 10, the request answered (405 on a route
    /// without PUT) and the connection kept, so a proxy that framed the body otherwise would
    /// have had its next request read from inside this one.
    @Test(arguments: ["/url", "/font"])
    func aChunkSizeLineWithTrailingWhiteSpaceIsRefusedAndTheConnectionClosed(_ target: String) throws {
        let connection = try Self.server.connect()
        try connection.send(
            "PUT \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\na \r\n0123456789\r\n0\r\n\r\n"
                + "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 400)
        #expect(answer.bodyText.contains(#""error":"badRequest""#), "\(answer.bodyText)")
        #expect(answer.header("Connection")?.lowercased() == "close")
        let afterTheRefusal = try connection.readUntilClosed()
        #expect(afterTheRefusal.isEmpty, "the request after the refusal was answered: \(String(decoding: afterTheRefusal, as: UTF8.self))")
    }

    @Test func aFloodOfEmptyLinesIsRefusedAtTheRequestLineLimit() throws {
        let connection = try Self.server.connect()
        // Well inside the header timeout (5 s), as a flood would be: the answer must not wait for it.
        try connection.send([UInt8](repeating: 0, count: 65536).indices.map { $0.isMultiple(of: 2) ? 0x0D : 0x0A })
        let answer = try connection.readResponse()
        #expect(answer.status == 414)
        #expect(answer.bodyText.contains(#""error":"uriTooLong""#), "\(answer.bodyText)")
    }

    @Test func retryRidesInTheFirstEventsBlock() throws {
        let stream = try EventStreamClient(port: Self.server.port)
        let first = try stream.nextBlock()
        #expect(first.hasPrefix("retry: 2000\n"), "\(first.debugDescription)")
        #expect(first.contains("event: preferences\n"), "the retry and the snapshot share one block: \(first.debugDescription)")
        let sequence = try #require(first.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4)

        // A resume with nothing missed begins with the fonts' generation (docs/DESIGN.md §25 (Font set changes)),
        // which carries the retry; the next change follows in a block of its own.
        let resumed = try EventStreamClient(port: Self.server.port, lastEventID: String(sequence))
        var block = try resumed.nextBlock()
        while block.hasPrefix(":") { block = try resumed.nextBlock() }
        #expect(block.hasPrefix("retry: 2000\nevent: fontsDidChange\n"), "\(block.debugDescription)")
        let current = try Self.server.client.get("/category").bodyText.contains(#""category":"xl""#) ? "l" : "xl"
        #expect(try Self.server.client.put("/category", #"{"category":"\#(current)"}"#, token: Self.token).status == 200)
        block = try resumed.nextBlock()
        while block.hasPrefix(":") { block = try resumed.nextBlock() }
        #expect(block.hasPrefix("id: ") && block.contains("event: contentSizeCategoryDidChange\n"), "\(block.debugDescription)")
    }
}

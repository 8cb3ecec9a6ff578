import Testing

@testable import HTTPServer

/// The request parser as a pure function of bytes: every framing rule of docs/DESIGN.md §14 (Request framing and limits), no socket.
@Suite struct HTTPRequestParserTests {
    /// The decoder from the first byte, as a pure function of the bytes.
    func parse(_ text: String) -> HTTPParseResult {
        var decoder = HTTPRequestDecoder(limits: HTTPLimits())
        return decoder.decode(ArraySlice(Array(text.utf8)))
    }

    func status(_ text: String) -> Int? {
        if case .failed(let error) = parse(text) { return error.status.code }
        return nil
    }

    func request(_ text: String) throws -> (HTTPRequest, Int) {
        guard case .complete(let request, let consumed) = parse(text) else {
            Issue.record("not complete: \(parse(text))")
            throw HTTPFailure.malformed("not complete")
        }
        return (request, consumed)
    }

    @Test func simpleGetIsParsed() throws {
        let text = "GET /font?style=body HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n"
        let (request, consumed) = try request(text + "GET /next")
        #expect(request.method == "GET")
        #expect(request.path == "/font")
        #expect(request.query == "style=body")
        #expect(request.minorVersion == 1)
        #expect(request.header("accept") == "*/*")
        #expect(request.keepAlive)
        #expect(consumed == text.utf8.count)
    }

    @Test func pipelinedRequestsAreParsedOneAtATime() throws {
        let text = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
        let (first, consumed) = try request(text)
        #expect(first.target == "/a")
        let rest = String(decoding: Array(text.utf8)[consumed...], as: UTF8.self)
        #expect(try request(rest).0.target == "/b")
    }

    @Test func partialRequestsAskForMore() {
        let text = "PUT /category HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nab"
        for end in 0..<text.utf8.count {
            let prefix = String(decoding: Array(text.utf8)[..<end], as: UTF8.self)
            if case .incomplete = parse(prefix) { continue }
            Issue.record("prefix of \(end) bytes: \(parse(prefix))")
        }
    }

    @Test func contentLengthBodyIsRead() throws {
        let (request, _) = try request("PUT /category HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        #expect(request.body == Array("hello".utf8))
    }

    @Test func http10WithoutHostClosesByDefault() throws {
        let (request, _) = try request("GET / HTTP/1.0\r\n\r\n")
        #expect(request.minorVersion == 0)
        #expect(!request.keepAlive)
        #expect(try self.request("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").0.keepAlive)
    }

    @Test func connectionCloseEndsKeepAlive() throws {
        #expect(!(try request("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").0.keepAlive))
    }

    @Test func expectContinueIsReportedOnceHeadersAreIn() {
        let result = parse("PUT /c HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n")
        #expect(result == .incomplete(headersComplete: true, expectsContinue: true))
    }

    @Test func chunkedBodyIsDecodedWithExtensionsAndTrailers() throws {
        let text =
            "PUT /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: y\r\n\r\n"
        let (request, consumed) = try request(text)
        #expect(request.body == Array("hello world".utf8))
        #expect(consumed == text.utf8.count)
    }

    @Test func leadingEmptyLinesAreIgnored() throws {
        #expect(try request("\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n").0.target == "/")
    }

    @Test func headerValuesLoseSurroundingWhitespace() throws {
        #expect(try request("GET / HTTP/1.1\r\nHost:   x \t\r\n\r\n").0.header("host") == "x")
    }

    @Test(arguments: [
        ("bare LF", "GET / HTTP/1.1\nHost: x\r\n\r\n", 400),
        ("bare LF in headers", "GET / HTTP/1.1\r\nHost: x\n\r\n", 400),
        ("bare CR", "GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n", 400),
        ("whitespace before colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        ("obs-fold", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  b\r\n\r\n", 400),
        ("NUL in a header", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n", 400),
        ("DEL in a header", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{7F}b\r\n\r\n", 400),
        ("missing Host", "GET / HTTP/1.1\r\n\r\n", 400),
        ("two Hosts", "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),
        ("signed Content-Length", "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\nhello", 400),
        ("negative Content-Length", "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
        ("overflowing Content-Length", "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
        ("differing Content-Lengths", "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", 400),
        ("differing Content-Length list", "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 6\r\n\r\nhello!", 400),
        (
            "Content-Length with Transfer-Encoding",
            "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400
        ),
        ("gzip transfer coding", "PUT / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("gzip then chunked", "PUT / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("bad chunk size", "PUT / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("chunk without CRLF", "PUT / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY0\r\n\r\n", 400),
        ("HTTP/2.0", "GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("garbage version", "GET / HTXP/1.1\r\nHost: x\r\n\r\n", 400),
        ("missing target", "GET  HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("space in method", "G T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ])
    func malformedRequestIsRefused(name: String, text: String, expected: Int) {
        #expect(status(text) == expected, "\(name)")
    }

    @Test func overlongRequestLineIs414EvenBeforeItEnds() {
        let line = "GET /" + String(repeating: "a", count: 9000)
        #expect(status(line) == 414)
        #expect(status(line + " HTTP/1.1\r\nHost: x\r\n\r\n") == 414)
        #expect(status("GET /" + String(repeating: "a", count: 8000) + " HTTP/1.1\r\nHost: x\r\n\r\n") == nil)
    }

    @Test func oversizedHeaderBlockIs431EvenBeforeItEnds() {
        let big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 17_000)
        #expect(status(big) == 431)
    }

    @Test func tooManyHeaderFieldsIs431() {
        let fields = (0..<101).map { "X-\($0): y\r\n" }.joined()
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\n" + fields + "\r\n") == 431)
        let allowed = (0..<99).map { "X-\($0): y\r\n" }.joined()
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\n" + allowed + "\r\n") == nil)
    }

    @Test func oversizedBodyIs413BeforeItArrives() {
        #expect(status("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 65537\r\n\r\n") == 413)
        let chunk = String(repeating: "a", count: 40_000)
        let chunked = "PUT / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n9c40\r\n\(chunk)\r\n9c40\r\n"
        #expect(status(chunked) == 413)
    }
}

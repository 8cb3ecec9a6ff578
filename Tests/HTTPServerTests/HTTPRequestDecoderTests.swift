import Testing

@testable import HTTPServer

/// The incremental decoder: it resumes where it stopped, so decoding is linear in the bytes
/// received however they are cut into reads; and the RFC 9112 rules added with it
/// (docs/DESIGN.md §14 (Request framing and limits)).
@Suite struct HTTPRequestDecoderTests {
    /// Feeds `bytes` to one decoder `step` bytes at a time, as reads grow a connection's input;
    /// returns the last result and the decoder.
    func feed(_ bytes: [UInt8], step: Int, limits: HTTPLimits = HTTPLimits()) -> (HTTPParseResult, HTTPRequestDecoder) {
        var decoder = HTTPRequestDecoder(limits: limits)
        var result = HTTPParseResult.incomplete(headersComplete: false, expectsContinue: false)
        var received = 0
        while received < bytes.count {
            received = min(bytes.count, received + step)
            result = decoder.decode(bytes[0..<received])
            if case .incomplete = result { continue }
            break
        }
        return (result, decoder)
    }

    @Test func aMegabyteOfEmptyLinesIsExaminedOnceByteByByte() {
        // A limit large enough to let the whole prefix through: what is measured is the cost.
        var limits = HTTPLimits()
        limits.maxRequestLineBytes = 2 << 20
        let prefix = [UInt8](repeating: 0, count: 1 << 20).indices.map { $0.isMultiple(of: 2) ? UInt8(ascii: "\r") : UInt8(ascii: "\n") }
        let request = prefix + Array("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        let (result, decoder) = feed(request, step: 1024, limits: limits)
        guard case .complete(let parsed, let consumed) = result else {
            Issue.record("not complete: \(result)")
            return
        }
        #expect(parsed.target == "/healthz")
        #expect(consumed == request.count)
        // Each byte once, plus a CR looked at again when a read ends between it and its LF.
        #expect(
            decoder.bytesExamined <= request.count + request.count / 1024 + 1,
            "\(decoder.bytesExamined) bytes examined for \(request.count) received in \(request.count / 1024) reads")
    }

    @Test func emptyLinesCountAgainstTheRequestLineLimit() {
        let flood = [UInt8](repeating: 0, count: 1 << 20).indices.map { $0.isMultiple(of: 2) ? UInt8(ascii: "\r") : UInt8(ascii: "\n") }
        let (result, decoder) = feed(flood, step: 65536)
        #expect(result == .failed(HTTPFailure(status: 414, reason: "request line longer than 8192 bytes")))
        #expect(decoder.bytesExamined <= 65536, "refused within the first read, not after a megabyte")
    }

    @Test func aRequestCutIntoSingleBytesDecodesAsAWhole() throws {
        let text =
            "PUT /category HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "4;name=\"a \\\"quoted\\\" value\"\r\n{\"ca\r\n" + "D ; ext = token\r\ntegory\":\"xl\"}\r\n" + "0\r\nX-Trailer: yes\r\n\r\n"
        let bytes = Array(text.utf8)
        let (whole, _) = feed(bytes, step: bytes.count)
        let (piecewise, decoder) = feed(bytes, step: 1)
        #expect(whole == piecewise)
        guard case .complete(let request, let consumed) = piecewise else {
            Issue.record("not complete: \(piecewise)")
            return
        }
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"category":"xl"}"#)
        #expect(consumed == bytes.count)
        #expect(decoder.bytesExamined <= 2 * bytes.count)
    }

    @Test(arguments: [
        ("no name", "5;\r\n"),
        ("a value without a name", "5;=v\r\n"),
        ("an unbalanced quote", "5;name=\"open\r\n"),
        ("NUL in a name", "5;na\u{0}me\r\n"),
        ("DEL in a quoted value", "5;name=\"a\u{7F}b\"\r\n"),
        ("nothing after '='", "5;name=\r\n"),
        ("a space inside the size", "5 5\r\n"),
        ("a space after the size", "5 \r\n"),
        ("a tab after the size", "5\t\r\n"),
        ("a space after an extension name", "5;name \r\n"),
        ("a space after an extension value", "5;name=v \r\n"),
    ])
    func malformedChunkExtensionsAreRefused(_ rule: String, _ sizeLine: String) {
        let text = "POST /x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + sizeLine + "hello\r\n0\r\n\r\n"
        let (result, _) = feed(Array(text.utf8), step: 1 << 20)
        guard case .failed(let error) = result else {
            Issue.record("\(rule): not refused: \(result)")
            return
        }
        #expect(error.status == 400, "\(rule)")
    }

    @Test func chunkExtensionsAreBoundedInAll() {
        let extensionText = ";" + String(repeating: "e", count: 1000)
        let chunks = String(repeating: "1\(extensionText)\r\nx\r\n", count: 5)
        let text = "POST /x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n"
        let (result, _) = feed(Array(text.utf8), step: 1 << 20)
        guard case .failed(let error) = result else {
            Issue.record("not refused: \(result)")
            return
        }
        #expect(error.status == 400)
        #expect(error.reason.contains("chunk extensions"))
    }

    @Test(arguments: [
        ("GET http://fontd.example/healthz?x=1 HTTP/1.1\r\nHost: t\r\n\r\n", "/healthz?x=1"),
        ("GET HTTPS://fontd.example:8686 HTTP/1.1\r\nHost: t\r\n\r\n", "/"),
        ("GET http://fontd.example?style=body HTTP/1.1\r\nHost: t\r\n\r\n", "/?style=body"),
    ])
    func anAbsoluteFormTargetIsTakenInOriginForm(_ text: String, _ target: String) {
        let (result, _) = feed(Array(text.utf8), step: 1 << 20)
        guard case .complete(let request, _) = result else {
            Issue.record("not complete: \(result)")
            return
        }
        #expect(request.target == target)
    }

    /// RFC 9112 §3.2.2: an absolute-form target's authority is the request's host, and `Host` is ignored.
    @Test(arguments: [
        ("PUT http://evil.test/category HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "evil.test"),
        ("GET HTTPS://[::1]:8686?x=1 HTTP/1.1\r\nHost: localhost\r\n\r\n", "[::1]:8686"),
        ("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n", "127.0.0.1:1"),
    ])
    func anAbsoluteFormTargetsAuthorityIsTheHost(_ text: String, _ host: String) {
        let (result, _) = feed(Array(text.utf8), step: 1 << 20)
        guard case .complete(let request, _) = result else {
            Issue.record("not complete: \(result)")
            return
        }
        #expect(request.host == host)
        #expect(request.authority == (text.contains(" /") ? nil : host))
    }

    @Test(arguments: [
        "GET http://user@127.0.0.1/healthz HTTP/1.1\r\nHost: t\r\n\r\n",
        "GET ftp://fontd.example/healthz HTTP/1.1\r\nHost: t\r\n\r\n",
        "GET http:///healthz HTTP/1.1\r\nHost: t\r\n\r\n",
        "GET healthz HTTP/1.1\r\nHost: t\r\n\r\n",
        "PUT /category HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\n\r\n",
    ])
    func otherTargetsAndASecondAuthorizationAreRefused(_ text: String) {
        let (result, _) = feed(Array(text.utf8), step: 1 << 20)
        guard case .failed(let error) = result else {
            Issue.record("not refused: \(result)")
            return
        }
        #expect(error.status == 400)
    }

    @Test func http10WithTransferEncodingIsAnsweredThenClosed() {
        let text = "POST /x HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        let (result, _) = feed(Array(text.utf8), step: 1 << 20)
        guard case .complete(let request, _) = result else {
            Issue.record("not complete: \(result)")
            return
        }
        #expect(!request.keepAlive, "RFC 9112 §6.1: the framing of an HTTP/1.0 message with Transfer-Encoding is faulty")
    }
}

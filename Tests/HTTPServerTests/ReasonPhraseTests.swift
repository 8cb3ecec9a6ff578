import Testing

@testable import HTTPServer

/// Every status line carries its status's own reason phrase (RFC 9110 §15; 429 and 431 are
/// RFC 6585's), never a stand-in such as `Status 421`.
@Suite struct ReasonPhraseTests {
    /// The statuses fontd answers (docs/DESIGN.md §8 (Errors)'s table, the framing refusals, 100, 200, 204 and 304), as the RFCs name them.
    static let sent: [(Int, String)] = [
        (100, "Continue"), (200, "OK"), (204, "No Content"), (304, "Not Modified"), (400, "Bad Request"), (401, "Unauthorized"),
        (403, "Forbidden"), (404, "Not Found"), (405, "Method Not Allowed"), (408, "Request Timeout"), (409, "Conflict"),
        (413, "Content Too Large"), (414, "URI Too Long"), (421, "Misdirected Request"), (429, "Too Many Requests"),
        (431, "Request Header Fields Too Large"), (500, "Internal Server Error"), (501, "Not Implemented"),
        (503, "Service Unavailable"), (505, "HTTP Version Not Supported"),
    ]

    @Test(arguments: sent)
    func aStatusFontdSendsHasItsPhrase(_ status: Int, _ phrase: String) {
        #expect(HTTPResponse.reasonPhrase(status) == phrase)
    }

    @Test func everyFramingRefusalHasAPhraseOfItsOwn() {
        for failure in HTTPFailure.kinds {
            #expect(!HTTPResponse.reasonPhrase(failure.status.code).hasPrefix("Status"), "\(failure.status)")
        }
    }

    @Test func theStatusLineOf421NamesIt() {
        var bytes: [UInt8] = []
        ResponseSerializer().append(HTTPResponse(status: 421), head: false, keepAlive: true, minorVersion: 1, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"))
    }
}

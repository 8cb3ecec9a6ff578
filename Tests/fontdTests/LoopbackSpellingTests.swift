import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Only the spellings of loopback that browsers mark count as the server's own (docs/DESIGN.md §23
/// (Reader scopes and scoped tokens), "Consent"): every other spelling of a local address is 421,
/// because a page's request there carries neither `Origin` nor `Sec-Fetch-Site` and would pass for
/// a local program's. Raw requests through a real socket to the real `fontd serve`.
@Suite(.ownThread) struct LoopbackSpellingTests {
    private static let sharedServer = Result { try ServerProcess(["--server-name", "fonts.example.org"]) }
    static func shared() throws -> ServerProcess { try sharedServer.get() }

    /// Sends `head` (a request line and its fields, without the empty line) and `body`, and reads the answer.
    static func ask(_ head: String, body: String = "") throws -> TestResponse {
        let connection = try shared().connect()
        try connection.send(head + "\r\n\r\n" + body)
        return try connection.readResponse()
    }

    @Test(arguments: [
        // "This host", which reaches a loopback listener.
        "0.0.0.0", "0.0.0.0:8686", "0.1.2.3", "[::]", "[::]:8686",
        // IPv4 inside IPv6, as the URL parser writes it and otherwise.
        "[::ffff:7f00:1]", "[::ffff:7f00:1]:8686", "[::ffff:127.0.0.1]", "[::FFFF:7F00:1]", "[::7f00:1]", "[::ffff:0:0]",
        // IPv4 spellings no browser sends: it rewrites them to dotted decimal.
        "2130706433", "2130706433:8686", "0x7f000001", "0177.0.0.1", "0x7f.0.0.1", "127.1", "127.0.1", "127.0.0.1.", "0127.0.0.1",
        // IPv6 spellings no browser sends.
        "[0:0:0:0:0:0:0:1]", "[0::1]", "[::0:1]",
        // Not addresses at all, though they end like one.
        "127.0.0.256", "1.2.3.4.5", "127.evil.1", "08.0.0.1",
        // *.localhost is not named by every browser's resolver as loopback, so it may be rebound.
        "app.localhost", "fonts.example.org.evil.test",
    ])
    func aLocalAddressBrowsersDoNotMarkIsMisdirected(host: String) throws {
        let answer = try Self.ask("GET /css?scope=alice HTTP/1.1\r\nHost: \(host)")
        #expect(answer.status == 421, "\(host): \(answer.bodyText)")
        #expect(answer.bodyText.contains(#""error":"misdirectedRequest""#))
        #expect(answer.bodyText.contains("does not answer for the host '\(host)'"), "\(answer.bodyText)")
    }

    @Test(arguments: [
        ("0.0.0.0:1", "0.0.0.0 and [::] stand for this machine"), ("[::ffff:7f00:1]", "an IPv4 address written inside IPv6"),
        ("127.1", "the address 127.0.0.1 written as no browser writes it"),
        ("[0:0:0:0:0:0:0:1]", "the address [::1] written as no browser writes it"),
        ("1.2.3.4.5", "ends like an IPv4 address but is none"),
    ])
    func theRefusalSaysWhatTheSpellingIs(host: String, sentence: String) throws {
        let answer = try Self.ask("GET /category HTTP/1.1\r\nHost: \(host)")
        #expect(answer.status == 421)
        #expect(answer.bodyText.contains(sentence), "\(answer.bodyText)")
        #expect(answer.bodyText.contains("Ask for localhost, 127.0.0.1 or [::1]"), "\(answer.bodyText)")
    }

    @Test(arguments: [
        "127.0.0.1", "127.0.0.2:8686", "127.255.255.254", "[::1]", "[::1]:1", "localhost", "localhost.", "LocalHost:8686",
        "fonts.example.org", "fonts.example.org.:443",
        // An address beyond loopback, as a browser writes it: where no scope is open without a credential.
        "192.0.2.7", "[2001:db8::7]:8686",
    ])
    func theSpellingsBrowsersMarkAreServed(host: String) throws {
        let answer = try Self.ask("GET /category HTTP/1.1\r\nHost: \(host)")
        #expect(answer.status == 200, "\(host): \(answer.bodyText)")
    }

    /// RFC 9112 §3.2.2: an absolute-form target's host is the request's, and `Host` is ignored.
    @Test func anAbsoluteFormTargetsForeignHostIsMisdirectedWhateverHostSays() throws {
        let before = try Self.shared().client.get("/category").bodyText
        let body = #"{"category":"ax5"}"#
        let put = try Self.ask(
            "PUT http://evil.test/category HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)",
            body: body)
        #expect(put.status == 421, "\(put.bodyText)")
        #expect(put.bodyText.contains("does not answer for the host 'evil.test'"), "\(put.bodyText)")
        #expect(try Self.shared().client.get("/category").bodyText == before, "nothing changed")
        for host in ["[::ffff:7f00:1]:8686", "0.0.0.0", "2130706433"] {
            let get = try Self.ask("GET http://\(host)/css?scope=alice HTTP/1.1\r\nHost: 127.0.0.1")
            #expect(get.status == 421, "\(host): \(get.bodyText)")
        }
        // The target's own host is served, whatever name `Host` gives.
        let served = try Self.ask("GET http://127.0.0.1:8686/category HTTP/1.1\r\nHost: evil.test")
        #expect(served.status == 200, "\(served.bodyText)")
        // Userinfo in the target is an error (RFC 9110 §4.2.4).
        #expect(try Self.ask("GET http://evil.test@127.0.0.1/category HTTP/1.1\r\nHost: 127.0.0.1").status == 400)
    }

    @Test func theStatusLineOfAMisdirectedRequestNamesIt() throws {
        let connection = try Self.shared().connect()
        try connection.send("GET /category HTTP/1.1\r\nHost: 0.0.0.0\r\n\r\n")
        let end = try connection.readUntil(Array("\r\n".utf8), what: "the status line")
        #expect(String(decoding: try connection.take(end), as: UTF8.self) == "HTTP/1.1 421 Misdirected Request")
    }
}

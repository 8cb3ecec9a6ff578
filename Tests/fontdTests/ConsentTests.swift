import BrowserTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// No write without consent (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent"), in a real headless Chromium against a
/// real `fontd serve`: a page of another origin can neither change the reader's text size nor
/// read a scope; the server's own page, a `--cors-origin` and a local program can; a name that
/// DNS points at the server (rebinding) is 421.
@Suite(.serialized, .ownThread) struct ConsentTests {
    /// Sends `method target` with `body` from the page the browser shows, as its script would;
    /// the answer's status and body, or as `failure` the error `fetch` failed with (a refused preflight).
    static func fetch(_ browser: BrowserSession, _ target: String, method: String = "GET", body: String? = nil) throws -> [String: Any] {
        let script = """
            const done = arguments[arguments.length - 1];
            const body = arguments[2] === "" ? undefined : arguments[2];
            fetch(arguments[0], { method: arguments[1], body, headers: body ? { "Content-Type": "application/json" } : {} })
              .then((answer) => answer.text().then((text) => done({ status: answer.status, body: text })))
              .catch((error) => done({ failure: String(error) }));
            """
        return try browser.executeAsync(script, arguments: [target, method, body ?? ""]) as? [String: Any] ?? [:]
    }

    static func category(_ server: ServerProcess) throws -> String? {
        let answer = try JSONSerialization.jsonObject(with: Data(server.client.get("/category").body)) as? [String: Any]
        return answer?["category"] as? String
    }

    @Test func onlyPagesTheReaderTrustsChangeTheCategory() throws {
        let page = "<!doctype html><title>a page</title><p>A page of some origin.</p>"
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: page)])
        defer { site.stop() }
        let trusted = "http://app.test:\(site.port)"
        let server = try ServerProcess(["--cors-origin", trusted])
        defer { server.stop() }
        #expect(try server.client.put("/category?scope=alice", #"{"category":"xxl"}"#).status == 200, "a local program writes a scope")
        let browser = try BrowserSession.start(loopbackNames: ["app.test", "evil.test", "rebind.evil.example"])
        defer { browser.close() }
        let fontd = server.url.absoluteString.hasSuffix("/") ? String(server.url.absoluteString.dropLast()) : server.url.absoluteString

        // Another origin: its PUT is not let through the preflight, and the category stays.
        try browser.navigate(to: URL(string: "http://evil.test:\(site.port)/")!)
        let evilPut = try Self.fetch(browser, "\(fontd)/category", method: "PUT", body: #"{"category":"ax5"}"#)
        #expect(evilPut["status"] == nil && evilPut["failure"] != nil, "the preflight refused PUT: \(evilPut)")
        #expect(try Self.category(server) == "l")
        // It still reads the root's typography, but not alice's preferences.
        let evilFont = try Self.fetch(browser, "\(fontd)/font?style=body")
        #expect(evilFont["status"] as? Int == 200)
        let evilScope = try Self.fetch(browser, "\(fontd)/preferences?scope=alice")
        #expect(evilScope["status"] as? Int == 403, "\(evilScope)")
        #expect((evilScope["body"] as? String)?.contains("--cors-origin http://evil.test:\(site.port)") == true, "\(evilScope)")
        #expect((evilScope["body"] as? String)?.contains("xxl") == false)

        // The origin --cors-origin names: its PUT and its scope reads go through.
        try browser.navigate(to: URL(string: "\(trusted)/")!)
        let trustedPut = try Self.fetch(browser, "\(fontd)/category", method: "PUT", body: #"{"category":"ax3"}"#)
        #expect(trustedPut["status"] as? Int == 200, "\(trustedPut)")
        #expect(try Self.category(server) == "ax3")
        let trustedScope = try Self.fetch(browser, "\(fontd)/preferences?scope=alice")
        #expect(trustedScope["status"] as? Int == 200, "\(trustedScope)")

        // The server's own page (the specimen) changes it too.
        try browser.navigate(to: URL(string: "\(fontd)/specimen")!)
        let ownPut = try Self.fetch(browser, "/category", method: "PUT", body: #"{"category":"ax1"}"#)
        #expect(ownPut["status"] as? Int == 200, "\(ownPut)")
        #expect(try Self.category(server) == "ax1")

        // A name pointed at the server (DNS rebinding) is answered 421, whatever the page asks.
        try browser.navigate(to: URL(string: "http://rebind.evil.example:\(server.port)/category")!)
        let rebound = try browser.execute("return document.body.innerText") as? String ?? ""
        #expect(rebound.contains("misdirectedRequest"), "\(rebound)")
        #expect(!rebound.contains("ax1"))

        // A local program (no Origin) still changes it: the command line.
        let command = try CommandRunner.run(["category", "set", "xl", "--server", fontd])
        #expect(command.status == 0, "\(command.standardError)")
        #expect(try Self.category(server) == "xl")
    }

    @Test func anotherOriginsChangeIsRefusedWithASentenceSayingHowToAllowIt() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let refused = try server.client.send(
            "/category", method: "PUT", headers: [("Origin", "https://evil.example"), ("Content-Type", "application/json")],
            body: Array(#"{"category":"ax5"}"#.utf8))
        #expect(refused.status == 403)
        #expect(refused.bodyText.contains(#""error":"forbidden""#))
        #expect(refused.bodyText.contains("fontd serve --cors-origin https://evil.example"), "\(refused.bodyText)")
        #expect(try Self.category(server) == "l")
        // Its preflight does not grant PUT; a local program's or a same-origin one would.
        let preflight = try server.client.send(
            "/category", method: "OPTIONS",
            headers: [
                ("Origin", "https://evil.example"), ("Access-Control-Request-Method", "PUT"),
            ])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
        #expect(preflight.header("Allow") == "GET, HEAD, PUT, OPTIONS")
        // A stylesheet another site's page loads (no Origin, Sec-Fetch-Site) does not read a scope.
        let linked = try server.client.get("/css?scope=alice", headers: [("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors")])
        #expect(linked.status == 403, "\(linked.bodyText)")
        #expect(try server.client.get("/css", headers: [("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors")]).status == 200)
    }

    @Test(arguments: [
        "rebind.evil.example", "rebind.evil.example:8686", "localhost.evil.example", "127.0.0.1.nip.io", "[::1", "127.0.0.1:99999",
    ])
    func aHostOfAnotherNameIsMisdirected(host: String) throws {
        let server = try Self.shared()
        let connection = try server.connect()
        try connection.send("GET /category HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 421)
        #expect(answer.bodyText.contains(#""error":"misdirectedRequest""#))
    }

    @Test(arguments: [
        "127.0.0.1", "127.0.0.1:8686", "localhost", "LOCALHOST:1", "[::1]:8686", "[::1]", "fonts.example.org:443", "Fonts.Example.Org",
    ])
    func aHostOfTheServerIsServed(host: String) throws {
        let server = try Self.shared()
        let connection = try server.connect()
        try connection.send("GET /category HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(try connection.readResponse().status == 200)
    }

    @Test func theServerNameIsCheckedWhenGiven() throws {
        let refused = try CommandRunner.run(["serve", "--port", "0", "--server-name", "https://fonts.example.org"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("--server-name 'https://fonts.example.org' is not a host name"), "\(refused.standardError)")
        let everyOrigin = try CommandRunner.run(["serve", "--port", "0", "--cors-origin", "*"])
        #expect(everyOrigin.status != 0)
        #expect(
            everyOrigin.standardError.contains("would let every web page change the reader's preferences"), "\(everyOrigin.standardError)")
    }

    private static let sharedServer = Result { try ServerProcess(["--server-name", "fonts.example.org"]) }
    static func shared() throws -> ServerProcess { try sharedServer.get() }
}

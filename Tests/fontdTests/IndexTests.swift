import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `GET /` on the built server (docs/DESIGN.md §7 (HTTP endpoints)): the control page for a browser, the
/// index of every endpoint as JSON for `Accept: application/json`, HEAD and 304 as every read
/// endpoint, escaped throughout.
@Suite(.ownThread) struct IndexTests {
    static let token = "index-token"
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

    /// The paths a 404 lists: every endpoint of the route table.
    private func everyPath(_ server: ServerProcess) throws -> [String] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(try server.client.get("/no-such-path").body)) as? [String: Any])
        return try #require(document["allowed"] as? [String])
    }

    /// A browser gets the reader's control page (docs/DESIGN.md §37 (The reader's control)); what it
    /// does in a browser, `ControlPageTests` shows.
    @Test func aBrowserGetsTheControlPageAtTheReadersPreferencesLinkingWhatIsServed() throws {
        let server = try ServerProcess(["--token", Self.token])
        defer { server.stop() }
        #expect(
            try server.client.put(
                "/preferences", #"{"category":"xl","legibilityWeight":"bold","maximumCategory":"ax3"}"#, token: Self.token
            ).status == 200)
        for headers in [[("Accept", Self.browserAccept)], []] {
            let page = try server.client.get("/", headers: headers)
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Vary") == "Accept")
            #expect(page.header("Cache-Control") == "no-cache", "it holds the reader's preferences")
            #expect(page.header("Access-Control-Allow-Origin") == "*")
            #expect(page.header("ETag") != nil)
            let html = page.bodyText
            #expect(html.hasPrefix("<!doctype html>"))
            #expect(html.contains(#"<html lang="en" data-text-size="xl" data-bold-text>"#), "\(html)")
            #expect(html.contains(#"<output id="size-name" for="text-size">xl</output>"#), "\(html)")
            #expect(
                html.contains(#"<input type="range" id="text-size" min="0" max="11" step="1" value="4" aria-valuetext="xl, step 5 of 12">"#)
            )
            #expect(html.contains(#"<label for="text-size">Text size</label>"#))
            #expect(html.contains(#"<input type="checkbox" id="bold-text" checked>"#))
            #expect(
                html.contains(#"<option value="ax3" selected>ax3</option>"#) && html.contains(#"<option value="" selected>none</option>"#))
            #expect(html.contains(#"<link rel="stylesheet" href="/css">"#) && html.contains(#"import { follow } from "/fontd.js";"#))
            // Every installed family is a choice, named in itself.
            for family in ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"] {
                #expect(
                    html.contains(
                        #"value="\#(family)"> <span class="fit" style="font-family: &quot;\#(family)&quot;, sans-serif">\#(family)</span>"#),
                    "\(family)")
            }
            for path in ["/specimen", "/css", "/tokens", "/fonts", "/preferences"] {
                #expect(html.contains(#"<a href="\#(path)">"#), "\(path) is linked")
            }
            #expect(
                html.contains("README.md") && html.contains("docs/DESIGN.md")
                    && html.contains(#"Accept: <span class="word">application/json</span> for every endpoint"#))
        }
        // A change shows on the next request: the page is made at the reader's preferences.
        #expect(try server.client.put("/category", #"{"category":"ax2"}"#, token: Self.token).status == 200)
        #expect(try server.client.get("/").bodyText.contains(#"<output id="size-name" for="text-size">ax2</output>"#))
    }

    @Test func jsonListsEveryEndpointInOneLine() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        for accept in ["application/json", "text/html;q=0.5, application/json", "application/*"] {
            let answer = try server.client.get("/", headers: [("Accept", accept)])
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "application/json; charset=utf-8", "\(accept)")
            #expect(answer.header("Vary") == "Accept")
            let index = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            #expect(index["name"] as? String == "fontd")
            #expect(index["category"] as? String == "l")
            #expect(index["table"] as? String == "default")
            let endpoints = try #require(index["endpoints"] as? [[String: Any]])
            #expect(endpoints.compactMap { $0["path"] as? String } == (try everyPath(server)))
            for endpoint in endpoints {
                let summary = try #require(endpoint["summary"] as? String)
                #expect(!summary.isEmpty && !summary.contains("\n"), "\(endpoint)")
                #expect((endpoint["methods"] as? [String])?.contains("GET") == true)
            }
            // Each example is a request that works.
            for example in endpoints.compactMap({ $0["example"] as? String }) where example != "/events" {
                let status = try server.client.get(example, headers: [("Accept", "application/json")]).status
                #expect(status == 200, "\(example): \(status)")
            }
        }
        // HTML wins a tie, and when it is preferred.
        let html = try server.client.get("/", headers: [("Accept", "application/json;q=0.1, text/html")])
        #expect(html.header("Content-Type") == "text/html; charset=utf-8")
    }

    @Test func headAndRevalidationAnswerAsForEveryReadEndpoint() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        for accept in [Self.browserAccept, "application/json"] {
            let get = try server.client.get("/", headers: [("Accept", accept)])
            let head = try server.client.send("/", method: "HEAD", headers: [("Accept", accept)])
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(get.body.count))
            #expect(head.header("Content-Type") == get.header("Content-Type"))
            #expect(head.header("ETag") == get.header("ETag"))
            let tag = try #require(get.header("ETag"))
            let revalidated = try server.client.get("/", headers: [("Accept", accept), ("If-None-Match", tag)])
            #expect(revalidated.status == 304)
            #expect(revalidated.header("Vary") == "Accept")
        }
        let options = try server.client.send("/", method: "OPTIONS")
        #expect(options.status == 204)
        #expect(options.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(try server.client.send("/", method: "PUT").status == 405)
    }

    @Test func aHostileTableNameStaysText() throws {
        let hostile = "t</title><script>alert(3)</script>"
        var table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.defaultStyles)) as? [String: Any])
        table["name"] = hostile
        let file = try TestPaths.temporaryDirectory().appendingPathComponent("hostile.json")
        try JSONSerialization.data(withJSONObject: table).write(to: file)
        let server = try ServerProcess(["--styles", file.path])
        defer { server.stop() }
        let html = try server.client.get("/").bodyText
        #expect(!html.contains("<script>"), "\(html)")
        #expect(html.components(separatedBy: "</title>").count == 2, "the page's own </title> only")
        #expect(html.contains("t&lt;/title&gt;&lt;script&gt;alert(3)&lt;/script&gt;"))
        let json = try server.client.get("/", headers: [("Accept", "application/json")])
        let index = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
        #expect(index["table"] as? String == hostile)
    }
}

import BrowserTestSupport
import FirefoxTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// A page cannot read a reader's scope through a spelling of loopback that browsers do not mark
/// (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent"): real Chromium and Firefox ESR
/// send neither `Origin` nor `Sec-Fetch-Site` with a stylesheet's request to `[::ffff:7f00:1]` or
/// `0.0.0.0`, both of which reach the server's 127.0.0.1 listener, so the server must refuse the host.
///
/// The attack is a `<link>` to `/css?scope=alice` whose custom properties the page then reads off
/// its own root element; a plain `fetch` is tried too. A page of another origin and a `file://` page.
@Suite(.serialized, .ownThread) struct LoopbackConsentBrowserTests {
    /// Loads `stylesheet` into the page with a `<link>` and answers the value of `property` on the
    /// root element once it loaded or failed, and the status a `fetch` of it got (0 when it threw).
    static let readScript = """
        const [href, property, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
        const read = (loaded) => fetch(href).then((answer) => answer.status, () => 0).then((status) => done({
          loaded, status, value: getComputedStyle(document.documentElement).getPropertyValue(property).replace(/[\\s;]/g, "") }));
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        link.onload = () => read(true);
        link.onerror = () => read(false);
        document.head.appendChild(link);
        """

    /// A custom property of the `:root` rule of alice's stylesheet whose value differs from the
    /// root scope's, with both values without white space (as the page compares them).
    static func differingProperty(_ server: ServerProcess) throws -> (name: String, alice: String, root: String) {
        func properties(_ target: String) throws -> [String: String] {
            let css = try server.client.get(target).bodyText
            var found: [String: String] = [:]
            var inRoot = false
            for line in css.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasSuffix("{") { inRoot = trimmed.hasPrefix(":root {") || trimmed == ":root{" }
                if trimmed.hasPrefix("}") { inRoot = false }
                guard inRoot, trimmed.hasPrefix("--"), let colon = trimmed.firstIndex(of: ":") else { continue }
                let value = trimmed[trimmed.index(after: colon)...].filter { !$0.isWhitespace && $0 != ";" }
                if found[String(trimmed[..<colon])] == nil { found[String(trimmed[..<colon])] = value }
            }
            return found
        }
        let alice = try properties("/css?scope=alice")
        let root = try properties("/css")
        let name = try #require(alice.keys.sorted().first { alice[$0] != root[$0] }, "alice's :root differs from the root scope's")
        return (name, alice[name] ?? "", root[name] ?? "")
    }

    static func startServer() throws -> ServerProcess {
        let server = try ServerProcess()
        #expect(try server.client.put("/category?scope=alice", #"{"category":"ax5"}"#).status == 200, "a local program writes alice")
        return server
    }

    /// The addresses a page tries: spellings of 127.0.0.1 that reach the server and carry no marks.
    static func unmarkedTargets(_ server: ServerProcess) -> [String] {
        ["http://[::ffff:7f00:1]:\(server.port)/css?scope=alice", "http://0.0.0.0:\(server.port)/css?scope=alice"]
    }

    static func filePage() throws -> URL {
        let page = try TestPaths.temporaryDirectory().appendingPathComponent("page.html")
        try Data("<!doctype html><title>a saved page</title><p>A page opened from a file.</p>".utf8).write(to: page)
        return page
    }

    @Test func chromiumPagesCannotReadAScopeThroughAnUnmarkedLoopbackSpelling() throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let property = try Self.differingProperty(server)
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: "<!doctype html><title>evil</title>")])
        defer { site.stop() }
        let browser = try BrowserSession.start(
            loopbackNames: ["evil.test"], reachableHosts: ["0.0.0.0", "[::ffff:7f00:1]", "::ffff:7f00:1"])
        defer { browser.close() }
        let pages = [URL(string: "http://evil.test:\(site.port)/")!, try Self.filePage()]
        for page in pages {
            // The same page reads the root's value through the plain address: the read itself works.
            try browser.navigate(to: page)
            let root =
                try browser.executeAsync(Self.readScript, arguments: ["\(server.url.absoluteString)/css", property.name]) as? [String: Any]
            #expect(root?["value"] as? String == property.root, "\(page): \(root ?? [:])")
            for target in Self.unmarkedTargets(server) {
                try browser.navigate(to: page)
                let read = try browser.executeAsync(Self.readScript, arguments: [target, property.name]) as? [String: Any]
                #expect(
                    read?["value"] as? String != property.alice, "\(page) read alice's \(property.name) through \(target): \(read ?? [:])")
                #expect(read?["loaded"] as? Bool == false, "\(page) → \(target): \(read ?? [:])")
                // It reached the server, which refused the host (the fetch reads the 421, CORS allowing it).
                #expect(read?["status"] as? Int == 421, "\(page) → \(target): \(read ?? [:])")
            }
        }
    }

    @Test func firefoxPagesCannotReadAScopeThroughAnUnmarkedLoopbackSpelling() throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let property = try Self.differingProperty(server)
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: "<!doctype html><title>evil</title>")])
        defer { site.stop() }
        let browser = try FirefoxSession.start()
        defer { browser.close() }
        // Another origin: the site's port differs from fontd's.
        let pages = [site.url.appendingPathComponent("/"), try Self.filePage()]
        for page in pages {
            try browser.navigate(to: page)
            let root =
                try browser.executeAsync(Self.readScript, arguments: ["\(server.url.absoluteString)/css", property.name]) as? [String: Any]
            #expect(root?["value"] as? String == property.root, "\(page): \(root ?? [:])")
            for target in Self.unmarkedTargets(server) {
                try browser.navigate(to: page)
                let read = try browser.executeAsync(Self.readScript, arguments: [target, property.name]) as? [String: Any]
                #expect(
                    read?["value"] as? String != property.alice, "\(page) read alice's \(property.name) through \(target): \(read ?? [:])")
                #expect(read?["loaded"] as? Bool == false, "\(page) → \(target): \(read ?? [:])")
                // Firefox does not connect to 0.0.0.0 at all (status 0); [::ffff:7f00:1] reaches the server, which refuses it.
                let status = read?["status"] as? Int
                #expect(status == 421 || (target.contains("0.0.0.0") && status == 0), "\(page) → \(target): \(read ?? [:])")
            }
        }
    }
}

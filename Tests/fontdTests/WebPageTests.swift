import BrowserTestSupport
import FontServiceTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// A web page following fontd in a real headless Chromium (docs/DESIGN.md §22 (The web)): a page on another
/// origin links `/css` and imports `fontd.js`; the specimen's hairlines sit on the glyphs.
@Suite(.serialized, .ownThread) struct WebPageTests {
    static let token = "web-page-token"

    /// A page of another origin that follows the fontd at `fontd`, recording each `fontd:change`;
    /// `follow` is given `arguments` (JavaScript, such as `{ scope: "alice" }`).
    static func followingPage(fontd: URL, arguments: String = "") -> String {
        let base = fontd.absoluteString.hasSuffix("/") ? String(fontd.absoluteString.dropLast()) : fontd.absoluteString
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>A page that follows the reader</title>
            <link rel="stylesheet" href="\(base)/css">
            <script type="module">
            import { follow } from "\(base)/fontd.js";
            window.fontdChanges = [];
            document.addEventListener("fontd:change", (event) => window.fontdChanges.push(event.detail));
            // How many stylesheets the page had after each change to <head>: never 0, or it would flash.
            window.stylesheetCounts = [];
            new MutationObserver(() => window.stylesheetCounts.push(document.querySelectorAll('link[rel=stylesheet]').length))
              .observe(document.head, { childList: true });
            follow(\(arguments));
            </script></head>
            <body><p class="fontd-body" id="body">Body text that follows the reader.</p></body></html>
            """
    }

    static let bodyStyle = "getComputedStyle(document.getElementById('body'))"

    @Test func aPageOnAnotherOriginFollowsTheReaderLiveAndAcrossARestart() throws {
        let state = try TestPaths.temporaryDirectory().appendingPathComponent("state.json").path
        var server = try ServerProcess(["--token", Self.token, "--state", state])
        defer { server.stop() }
        #expect(try server.client.put("/category", #"{"category":"xl"}"#, token: Self.token).status == 200)
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: Self.followingPage(fontd: server.url))])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }

        try browser.navigate(to: site.url(for: "/"))
        let atExtraLarge = "return \(Self.bodyStyle).fontSize === '19px' && document.documentElement.dataset.textSize === 'xl'"
        let reachedExtraLarge = try browser.waitUntil(atExtraLarge, timeoutSeconds: 15)
        let fontSize = try browser.execute("return \(Self.bodyStyle).fontSize")
        #expect(reachedExtraLarge, "the body is \(fontSize ?? "nil")")
        _ = try browser.execute("window.loadedOnce = 'still this page'")

        // A change arrives without a reload.
        #expect(try server.client.put("/category", #"{"category":"ax2"}"#, token: Self.token).status == 200)
        #expect(try browser.waitUntil("return \(Self.bodyStyle).fontSize === '33px'"))
        #expect(try browser.execute("return document.documentElement.dataset.textSize") as? String == "ax2")
        #expect(try browser.execute("return window.loadedOnce") as? String == "still this page", "the page was not reloaded")
        #expect(
            try browser.execute("return document.querySelectorAll('link[rel=stylesheet]').length") as? Int == 1, "the old stylesheet went")
        let counts = try browser.execute("return window.stylesheetCounts") as? [Int] ?? []
        #expect(counts.contains(2), "the new stylesheet came in beside the old: \(counts)")
        #expect(!counts.contains(0), "the page was never without its stylesheet: \(counts)")

        // Bold text: data-bold-text while bold, the body in its emphasized face; removed after.
        #expect(try server.client.put("/preferences", #"{"legibilityWeight":"bold"}"#, token: Self.token).status == 200)
        #expect(
            try browser.waitUntil(
                "return document.documentElement.dataset.boldText === '' && \(Self.bodyStyle).fontWeight === '700'", timeoutSeconds: 5))
        #expect(try server.client.put("/preferences", #"{"legibilityWeight":"regular"}"#, token: Self.token).status == 200)
        #expect(
            try browser.waitUntil(
                "return !document.documentElement.hasAttribute('data-bold-text') && \(Self.bodyStyle).fontWeight === '400'",
                timeoutSeconds: 5))

        // The server is killed and started again on the same state and port: the page reconnects by itself.
        let port = server.port
        #expect(server.terminate() == 0)
        server = try ServerProcess(["--token", Self.token, "--state", state], port: port)
        #expect(try server.client.put("/category", #"{"category":"ax5"}"#, token: Self.token).status == 200)
        #expect(try browser.waitUntil("return \(Self.bodyStyle).fontSize === '53px'", timeoutSeconds: 15))
        #expect(try browser.execute("return window.loadedOnce") as? String == "still this page")
        let changes = try browser.execute("return window.fontdChanges.map((c) => c.category + '/' + c.legibilityWeight)") as? [String]
        #expect(changes?.first == "xl/regular")
        #expect(changes?.last == "ax5/regular")
        #expect(changes?.contains("ax2/bold") == true)
    }

    @Test func aPageFollowsAScopeWithAScopedTokenAndNothingElse() throws {
        let server = try ServerProcess(["--token", Self.token, "--jwt-secret", ScopedTokens.secret])
        defer { server.stop() }
        #expect(try server.client.put("/category?scope=alice", #"{"category":"xl"}"#, token: Self.token).status == 200)
        let jwt = try ScopedTokens.tokenNow(scope: "alice")
        let page = Self.followingPage(fontd: server.url, arguments: "{ scope: \"alice/phone\", token: \"\(jwt)\" }")
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: page)])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }

        // The device inherits the reader's xl; the root stays at l (17px).
        try browser.navigate(to: site.url(for: "/"))
        let reached = try browser.waitUntil(
            "return \(Self.bodyStyle).fontSize === '19px' && document.documentElement.dataset.textSize === 'xl'")
        let fontSize = try browser.execute("return \(Self.bodyStyle).fontSize")
        #expect(reached, "the body is \(fontSize ?? "nil")")
        // A change on the reader reaches the page; one on the root does not.
        #expect(try server.client.put("/category?scope=alice", #"{"category":"ax2"}"#, token: Self.token).status == 200)
        #expect(try browser.waitUntil("return \(Self.bodyStyle).fontSize === '33px'", timeoutSeconds: 5))
        #expect(try server.client.put("/category", #"{"category":"xs"}"#, token: Self.token).status == 200)
        Thread.sleep(forTimeInterval: 1)  // the root's change must not reach the page: its absence is the point
        #expect(try browser.execute("return document.documentElement.dataset.textSize") as? String == "ax2")
        #expect(try browser.execute("return \(Self.bodyStyle).fontSize") as? String == "33px")
        let stylesheet = try browser.execute("return document.querySelector('link[rel=stylesheet]').href") as? String ?? ""
        #expect(stylesheet.contains("scope=alice%2Fphone&access_token=\(jwt)"), "\(stylesheet)")
        let changes = try browser.execute("return window.fontdChanges.map((c) => c.category)") as? [String]
        #expect(changes == ["xl", "ax2"])
    }

    /// Where the specimen draws `style`'s hairlines and where its sample's `H` is, in viewport pixels.
    struct SampleGeometry {
        var capHeight: Double
        var baseline: Double
        var left: Double
        var right: Double
    }

    static func geometry(of style: String, in browser: BrowserSession) throws -> SampleGeometry {
        let script = """
            const section = document.querySelector('section[data-style="\(style)"]');
            const sample = section.querySelector('.sample');
            const text = [...sample.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
            const range = document.createRange();
            range.setStart(text, 0);
            range.setEnd(text, 1);
            const letter = range.getBoundingClientRect();
            const line = (name) => section.querySelector('.hairline.' + name).getBoundingClientRect().top;
            return [line('cap-height'), line('baseline'), letter.left, letter.right];
            """
        guard let values = try browser.execute(script) as? [Double], values.count == 4 else {
            throw BrowserError.transport(command: "geometry of \(style)", problem: "the page gave no numbers")
        }
        return SampleGeometry(capHeight: values[0], baseline: values[1], left: values[2], right: values[3])
    }

    @Test(arguments: ["l", "ax3"])
    func theSpecimensHairlinesSitOnTheGlyphs(category: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: URL(string: "\(server.url.absoluteString)/specimen?category=\(category)")!)
        #expect(try browser.waitUntil("return document.fonts.status === 'loaded'", timeoutSeconds: 10))
        let png = try browser.screenshotPNG()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        try Data(png).write(to: TestPaths.packageRoot.appendingPathComponent(".build/specimen-\(category).png"))

        for style in ["largeTitle", "body", "footnote"] {
            // The page's own text grows with the category (docs/DESIGN.md §22 (The web)): at ax3 a style may be
            // below the window, so each is brought into view, and measured in its own screenshot.
            _ = try browser.execute("document.querySelector('section[data-style=\"\(style)\"]').scrollIntoView({ block: 'center' })")
            let png = try browser.screenshotPNG()
            let where_ = try Self.geometry(of: style, in: browser)
            // The H's stems, a pixel in from each side, from above the cap line to below the baseline.
            let x = Int(where_.left.rounded(.up)) + 1
            let width = max(1, Int(where_.right.rounded(.down)) - x - 1)
            let top = Int(where_.capHeight) - 6
            let rows = try browser.pixelRows(of: png, x: x, y: top, width: width, height: Int(where_.baseline) - top + 6)
            let inked = rows.indices.filter { row in rows[row].contains { $0.r < 128 && $0.g < 128 && $0.b < 128 } }
            let first = try #require(inked.first, "no ink for \(style)'s H")
            let last = try #require(inked.last)
            // The H's top is the cap height, its foot the baseline: fontd's metrics, the browser's pixels.
            #expect(abs(Double(top + first) - where_.capHeight) <= 1, "\(style): H top at \(top + first), cap line at \(where_.capHeight)")
            #expect(
                abs(Double(top + last + 1) - where_.baseline) <= 1, "\(style): H foot at \(top + last + 1), baseline at \(where_.baseline)")
        }
    }

    @Test func theSpecimenAsksOnlyItsOwnServerAndFollowsTheReader() throws {
        let server = try ServerProcess(["--token", Self.token])
        defer { server.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: URL(string: "\(server.url.absoluteString)/specimen")!)
        // fontd.js's first event (the snapshot) makes the page ask for itself at the reader's preferences.
        #expect(
            try browser.waitUntil(
                "return performance.getEntriesByType('resource').some((entry) => entry.name.includes('/specimen?category=l&legibility=regular'))",
                timeoutSeconds: 10))
        #expect(try server.client.put("/category", #"{"category":"ax1"}"#, token: Self.token).status == 200)
        #expect(
            try browser.waitUntil(
                "return document.getElementById('category').textContent === 'ax1' && document.querySelector('section[data-style=body] .numbers').textContent.startsWith('28 / 34 px')",
                timeoutSeconds: 10))
        let host = "127.0.0.1:\(server.port)"
        // The page's resource timing and the browser's own network log (every request it sent).
        let urls = try browser.resourceURLs() + browser.networkRequestURLs().filter { $0.hasPrefix("http") }
        #expect(urls.contains { $0.hasSuffix("/fontd.js") })
        for url in urls {
            #expect(URL(string: url)?.host == "127.0.0.1" && URL(string: url)?.port == server.port, "\(url) is not on \(host)")
        }
    }
}

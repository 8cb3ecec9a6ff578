import BrowserTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// fontd's pages as a reader with the largest text sees them on a phone, and a page that takes
/// the reader's typography once, in a real headless Chromium (docs/DESIGN.md §22 (The web)).
@Suite(.serialized, .ownThread) struct PagesOnAPhoneTests {
    static let token = "phone-token"

    /// Every element of the page whose box reaches past the window's width, and what the page's
    /// own title, links and the body style's sample are set at.
    static let layout = """
        const width = document.documentElement.clientWidth;
        const wide = [...document.body.querySelectorAll("*")].filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > width + 0.5 || box.left < -0.5 || box.right > width + 0.5;
        }).map((element) => element.tagName + "." + element.className + " " + JSON.stringify(element.getBoundingClientRect()));
        const size = (element) => parseFloat(getComputedStyle(element).fontSize);
        return {
          width, scrollWidth: document.documentElement.scrollWidth, wide,
          heading: size(document.querySelector("h1")), page: size(document.body), link: size(document.querySelector("nav a")),
          styleName: size(document.querySelector('section[data-style="body"] h2')),
          body: size(document.querySelector('section[data-style="body"] .sample')),
        };
        """

    @Test func theSpecimenAtTheLargestSizeFitsAPhoneAndGrowsItsOwnText() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let browser = try BrowserSession.start(windowWidth: 390, windowHeight: 844)
        defer { browser.close() }
        // Headless Chromium keeps a window at least 500 px wide: the phone's 390×844 is emulated.
        _ = try browser.devTools(
            "Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": false])
        var headings: [String: Double] = [:]
        for category in ["l", "ax3", "ax5"] {
            try browser.navigate(to: URL(string: "\(server.url.absoluteString)/specimen?category=\(category)")!)
            let layout = try #require(try browser.execute(Self.layout) as? [String: Any])
            let width = try #require(layout["width"] as? Double ?? (layout["width"] as? Int).map(Double.init))
            #expect(width > 300 && width <= 390, "\(category): a phone's width, \(width)")
            #expect((layout["wide"] as? [String]) == [], "\(category): wider than the window: \(layout["wide"] ?? "")")
            #expect((layout["scrollWidth"] as? Double ?? (layout["scrollWidth"] as? Int).map(Double.init) ?? .infinity) <= width)
            let number = { (key: String) in layout[key] as? Double ?? (layout[key] as? Int).map(Double.init) ?? 0 }
            // The body style's size at the category, from the server (53 at ax5, docs/DESIGN.md §4 (The style table)).
            let font = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try server.client.get("/font?style=body&category=\(category)").body)) as? [String: Any])
            let bodySize = try #require((font["descriptor"] as? [String: Any])?["pointSize"] as? Double)
            #expect(number("body") == bodySize, "\(category): the sample is the body style")
            #expect(number("heading") >= bodySize, "\(category): the title \(number("heading")) px under body's \(bodySize) px")
            #expect(number("heading") >= number("page"))
            #expect(number("link") >= bodySize, "\(category): the category links are \(number("link")) px")
            #expect(number("page") >= bodySize, "\(category): the page's text is \(number("page")) px")
            headings[category] = number("heading")
        }
        #expect((headings["l"] ?? 0) < (headings["ax3"] ?? 0) && (headings["ax3"] ?? 0) < (headings["ax5"] ?? 0), "\(headings)")
    }

    /// A page of another origin that takes the reader's typography from the fontd at `fontd`
    /// once: `follow({ live: false })`.
    static func stillPage(fontd: URL) -> String {
        let base = fontd.absoluteString.hasSuffix("/") ? String(fontd.absoluteString.dropLast()) : fontd.absoluteString
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>A page that takes the reader's size once</title>
            <link rel="stylesheet" href="\(base)/css">
            <script type="module">
            import { follow } from "\(base)/fontd.js";
            window.following = follow({ live: false });
            window.following.ready.then(() => { window.applied = window.following.preferences; });
            </script></head>
            <body><p class="fontd-body" id="body">Body text at the reader's size.</p></body></html>
            """
    }

    @Test func aPageThatFollowsOnceOpensNoStream() throws {
        let server = try ServerProcess(["--token", Self.token])
        defer { server.stop() }
        #expect(try server.client.put("/category", #"{"category":"xl"}"#, token: Self.token).status == 200)
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: Self.stillPage(fontd: server.url))])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/"))
        let applied =
            "return window.applied?.category === 'xl' && document.documentElement.dataset.textSize === 'xl'"
            + " && getComputedStyle(document.getElementById('body')).fontSize === '19px'"
        let reached = try browser.waitUntil(applied)
        let page = try browser.execute("return document.documentElement.outerHTML") as? String ?? ""
        #expect(reached, "\(page)")
        let requests = try browser.networkRequestURLs()
        #expect(requests.contains { $0.hasPrefix(server.url.absoluteString) && $0.contains("/preferences") }, "\(requests)")
        #expect(!requests.contains { $0.contains("/events") }, "no event stream: \(requests)")
        // And it stays: a change is not heard.
        #expect(try server.client.put("/category", #"{"category":"ax2"}"#, token: Self.token).status == 200)
        Thread.sleep(forTimeInterval: 1)  // the change must not reach the page: its absence is the point
        #expect(try browser.execute("return document.documentElement.dataset.textSize") as? String == "xl")
    }

    /// Runs `chromium --headless --screenshot` of `url` in a 390×844 window, waiting for the page to
    /// settle (`--virtual-time-budget`, which waits while a request is open), for at most
    /// `timeoutSeconds`: whether it returned, and the file it wrote.
    static func screenshot(of url: URL, timeoutSeconds: Double) throws -> (returned: Bool, png: Data?) {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("page.png")
        let chromium = try ChildProcess(
            [
                BrowserSession.chromiumPath, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--virtual-time-budget=3000",
                "--screenshot=\(file.path)", "--window-size=390,844", url.absoluteString,
            ], environment: PinnedFonts.environment.merging(["HOME": directory.path]) { _, new in new }, error: .discarded)
        let returned = chromium.waitForExit(timeoutSeconds: timeoutSeconds)
        if !returned { chromium.terminate() }
        return (returned, try? Data(contentsOf: file))
    }

    @Test func aHeadlessScreenshotOfAPageThatFollowsOnceReturns() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let live = Self.stillPage(fontd: server.url).replacingOccurrences(of: "follow({ live: false })", with: "follow()")
        let site = try StaticSite(pages: [
            "/still": (contentType: "text/html; charset=utf-8", body: Self.stillPage(fontd: server.url)),
            "/live": (contentType: "text/html; charset=utf-8", body: live),
        ])
        defer { site.stop() }
        let still = try Self.screenshot(of: site.url(for: "/still"), timeoutSeconds: Wait.defaultSeconds)
        #expect(still.returned, "chromium --screenshot of a follow({ live: false }) page did not return")
        #expect(still.png?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true, "a PNG was written")
        // The page that follows live holds /events open: the page never settles, and no screenshot comes.
        let following = try Self.screenshot(of: site.url(for: "/live"), timeoutSeconds: 10)
        #expect(!following.returned, "a live page was expected to keep --screenshot waiting")
    }
}

import BrowserTestSupport
import FirefoxTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Synchronization
import Testing

/// `fontd.js` in headless Firefox ESR (docs/DESIGN.md §22 (The web)): Firefox, like Chromium on Linux, turns
/// GNOME's text-scaling factor into page zoom, so the follower is a page's only text-only path there.
/// A page on another origin follows the reader live; once it has applied the first preferences it
/// reports to its own site, the test runs `fontd category set ax3`, and the page reports again once
/// the change has arrived — in the same document, with the event stream still open — then lets its
/// load event (held by `<img src="/hold">`) fire, and Firefox's `--screenshot` shows the result:
/// the text at ax3's size, the fixed 200 × 50 px box as it was, the device pixel ratio 1.
@Suite(.serialized, .ownThread) struct FirefoxFollowerTests {
    static func page(fontd: URL) -> String {
        """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>Following in Firefox</title>
        <link rel="stylesheet" href="\(fontd.absoluteString)/css?category=l">
        <style>body { margin: 0; background: #fff; } #text { margin: 0; color: #000; white-space: nowrap; }
        #fixed { width: 200px; height: 50px; background: rgb(0, 0, 255); }</style></head>
        <body><div id="fixed"></div><p class="fontd-body" id="text">HHHH</p><img src="/hold" width="1" height="1" alt="" style="position: absolute; right: 0; top: 0">
        <script type="module">
        import { follow } from "\(fontd.absoluteString)/fontd.js";
        window.sameDocument = "yes";
        const text = document.getElementById("text"), fixed = document.getElementById("fixed");
        const measure = () => ({
          fontSize: getComputedStyle(text).fontSize, category: document.documentElement.dataset.textSize,
          fixed: [fixed.getBoundingClientRect().width, fixed.getBoundingClientRect().height],
          ratio: devicePixelRatio, stylesheets: document.querySelectorAll("link[rel=stylesheet]").length,
          sameDocument: window.sameDocument,
        });
        const report = (name) => fetch("/report/" + name + "?" + encodeURIComponent(JSON.stringify(measure())));
        // Settled: the category applied and the swapped stylesheet in place (the old one gone once the new loaded).
        const settled = (category) => new Promise((resolve) => {
          const check = () => document.documentElement.dataset.textSize === category
            && document.querySelectorAll("link[rel=stylesheet]").length === 1
            && document.styleSheets.length === 2 ? resolve() : requestAnimationFrame(check);
          check();
        });
        await follow().ready;
        await settled("l");
        await report("before");
        await new Promise((resolve) => document.addEventListener("fontd:change", (event) => {
          if (event.detail.category === "ax3") resolve();
        }));
        await settled("ax3");
        await report("after");
        await fetch("/release");
        </script></body></html>
        """
    }

    struct Measurement: Decodable {
        var fontSize: String
        var category: String
        var fixed: [Double]
        var ratio: Double
        var stylesheets: Int
        var sameDocument: String
    }

    static func measurement(_ name: String, from site: StaticSite) throws -> Measurement {
        let prefix = "/report/\(name)?"
        let target = try #require(site.waitForRequest(startingWith: prefix, timeoutSeconds: 30), "the page did not report \(name)")
        let json = try #require(String(target.dropFirst(prefix.count)).removingPercentEncoding)
        return try JSONDecoder().decode(Measurement.self, from: Data(json.utf8))
    }

    @Test func textFollowsACategoryChangeWithoutAReloadOrZoom() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: Self.page(fontd: server.url))])
        defer { site.stop() }
        let screenshot = Mutex<Result<PNGImage, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let result = Result { try FirefoxScreenshot.take(site.url(for: "/"), width: 600, height: 400) }
            screenshot.withLock { $0 = result }
            done.signal()
        }
        let before = try Self.measurement("before", from: site)
        #expect(before.fontSize == "17px" && before.category == "l")

        let set = try CommandRunner.run(["category", "set", "ax3", "--server", server.url.absoluteString])
        #expect(set.status == 0, "\(set.standardError)")
        let after = try Self.measurement("after", from: site)
        #expect(after.fontSize == "40px" && after.category == "ax3", "\(after)")
        #expect(after.sameDocument == "yes" && after.stylesheets == 1)
        #expect(after.fixed == [200, 50] && before.fixed == [200, 50], "no zoom: the fixed box is 200 × 50 px")
        #expect(after.ratio == 1 && before.ratio == 1)

        try Wait.signal("Firefox's screenshot", on: done)
        let image = try #require(try screenshot.withLock { $0 }?.get())
        // In the pixels: the blue box still 200 × 50, the H's cap height ax3's (40 × 1493/2048 = 29.2 px).
        let blueRows = (0..<image.height).filter { image.pixel(x: 100, y: $0).b > 200 && image.pixel(x: 100, y: $0).r < 50 }
        let blueColumns = (0..<image.width).filter { image.pixel(x: $0, y: 25).b > 200 && image.pixel(x: $0, y: 25).r < 50 }
        #expect(blueRows.count == 50 && blueColumns.count == 200, "\(blueRows.count) × \(blueColumns.count)")
        let inkRows = (50..<image.height).filter { y in (0..<200).contains { x in image.pixel(x: x, y: y).r < 100 } }
        let capHeight = Double((inkRows.last ?? 0) - (inkRows.first ?? 0) + 1)
        #expect(abs(capHeight - 40 * 1493 / 2048) <= 1.5, "the H is \(capHeight) px tall")
    }
}

import BrowserTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// fontd's extension in headless Chromium through chromedriver, loaded from the folder `scripts/install`
/// fills (`--load-extension`; docs/DESIGN.md §26 (The desktop bridge), "Browsers"): a page that does not
/// link fontd, its text in `rem`, follows the reader without a reload — the default font size is
/// 16 × r — also after the extension's service worker was stopped as Chromium stops an idle one
/// (the offscreen document holding the stream wakes it), and again once fontd was stopped and started
/// on the same port. The server lists the browser among the stream's clients while it follows.
@Suite(.serialized, .ownThread) struct ChromiumExtensionTests {
    /// The `rem` paragraph's computed size in CSS pixels, and the `px` one's.
    static func sizes(_ browser: BrowserSession) throws -> [Double] {
        let sizes = try browser.execute(
            "return ['rem', 'px'].map((id) => parseFloat(getComputedStyle(document.getElementById(id)).fontSize));")
        return sizes as? [Double] ?? []
    }

    /// Waits until the `rem` paragraph is `pixels` px; how long it took, for the report.
    @discardableResult
    static func awaitRemText(_ pixels: Double, in browser: BrowserSession, _ what: String) throws -> Duration {
        let start = ContinuousClock.now
        var seen: [Double] = []
        try Wait.until("the rem text at \(pixels) px (\(what))", seen: { "\(seen)" }) {
            seen = try sizes(browser)
            return seen.first == pixels
        }
        return ContinuousClock.now - start
    }

    /// Points the extension at `server` through its own options page, as a reader would.
    static func setServer(_ server: ServerProcess, in browser: BrowserSession) throws {
        let options = try #require(URL(string: "chrome-extension://\(BrowserExtensionFixture.chromiumExtensionID)/options.html"))
        try browser.navigate(to: options)
        _ = try browser.execute(
            "document.getElementById('server').value = arguments[0]; document.getElementById('save').click();",
            arguments: [server.url.absoluteString])
        #expect(try browser.waitUntil("return document.getElementById('saved').textContent === 'Saved.';"))
    }

    /// The extension's service-worker targets, as DevTools lists them.
    static func serviceWorkers(_ browser: BrowserSession) throws -> [String] {
        let targets = try browser.devTools("Target.getTargets")["targetInfos"] as? [[String: Any]] ?? []
        return targets.filter { $0["type"] as? String == "service_worker" }.compactMap { $0["url"] as? String }
            .filter { $0.contains(BrowserExtensionFixture.chromiumExtensionID) }
    }

    @Test func remTextFollowsTheReaderLiveAfterAnIdleStopAndARestart() throws {
        let fixture = try BrowserExtensionFixture()
        var server = try ServerProcess()
        defer { server.stop() }
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: BrowserExtensionFixture.page)])
        defer { site.stop() }
        let browser = try BrowserSession.start(arguments: ["--load-extension=\(fixture.chromium.path)"])
        defer { browser.close() }

        try Self.setServer(server, in: browser)
        try Wait.until("chromium among the stream's clients") { try BrowserExtensionFixture.clients(of: server) == ["chromium"] }
        try browser.navigate(to: site.url(for: "/"))
        try Self.awaitRemText(16, in: browser, "at l")
        #expect(try Self.sizes(browser).last == 16)
        let status = try CommandRunner.run(
            ["desktop", "status", "--server", server.url.absoluteString], environment: try TemporaryHome().environment())
        #expect(
            status.standardOutput.contains("browsers: Chromium follows \(server.url.absoluteString) through fontd's extension"),
            "\(status.standardOutput)")

        try browser.execute("window.sameDocument = true;")
        try BrowserExtensionFixture.setCategory("ax2", on: server)
        let ax2 = (16 * (try BrowserExtensionFixture.ratio("ax2", server: server))).rounded()
        let took = try Self.awaitRemText(ax2, in: browser, "after PUT ax2")
        print("chromium: rem text at \(ax2) px \(took) after PUT ax2")
        #expect(try browser.execute("return window.sameDocument === true;") as? Bool == true, "the page was reloaded")
        // Text in px is left to the minimum font size, which stays below 16 px at ax2.
        #expect(try Self.sizes(browser).last == 16)

        // Stopped as Chromium stops an idle worker: the offscreen document's message starts it again.
        #expect(!(try Self.serviceWorkers(browser)).isEmpty)
        _ = try browser.devTools("ServiceWorker.enable")
        _ = try browser.devTools("ServiceWorker.stopAllWorkers")
        try Wait.until("the extension's service worker stopped", seen: { "\((try? Self.serviceWorkers(browser)) ?? [])" }) {
            try Self.serviceWorkers(browser).isEmpty
        }
        try BrowserExtensionFixture.setCategory("ax4", on: server)
        let ax4 = (16 * (try BrowserExtensionFixture.ratio("ax4", server: server))).rounded()
        let woke = try Self.awaitRemText(ax4, in: browser, "after PUT ax4 with the worker stopped")
        print("chromium: rem text at \(ax4) px \(woke) after PUT ax4, the worker stopped before it")

        // fontd stopped and started again on the same port: the extension connects again by itself.
        let port = server.port
        server.stop()
        server = try ServerProcess(port: port)
        try BrowserExtensionFixture.setCategory("xl", on: server)
        let xl = (16 * (try BrowserExtensionFixture.ratio("xl", server: server))).rounded()
        let back = try Self.awaitRemText(xl, in: browser, "after fontd started again and PUT xl")
        print("chromium: rem text at \(xl) px \(back) after fontd started again with xl")
        try Wait.until("chromium among the new server's clients") { try BrowserExtensionFixture.clients(of: server) == ["chromium"] }
    }
}

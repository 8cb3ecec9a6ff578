import BrowserTestSupport
import FirefoxTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// fontd's extension in headless Firefox ESR through Marionette, installed as a temporary add-on
/// (`Addon:Install`, as `about:debugging` does: no signature asked) from the folder `scripts/install`
/// fills (docs/DESIGN.md §26 (The desktop bridge), "Browsers"): a page's text in `px` grows by r, text
/// only (the image's box keeps its size), in the open tab and in a tab opened after; the reader's own
/// zoom for a site (Ctrl +, `FullZoom.enlarge()`) is multiplied by r; and after fontd was stopped and
/// started on the same port the tabs follow again.
@Suite(.serialized, .ownThread) struct FirefoxExtensionTests {
    struct Layout: Equatable, CustomStringConvertible {
        var pixelText: Double
        var image: [Double]
        var description: String { "px text \(pixelText) px, image \(image)" }
    }

    static func layout(_ firefox: FirefoxSession) throws -> Layout? {
        let measured =
            try firefox.execute(
                """
                const px = document.getElementById('px'), image = document.getElementById('image');
                if (!px || !image) return null;
                const box = image.getBoundingClientRect();
                return [parseFloat(getComputedStyle(px).fontSize), box.width, box.height];
                """) as? [Double]
        guard let measured, measured.count == 3 else { return nil }
        return Layout(pixelText: measured[0], image: [measured[1], measured[2]])
    }

    /// Waits until the `px` paragraph is `pixels` px with the image's box at 120 × 40; how long it took,
    /// for the report. To 0.1 px: Firefox keeps a zoom to the hundredth (16 px × 0.005 = 0.08 px), and
    /// sizes in 1/60 px; the nearest other category is more than a pixel away.
    @discardableResult
    static func awaitPixelText(_ pixels: Double, in firefox: FirefoxSession, _ what: String) throws -> Duration {
        let start = ContinuousClock.now
        var seen: Layout?
        try Wait.until(
            "the px text at \(pixels) px and the image at 120 × 40 (\(what))", seen: { "\(seen.map(\.description) ?? "nothing")" }
        ) {
            seen = try layout(firefox)
            guard let seen else { return false }
            return abs(seen.pixelText - pixels) < 0.1 && seen.image == [120, 40]
        }
        return ContinuousClock.now - start
    }

    @Test func pixelTextZoomsByTheRatioAndTheReadersOwnZoomIsMultiplied() throws {
        let fixture = try BrowserExtensionFixture()
        var server = try ServerProcess()
        defer { server.stop() }
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: BrowserExtensionFixture.page)])
        defer { site.stop() }
        let firefox = try FirefoxSession.start(systemAccess: true)
        defer { firefox.close() }
        let installed = try firefox.installAddon(at: fixture.firefox.path, temporary: true)
        #expect(installed == BrowserExtensionFixture.firefoxAddonID)

        // The extension's options page, found through its id, points it at the test's server.
        let options = try #require(
            try firefox.executeInBrowserWindow(
                "return WebExtensionPolicy.getByID(arguments[0]).getURL('options.html');",
                arguments: [BrowserExtensionFixture.firefoxAddonID]) as? String)
        try firefox.navigate(to: try #require(URL(string: options)))
        _ = try firefox.execute(
            "document.getElementById('server').value = arguments[0]; document.getElementById('save').click();",
            arguments: [server.url.absoluteString])
        try Wait.until("firefox among the stream's clients") { try BrowserExtensionFixture.clients(of: server) == ["firefox"] }

        let page = site.url(for: "/")
        try firefox.navigate(to: page)
        try Self.awaitPixelText(16, in: firefox, "at l")
        // The reader zooms this site in, as Ctrl + does: 110 %.
        _ = try firefox.executeInBrowserWindow("FullZoom.enlarge();")
        try Self.awaitPixelText(17.6, in: firefox, "the reader's 110 %")

        try firefox.execute("window.sameDocument = true;")
        try BrowserExtensionFixture.setCategory("ax2", on: server)
        let ax2 = try BrowserExtensionFixture.ratio("ax2", server: server)
        let took = try Self.awaitPixelText(16 * 1.1 * ax2, in: firefox, "after PUT ax2, the reader's 110 % kept")
        print("firefox: px text at \(16 * 1.1 * ax2) px \(took) after PUT ax2")
        #expect(try firefox.execute("return window.sameDocument === true;") as? Bool == true, "the page was reloaded")

        // A tab opened now, on another site (localhost, not 127.0.0.1), where the reader set no zoom.
        let first = try firefox.currentTab()
        try firefox.openTab()
        var other = URLComponents(url: page, resolvingAgainstBaseURL: false)
        other?.host = "localhost"
        try firefox.navigate(to: try #require(other?.url))
        try Self.awaitPixelText(16 * ax2, in: firefox, "a new tab at ax2")

        // fontd stopped and started again on the same port: both tabs follow again.
        let port = server.port
        server.stop()
        server = try ServerProcess(port: port)
        try BrowserExtensionFixture.setCategory("xl", on: server)
        let xl = try BrowserExtensionFixture.ratio("xl", server: server)
        let back = try Self.awaitPixelText(16 * xl, in: firefox, "the new tab after fontd started again with xl")
        print("firefox: px text at \(16 * xl) px \(back) after fontd started again with xl")
        try firefox.switchToTab(try #require(first))
        try Self.awaitPixelText(16 * 1.1 * xl, in: firefox, "the first tab after fontd started again, the reader's 110 % kept")
        try Wait.until("firefox among the new server's clients") { try BrowserExtensionFixture.clients(of: server) == ["firefox"] }
    }
}

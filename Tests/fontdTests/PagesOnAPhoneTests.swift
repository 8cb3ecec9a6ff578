import FontdTestSupport
import Foundation
import Testing

/// fontd's pages as a reader with the largest text sees them on a phone, in a real headless
/// Chromium (docs/DESIGN.md §22).
@Suite(.serialized) struct PagesOnAPhoneTests {
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
            // The body style's size at the category, from the server (53 at ax5, docs/DESIGN.md §4).
            let font = try #require(try JSONSerialization.jsonObject(
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
}

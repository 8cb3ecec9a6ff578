import BrowserTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// docs/DESIGN.md §32 (Capsize and metrics-exact web), `font-size-adjust`, in real browsers: the
/// classes of `/css?trim=capsize` apply `cap-height from-font`, which leaves the resolved face
/// (DejaVu Sans) at exactly its size and scales a glyph from a fallback face to the cap height the
/// browser reads from DejaVu. The fallback face is OpenDyslexic (from a `data:` URL, for `Q` only),
/// whose OS/2 table says its cap height is a whole em, so both browsers scale it by their own ratio.
/// The page measures the widths of `HHHHHHHHHH` (DejaVu) and `QQQQQQQQQQ` (OpenDyslexic) in a
/// paragraph with the class as written, one with `font-size-adjust: none`, and one with fontd's
/// measured ratio applied (`var(--fontd-body-font-size-adjust)`), and reports them.
@Suite(.serialized, .ownThread) struct FontSizeAdjustPageTests {
    static let probeFile = URL(fileURLWithPath: ReadingFonts.directory).appendingPathComponent("OpenDyslexic-Regular.otf")
    /// OpenDyslexic-Regular.otf's OS/2 `sCapHeight` per em: 1000 of 1000.
    static let probeCapHeight = 1.0

    static func page(fontd: URL, probeBase64: String) -> String {
        let text = "<span>HHHHHHHHHH</span><span>QQQQQQQQQQ</span>"
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>font-size-adjust</title>
            <link rel="stylesheet" href="\(fontd.absoluteString)/css?category=ax5&amp;trim=capsize">
            <style>
            @font-face { font-family: "Probe"; src: url(data:font/otf;base64,\(probeBase64)); unicode-range: U+0051; }
            body { margin: 0; }
            p { white-space: nowrap; font-family: "Probe", var(--fontd-body-font-family) !important; }
            #plain { font-size-adjust: none !important; }
            #measured { font-size-adjust: var(--fontd-body-font-size-adjust) !important; }
            </style></head>
            <body><p class="fontd-body" id="adjusted">\(text)</p><p class="fontd-body" id="plain">\(text)</p>
            <p class="fontd-body" id="measured">\(text)</p><img src="/hold" width="1" height="1" alt="">
            <script type="module">
            await document.fonts.load("53px Probe", "Q");
            await document.fonts.ready;
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            const widths = (id) => [...document.getElementById(id).querySelectorAll("span")].map((span) => span.getBoundingClientRect().width);
            const report = {
                adjusted: widths("adjusted"), plain: widths("plain"), measured: widths("measured"),
                computed: getComputedStyle(document.getElementById("adjusted")).fontSizeAdjust,
            };
            await fetch("/report/widths?" + encodeURIComponent(JSON.stringify(report)));
            await fetch("/release");
            </script></body></html>
            """
    }

    /// Each paragraph's `[H width, Q width]` in CSS px, and the class's computed `font-size-adjust`.
    struct Report: Decodable {
        var adjusted: [Double]
        var plain: [Double]
        var measured: [Double]
        var computed: String

        /// The ratio the browser resolved `from-font` to: `cap-height 0.943396` → 0.943396.
        var resolvedRatio: Double? {
            computed.hasPrefix("cap-height ") ? Double(computed.dropFirst("cap-height ".count)) : nil
        }
    }

    static func run(load: (URL) throws -> Void) throws -> Report {
        let server = try ServerProcess()
        defer { server.stop() }
        let probe = try Data(contentsOf: probeFile).base64EncodedString()
        let site = try StaticSite(pages: [
            "/": (contentType: "text/html; charset=utf-8", body: page(fontd: server.url, probeBase64: probe))
        ])
        defer { site.stop() }
        try load(site.url(for: "/"))
        let target = try #require(site.waitForRequest(startingWith: "/report/widths?", timeoutSeconds: 20), "the page reported nothing")
        let json = try #require(String(target.dropFirst("/report/widths?".count)).removingPercentEncoding)
        return try JSONDecoder().decode(Report.self, from: Data(json.utf8))
    }

    /// The resolved face keeps its size to a tenth of a pixel over ten `H`s (about 400 px); the
    /// fallback `Q`s are scaled by the browser's resolved ratio over the probe's cap height (1 %);
    /// and fontd's own ratio, applied, resizes DejaVu by more than a pixel: Firefox reads DejaVu's
    /// cap height as its ascent (OS/2 version 1 has no `sCapHeight`; 50 px at 53 px), Chromium as
    /// its hinted `H`.
    @Test(arguments: [FallbackFacePageTests.Browser.chromium, .firefox])
    func theResolvedFaceKeepsItsSizeAndAFallbackGlyphIsScaled(browser: FallbackFacePageTests.Browser) throws {
        #expect(ReadingFonts.isInstalled, "fonts-opendyslexic (scripts/install-dependencies)")
        let report = try Self.run(load: browser.load)
        let ratio = try #require(report.resolvedRatio, "from-font resolves to a number: \(report)")
        #expect(abs(report.adjusted[0] - report.plain[0]) <= 0.1, "DejaVu at its size: \(report)")
        let scale = report.adjusted[1] / report.plain[1]
        #expect(abs(scale / (ratio / Self.probeCapHeight) - 1) <= 0.01, "the Q scaled by \(scale), resolved ratio \(ratio): \(report)")
        #expect(abs(scale - 1) > 0.03, "the fallback glyph is scaled at all: \(report)")
        #expect(abs(report.measured[0] - report.plain[0]) > 1, "fontd's ratio resizes DejaVu itself: \(report)")
    }
}

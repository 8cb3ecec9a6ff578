import BrowserTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The reading font (docs/DESIGN.md §33 (The reading font)) as a reader sees it: the built `fontd serve` with
/// OpenDyslexic installed, the reading font set and cleared through the `fontd` command line, and
/// pages in a real headless Chromium that sees the same fonts. What the browser drew with is read
/// from DevTools (`CSS.getPlatformFontsForNode`), not from the stylesheet's words.
@Suite(.serialized, .ownThread) struct ReadingFontPageTests {
    static let token = "reading-page-token"
    static let bodyStyle = "getComputedStyle(document.getElementById('body'))"

    /// The default table with a `code` style: body's sizes on the generic `monospace` family.
    static func tableWithCode() throws -> String {
        let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.defaultStyles)) as? [String: Any])
        var styles = try #require(table["styles"] as? [[String: Any]])
        var code = try #require(styles.first { $0["name"] as? String == "body" })
        code["name"] = "code"
        code["family"] = ["monospace"]
        styles.append(code)
        let file = try TestPaths.temporaryDirectory().appendingPathComponent("with-code.json")
        try JSONSerialization.data(withJSONObject: table.merging(["name": "with code", "styles": styles]) { $1 }).write(to: file)
        return file.path
    }

    /// Runs `fontd reading-font arguments… --server` against `server` with the operator's token.
    static func readingFont(_ arguments: [String], on server: ServerProcess) throws -> CommandResult {
        var environment = ReadingFonts.environment
        environment["FONTD_TOKEN"] = token
        return try CommandRunner.run(
            ["reading-font"] + arguments + ["--server", "http://127.0.0.1:\(server.port)"], environment: environment)
    }

    /// A page of another origin that links `/css`, follows the reader with `fontd.js`, and has a
    /// line of body text and one of code.
    static func page(fontd: URL) -> String {
        let base = fontd.absoluteString.hasSuffix("/") ? String(fontd.absoluteString.dropLast()) : fontd.absoluteString
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>A page in the reader's font</title>
            <link rel="stylesheet" href="\(base)/css">
            <script type="module">
            import { follow } from "\(base)/fontd.js";
            window.fontdChanges = [];
            document.addEventListener("fontd:change", (event) => window.fontdChanges.push(event.detail));
            follow();
            </script></head>
            <body><p class="fontd-body" id="body"><span id="line">Body text in the reader's own font.</span></p>
            <p class="fontd-code" id="code">let code = "fixed width";</p></body></html>
            """
    }

    /// The rendered width of the body line, in CSS pixels.
    static func lineWidth(_ browser: BrowserSession) throws -> Double {
        try #require(try browser.execute("return document.getElementById('line').getBoundingClientRect().width") as? Double)
    }

    @Test func aPageThatLinksTheStylesheetDrawsItsBodyInTheReadingFontAndItsCodeInTheTables() throws {
        let server = try ServerProcess(
            ["--token", Self.token, "--styles", try Self.tableWithCode()], environment: ReadingFonts.environment)
        defer { server.stop() }
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: Self.page(fontd: server.url))])
        defer { site.stop() }
        let browser = try BrowserSession.start(environment: ReadingFonts.environment)
        defer { browser.close() }

        try browser.navigate(to: site.url(for: "/"))
        #expect(
            try browser.waitUntil(
                "return window.fontdChanges.length === 1 && document.fonts.status === 'loaded' && \(Self.bodyStyle).fontSize === '17px'",
                timeoutSeconds: 15))
        #expect(try browser.renderedFontFamilies(of: "#body", becoming: ["DejaVu Sans"]) == ["DejaVu Sans"])
        let tableWidth = try Self.lineWidth(browser)

        let set = try Self.readingFont(["set", "OpenDyslexic"], on: server)
        #expect(set.status == 0 && set.standardOutput.hasPrefix("OpenDyslexic (was none)\n"), "\(set.standardError)")
        let swapped = """
            return \(Self.bodyStyle).fontFamily.includes('OpenDyslexic') && document.fonts.status === 'loaded'
              && document.querySelectorAll('link[rel=stylesheet]').length === 1
            """
        let family = try browser.execute("return \(Self.bodyStyle).fontFamily")
        #expect(try browser.waitUntil(swapped, timeoutSeconds: 10), "the body's font-family is \(family ?? "nil")")
        let link = try browser.execute("return document.querySelector('link[rel=stylesheet]').href") as? String ?? ""
        #expect(link.hasSuffix("/css?category=l&legibility=regular&readingFont=OpenDyslexic"), "\(link)")
        #expect(try browser.execute("return window.fontdChanges.at(-1).readingFont") as? String == "OpenDyslexic")
        // The glyphs are OpenDyslexic's: DevTools names the font drawn, and the line's width changed.
        #expect(try browser.renderedFontFamilies(of: "#body", becoming: ["OpenDyslexic"]) == ["OpenDyslexic"])
        #expect(try browser.renderedFontFamilies(of: "#code", becoming: ["DejaVu Sans Mono"]) == ["DejaVu Sans Mono"])
        let readingWidth = try Self.lineWidth(browser)
        #expect(abs(readingWidth - tableWidth) > 10, "OpenDyslexic's line is \(readingWidth) px, DejaVu Sans's \(tableWidth) px")

        // Cleared: the table's own font again, drawn as before.
        let cleared = try Self.readingFont(["set", ""], on: server)
        #expect(cleared.status == 0 && cleared.standardOutput.hasPrefix("none (was OpenDyslexic)\n"), "\(cleared.standardError)")
        #expect(
            try browser.waitUntil(
                "return !\(Self.bodyStyle).fontFamily.includes('OpenDyslexic') && document.querySelectorAll('link[rel=stylesheet]').length === 1",
                timeoutSeconds: 10))
        #expect(try browser.renderedFontFamilies(of: "#body", becoming: ["DejaVu Sans"]) == ["DejaVu Sans"])
        #expect(try Self.lineWidth(browser) == tableWidth)
        #expect(try browser.execute("return window.fontdChanges.at(-1).readingFont") == nil)
    }

    @Test func theSpecimenSetsBodyInTheReadingFontAndCodeInTheTables() throws {
        let server = try ServerProcess(
            ["--token", Self.token, "--styles", try Self.tableWithCode()], environment: ReadingFonts.environment)
        defer { server.stop() }
        let browser = try BrowserSession.start(environment: ReadingFonts.environment)
        defer { browser.close() }
        let set = try Self.readingFont(["set", "OpenDyslexic"], on: server)
        #expect(set.status == 0, "\(set.standardError)")

        try browser.navigate(to: URL(string: "\(server.url.absoluteString)/specimen")!)
        #expect(try browser.waitUntil("return document.fonts.status === 'loaded'", timeoutSeconds: 10))
        let bodyNumbers = "document.querySelector('section[data-style=body] .numbers').textContent"
        let named = try browser.execute("return \(bodyNumbers)") as? String ?? ""
        #expect(named.contains("OpenDyslexic"), "\(named)")
        #expect(try browser.renderedFontFamilies(of: "section[data-style=body] .sample", becoming: ["OpenDyslexic"]) == ["OpenDyslexic"])
        #expect(
            try browser.renderedFontFamilies(of: "section[data-style=code] .sample", becoming: ["DejaVu Sans Mono"]) == ["DejaVu Sans Mono"]
        )

        // The page follows the reader: cleared, it asks for itself again and body is DejaVu Sans.
        #expect(try Self.readingFont(["set", ""], on: server).status == 0)
        #expect(
            try browser.waitUntil(
                "return !\(bodyNumbers).includes('OpenDyslexic') && document.fonts.status === 'loaded'", timeoutSeconds: 10))
        #expect(try browser.renderedFontFamilies(of: "section[data-style=body] .sample", becoming: ["DejaVu Sans"]) == ["DejaVu Sans"])
    }
}

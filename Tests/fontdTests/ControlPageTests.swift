import BrowserTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The reader's control page at `/` (docs/DESIGN.md §37 (The reader's control)) in a real headless
/// Chromium, on the built `fontd serve`: its slider, keys, Bold Text and reading font change the
/// reader's preferences on the server, its sample follows them, axe-core finds nothing at `l` and
/// at `ax5`, a phone at `ax5` neither scrolls sideways nor breaks a word, and a page of another
/// origin cannot write.
@Suite(.serialized, .ownThread) struct ControlPageTests {
    static let rightArrow = "\u{E014}"
    static let leftArrow = "\u{E012}"
    static let downArrow = "\u{E015}"
    static let sample = "getComputedStyle(document.getElementById('sample'))"

    /// A preference of the root scope as the server has it now.
    static func preference(_ name: String, on server: ServerProcess) throws -> String? {
        let answer = try JSONSerialization.jsonObject(with: Data(try server.client.get("/preferences").body)) as? [String: Any]
        return answer?[name] as? String
    }

    /// Waits until the server's `name` is `value`; whether it became so.
    static func serverReaches(_ name: String, _ value: String, on server: ServerProcess) throws -> Bool {
        try Wait.holds { try preference(name, on: server) == value }
    }

    /// The body style's size at `category`, from the server, as CSS writes it (`53px`).
    static func bodySize(at category: String, on server: ServerProcess) throws -> String {
        let font = try #require(
            try JSONSerialization.jsonObject(with: Data(try server.client.get("/font?style=body&category=\(category)").body))
                as? [String: Any])
        let points = try #require((font["descriptor"] as? [String: Any])?["pointSize"] as? Double)
        return String(format: "%gpx", points)
    }

    /// Whether the page's script has read the reader and the board (its note no longer says it is asking).
    static let settled = "return !document.getElementById('desktop-note').textContent.startsWith('Asking')"

    @Test func theSliderAndItsArrowKeysChangeTheReadersCategoryAndTheSampleShowsTheSizeAsItMoves() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: server.url)
        #expect(try browser.waitUntil(Self.settled))
        let box = try #require(
            try browser.execute(
                "const box = document.getElementById('text-size').getBoundingClientRect(); return [box.left, box.top, box.width, box.height];"
            ) as? [Double])
        // Chromium's thumb is 16 px wide: its centre travels the track less 8 px at each end.
        let x = { (step: Int) in Int((box[0] + 8 + (box[2] - 16) * Double(step) / 11).rounded()) }
        let y = Int((box[1] + box[3] / 2).rounded())

        // Dragged from l (step 3) to ax1 (step 7) and still held: the sample shows ax1, the reader stays at l.
        try browser.pointer([.move(x: x(3), y: y), .down, .move(x: x(5), y: y), .move(x: x(7), y: y)])
        let ax1 = try Self.bodySize(at: "ax1", on: server)
        let previewed = "return document.getElementById('size-name').textContent === 'ax1' && \(Self.sample).fontSize === '\(ax1)'"
        let previewReached = try browser.waitUntil(previewed)
        let previewSize = try browser.execute("return \(Self.sample).fontSize") as? String ?? ""
        #expect(previewReached, "the sample is at \(previewSize)")
        #expect(try Self.preference("category", on: server) == "l", "nothing is written while the slider is held")
        try browser.pointer([.up])
        #expect(try Self.serverReaches("category", "ax1", on: server))

        // The slider has the focus: each arrow key is one step.
        try browser.press([Self.rightArrow])
        #expect(try Self.serverReaches("category", "ax2", on: server))
        try browser.press([Self.leftArrow, Self.leftArrow])
        #expect(try Self.serverReaches("category", "xxxl", on: server))
        #expect(try browser.waitUntil("return document.getElementById('text-size').value === '6'"))
        #expect(
            try browser.execute("return document.getElementById('text-size').getAttribute('aria-valuetext')") as? String
                == "xxxl, step 7 of 12")

        // A change made elsewhere moves the slider, its name and the sample.
        #expect(try server.client.put("/category", #"{"category":"xs"}"#).status == 200)
        let xs = try Self.bodySize(at: "xs", on: server)
        #expect(
            try browser.waitUntil(
                "return document.getElementById('text-size').value === '0' && document.getElementById('size-name').textContent === 'xs'"
                    + " && \(Self.sample).fontSize === '\(xs)'"))
        #expect(try browser.execute("return document.getElementById('text-size').labels[0].textContent") as? String == "Text size")
    }

    @Test func theLimitsAreTheReadersBoundsWrittenFromThePageAndFollowedFromElsewhere() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: server.url)
        #expect(try browser.waitUntil(Self.settled + " && document.getElementById('maximum-category').value === ''"))
        try browser.click(#"#maximum-category option[value="xxl"]"#)
        #expect(try Self.serverReaches("maximumCategory", "xxl", on: server))
        // Changed elsewhere, the page shows it.
        #expect(try server.client.put("/preferences", #"{"maximumCategory":null,"minimumCategory":"s"}"#).status == 200)
        #expect(
            try browser.waitUntil(
                "return document.getElementById('maximum-category').value === '' && document.getElementById('minimum-category').value === 's'"
            ))
    }

    @Test func boldTextAndTheReadingFontApplyFromClicksAndKeysAndTheSampleFollows() throws {
        let server = try ServerProcess(environment: ReadingFonts.environment)
        defer { server.stop() }
        let browser = try BrowserSession.start(environment: ReadingFonts.environment)
        defer { browser.close() }
        try browser.navigate(to: server.url)
        #expect(try browser.waitUntil(Self.settled + " && \(Self.sample).fontWeight === '400'"))

        try browser.click("#bold-text")
        #expect(try Self.serverReaches("legibilityWeight", "bold", on: server))
        #expect(try browser.waitUntil("return Number(\(Self.sample).fontWeight) >= 600"))
        // The checkbox has the focus: the space bar turns Bold Text off again.
        try browser.press([" "])
        #expect(try Self.serverReaches("legibilityWeight", "regular", on: server))
        #expect(try browser.waitUntil("return \(Self.sample).fontWeight === '400'"))

        // Each family is named in itself.
        #expect(
            try browser.renderedFontFamilies(of: #"input[value="OpenDyslexicAlta"] ~ span"#, becoming: ["OpenDyslexicAlta"])
                == ["OpenDyslexicAlta"])
        #expect(try browser.renderedFontFamilies(of: "#sample", becoming: ["DejaVu Sans"]) == ["DejaVu Sans"])
        try browser.click(#"input[name="reading-font"][value="OpenDyslexic"]"#)
        #expect(try Self.serverReaches("readingFont", "OpenDyslexic", on: server))
        #expect(try browser.renderedFontFamilies(of: "#sample", becoming: ["OpenDyslexic"]) == ["OpenDyslexic"])
        // The radio has the focus: the down arrow chooses the next family.
        try browser.press([Self.downArrow])
        #expect(try Self.serverReaches("readingFont", "OpenDyslexicAlta", on: server))
        #expect(try browser.renderedFontFamilies(of: "#sample", becoming: ["OpenDyslexicAlta"]) == ["OpenDyslexicAlta"])
        // None gives each style its own family back.
        try browser.click(#"input[name="reading-font"][value=""]"#)
        #expect(try Wait.holds { (try Self.preference("readingFont", on: server) ?? "").isEmpty })
        #expect(try browser.renderedFontFamilies(of: "#sample", becoming: ["DejaVu Sans"]) == ["DejaVu Sans"])
    }

    @Test func axeCoreFindsNoViolationAtLargeAndAtTheLargestSize() throws {
        let server = try ServerProcess(environment: ReadingFonts.environment)
        defer { server.stop() }
        let browser = try BrowserSession.start(environment: ReadingFonts.environment)
        defer { browser.close() }
        try browser.navigate(to: server.url)
        #expect(try browser.waitUntil(Self.settled + " && getComputedStyle(document.body).fontSize === '17px'"))
        #expect(try browser.accessibilityViolations() == [])

        #expect(try server.client.put("/preferences", #"{"category":"ax5","legibilityWeight":"bold"}"#).status == 200)
        let ax5 = try Self.bodySize(at: "ax5", on: server)
        #expect(try browser.waitUntil("return getComputedStyle(document.body).fontSize === '\(ax5)' && document.fonts.status === 'loaded'"))
        #expect(try browser.accessibilityViolations() == [])
    }

    /// Every word of the page's text that is broken over two lines or reaches past the window,
    /// and how wide the document is against the window.
    static let layout = """
        const problems = [];
        const range = document.createRange();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement.closest("script, style") || node.parentElement.getClientRects().length === 0) continue;
          for (const word of node.data.matchAll(/\\S+/g)) {
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const boxes = [...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0);
            const lines = new Set(boxes.map((box) => Math.round(box.top)));
            if (lines.size > 1) problems.push(`${word[0]}: broken over ${lines.size} lines`);
            if (boxes.some((box) => box.right > innerWidth + 0.5 || box.left < -0.5)) problems.push(`${word[0]}: past the window`);
          }
        }
        return { problems, scrollWidth: document.documentElement.scrollWidth, innerWidth };
        """

    @Test func onAPhoneAtTheLargestSizeNothingScrollsSidewaysAndNoWordIsBroken() throws {
        // The reading fonts' long names, and a target on the board with its lines.
        let home = try TemporaryHome()
        try home.write("font_family DejaVu Sans Mono\nfont_size 11.0\n", to: "config/kitty/kitty.conf")
        let server = try ServerProcess(
            ["--bridge", "kitty"], environment: home.environment(["FONTCONFIG_FILE": ReadingFonts.configFile]))
        defer { server.stop() }
        // Bold Text as well: the widest the page's words get.
        #expect(try server.client.put("/preferences", #"{"category":"ax5","legibilityWeight":"bold"}"#).status == 200)
        let browser = try BrowserSession.start(windowWidth: 390, windowHeight: 844, environment: ReadingFonts.environment)
        defer { browser.close() }
        // Headless Chromium keeps a window at least 500 px wide: the phone's 390×844 is emulated.
        _ = try browser.devTools(
            "Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": false])
        try browser.navigate(to: server.url)
        let ax5 = try Self.bodySize(at: "ax5", on: server)
        #expect(
            try browser.waitUntil(
                Self.settled + " && getComputedStyle(document.body).fontSize === '\(ax5)' && document.fonts.status === 'loaded'"
                    + " && document.getElementById('exclude-kitty') !== null"))
        // The script sets the long names smaller once their fonts are in: await a layout with no problem.
        let fits = try browser.waitUntil(
            "const layout = (() => {\n\(Self.layout)\n})(); return layout.problems.length === 0 && layout.scrollWidth <= layout.innerWidth;"
        )
        let layout = try #require(try browser.execute(Self.layout) as? [String: Any])
        #expect(fits, "\(layout)")
        #expect((layout["innerWidth"] as? Int).map { $0 > 300 && $0 <= 390 } == true, "a phone's width: \(layout)")
        #expect((layout["problems"] as? [String]) == [], "\(layout)")

        // The check sees a word that does not fit: without the fitted sizes, the longest family's name goes past the window.
        _ = try browser.execute(
            "const style = document.createElement('style'); style.textContent = '.fit { font-size: inherit !important; }'; document.head.append(style);"
        )
        let unfitted = try #require(try browser.execute(Self.layout) as? [String: Any])
        let problems = unfitted["problems"] as? [String] ?? []
        #expect(problems.contains { $0.hasPrefix("OpenDyslexicAlta:") }, "\(unfitted)")
    }

    /// The text of the board's entry for `name`, or "" while there is none.
    static func entry(_ name: String) -> String {
        "return document.getElementById('exclude-\(name)')?.closest('li')?.textContent ?? ''"
    }

    @Test func theBoardShowsATargetItsLimitsAndExcludesAndIncludesItFromItsSwitch() throws {
        let home = try TemporaryHome()
        try home.write("font_family DejaVu Sans Mono\nfont_size 11.0\n", to: "config/kitty/kitty.conf")
        let server = try ServerProcess(["--bridge", "kitty"], environment: home.environment())
        defer { server.stop() }
        #expect(try server.client.put("/preferences?scope=desktop/kitty", #"{"maximumCategory":"xxl"}"#).status == 200)
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: server.url)
        let shown =
            "const text = (() => { \(Self.entry("kitty")) })(); return text.includes('State: applied') && text.includes('Limits: xs to xxl');"
        let listed = try browser.waitUntil(shown)
        let entry = try browser.execute(Self.entry("kitty")) as? String ?? ""
        #expect(listed, "\(entry)")
        #expect(entry.contains("Base: ") && entry.contains("Now: "), "\(entry)")
        #expect(try browser.accessibilityViolations() == [], "with a target on the board")

        // A change of the reader's size redraws the board (kitty's "Now" moves): its switch stays the very
        // element the reader may be pressing, so no click lands on a removed one.
        _ = try browser.execute("window.keptSwitch = document.getElementById('exclude-kitty'); return true;")
        // The entry's text runs its lines together: "…Now: font_size 11Limits: …".
        let now = try #require(entry.firstMatch(of: /Now: (.+?)Limits:/)).1
        #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
        let moved = try browser.waitUntil(
            "const text = (() => { \(Self.entry("kitty")) })(); return text.includes('Now: ') && !text.includes('Now: \(now)Limits:');")
        let after = try browser.execute(Self.entry("kitty")) as? String ?? ""
        #expect(moved, "kitty's entry after the change: \(after)")
        #expect(try browser.execute("return document.getElementById('exclude-kitty') === window.keptSwitch;") as? Bool == true)

        try browser.click("#exclude-kitty")
        let file = home.stateHome.appendingPathComponent("fontd/desktop-targets.json")
        #expect(try Wait.holds { (try? String(contentsOf: file, encoding: .utf8))?.contains("\"kitty\"") == true })
        let board = { () throws -> String? in
            let answer = try JSONSerialization.jsonObject(with: Data(try server.client.get("/desktop").body)) as? [String: Any]
            return ((answer?["targets"] as? [String: Any])?["kitty"] as? [String: Any])?["state"] as? String
        }
        #expect(try Wait.holds { try board() == "excluded" })
        #expect(
            try browser.waitUntil(
                "const text = (() => { \(Self.entry("kitty")) })(); return text.includes('State: excluded') && document.getElementById('exclude-kitty').checked"
                    + " && document.activeElement?.id === 'exclude-kitty'"))
        // The switch keeps the focus through the new board: the space bar includes it again.
        try browser.press([" "])
        #expect(try Wait.holds { try board() == "applied" })
        #expect(
            try browser.waitUntil(
                "return !document.getElementById('exclude-kitty').checked && (() => { \(Self.entry("kitty")) })().includes('State: applied')"
            ))
        #expect(try Wait.holds { (try? String(contentsOf: file, encoding: .utf8))?.contains("\"kitty\"") == false })
    }

    /// A page of another origin that tries to change the reader's category and to exclude a
    /// target from the fontd at `fontd`, and records how each ended.
    static func foreignPage(fontd: URL) -> String {
        let base = fontd.absoluteString.hasSuffix("/") ? String(fontd.absoluteString.dropLast()) : fontd.absoluteString
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Another origin</title></head><body><main><p>Another site.</p></main>
            <script type="module">
            const put = (path, body) => fetch("\(base)" + path, {
              method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
              .then((answer) => `${path}: ${answer.status}`, (error) => `${path}: refused (${error.name})`);
            window.results = await Promise.all([put("/category", { category: "ax5" }), put("/desktop", { target: "kitty", excluded: true })]);
            </script></body></html>
            """
    }

    @Test func aPageOfAnotherOriginCannotWrite() throws {
        let state = try TestPaths.temporaryDirectory()
        let server = try ServerProcess(
            environment: PinnedFonts.environment.merging(["XDG_STATE_HOME": state.path]) { _, new in new })
        defer { server.stop() }
        let site = try StaticSite(pages: ["/": (contentType: "text/html; charset=utf-8", body: Self.foreignPage(fontd: server.url))])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/"))
        #expect(try browser.waitUntil("return Array.isArray(window.results)"))
        let results = try browser.execute("return window.results") as? [String] ?? []
        // The browser asks first (a preflight) and is not granted PUT: neither request is sent.
        #expect(results == ["/category: refused (TypeError)", "/desktop: refused (TypeError)"], "\(results)")
        #expect(try Self.preference("category", on: server) == "l")
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("fontd/desktop-targets.json").path))
        // Sent anyway, by a program that says it is that page, the server refuses both itself.
        let origin = site.url.absoluteString.hasSuffix("/") ? String(site.url.absoluteString.dropLast()) : site.url.absoluteString
        for (path, body) in [("/category", #"{"category":"ax5"}"#), ("/desktop", #"{"target":"kitty","excluded":true}"#)] {
            let answer = try server.client.send(
                path, method: "PUT", headers: [("Origin", origin), ("Content-Type", "application/json")], body: Array(body.utf8))
            #expect(answer.status == 403, "\(path): \(answer.bodyText)")
        }
        #expect(try Self.preference("category", on: server) == "l")
    }
}

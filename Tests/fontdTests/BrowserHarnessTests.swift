import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
    import BrowserTestSupport
    import FontdTestSupport
#endif

/// The browser harness itself, on pages of `StaticSite`s: a real headless Chromium computes
/// styles, runs scripts, takes screenshots whose pixels land where CSS put them, reports what it
/// fetched from another origin, and leaves no process behind. Serialized: one browser at a time.
@Suite(.serialized, .ownThread) struct BrowserHarnessTests {
    /// A page of its own site, `/index.html`, with `body` inside a white, margin-free body and an
    /// empty icon (so the browser asks for no `/favicon.ico`).
    private func site(_ body: String, more pages: [String: (contentType: String, body: String)] = [:]) throws -> StaticSite {
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>
            <body style="margin: 0; background: #fff">\(body)</body></html>
            """
        return try StaticSite(pages: pages.merging(["/index.html": ("text/html; charset=utf-8", page)]) { first, _ in first })
    }

    @Test func computedStyleComesFromTheBrowser() throws {
        let site = try site(#"<p id="t" style="font: 19px/24px sans-serif">H</p>"#)
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/index.html"))
        #expect(try browser.execute("return getComputedStyle(document.getElementById('t')).fontSize") as? String == "19px")
        #expect(try browser.execute("return getComputedStyle(document.getElementById('t')).lineHeight") as? String == "24px")
        #expect(try browser.execute("return arguments[0] + arguments[1]", arguments: [20, 22]) as? Int == 42)
    }

    @Test func waitUntilSeesAChangeThePageMakesLater() throws {
        let site = try site(
            """
            <p id="t" style="font-size: 19px">H</p>
            <script>window.later = () => setTimeout(() => { document.getElementById('t').style.fontSize = '31px'; }, 300);</script>
            """)
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/index.html"))
        let changed = "return getComputedStyle(document.getElementById('t')).fontSize === '31px'"
        // The change is started by the test, not by a timer from the page's load: on a busy machine
        // a timer of the load could fire before this first look.
        #expect(try browser.execute(changed) as? Bool == false)
        _ = try browser.execute("later(); return true")
        #expect(try browser.waitUntil(changed, timeoutSeconds: Wait.defaultSeconds))
        #expect(try browser.waitUntil("return false", timeoutSeconds: 0.3) == false)
        #expect(throws: BrowserError.self) { try browser.waitUntil("return noSuchFunction()", timeoutSeconds: 1) }
    }

    @Test func executeAsyncReturnsWhatTheCallbackIsGiven() throws {
        let browser = try BrowserSession.start()
        defer { browser.close() }
        let answer = try browser.executeAsync(
            "const done = arguments[arguments.length - 1]; setTimeout(() => done(arguments[0] * 2), 50);", arguments: [21])
        #expect(answer as? Int == 42)
        let failure = #expect(throws: BrowserError.self) { try browser.execute("return noSuchFunction()") }
        #expect(failure?.description.contains("noSuchFunction") == true, "\(String(describing: failure))")
    }

    @Test func screenshotPixelsLandWhereCSSPutThem() throws {
        let site = try site(#"<div style="position: absolute; left: 37px; top: 23px; width: 10px; height: 10px; background: #000"></div>"#)
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/index.html"))
        let png = try browser.screenshotPNG()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // A 14 × 14 region with the square at (2, 2)…(11, 11): black inside, white all around.
        let rows = try browser.pixelRows(of: png, x: 35, y: 21, width: 14, height: 14)
        #expect(rows.count == 14 && rows.allSatisfy { $0.count == 14 })
        for (y, row) in rows.enumerated() {
            for (x, pixel) in row.enumerated() {
                let expected: RGBA = (2...11).contains(x) && (2...11).contains(y) ? .black : .white
                #expect(pixel == expected, "pixel (\(35 + x), \(21 + y))")
            }
        }
        let viewport = try #require(browser.execute("return [innerWidth, innerHeight]") as? [Int])
        #expect(throws: BrowserError.self) {
            try browser.pixelRows(of: png, x: viewport[0] - 5, y: 0, width: 10, height: 10)
        }
    }

    @Test func resourceURLsListAStylesheetFromAnotherOrigin() throws {
        let styles = try StaticSite(pages: ["/style.css": ("text/css", "#t { color: rgb(1, 2, 3) }")])
        let stylesheet = styles.url(for: "/style.css").absoluteString
        let site = try site(#"<link rel="stylesheet" href="\#(stylesheet)"><p id="t">H</p>"#)
        #expect(site.url.port != styles.url.port)
        let browser = try BrowserSession.start()
        defer { browser.close() }
        let page = site.url(for: "/index.html")
        try browser.navigate(to: page)
        #expect(try browser.execute("return getComputedStyle(document.getElementById('t')).color") as? String == "rgb(1, 2, 3)")
        #expect(try browser.resourceURLs() == [page.absoluteString, stylesheet])
        let requested = try browser.networkRequestURLs()
        #expect(requested.filter { $0.hasPrefix("http") } == [page.absoluteString, stylesheet], "\(requested)")
        // The log is read and emptied by each call; the session keeps what it has read.
        #expect(try browser.networkRequestURLs() == requested)
    }

    @Test func aMissingBrowserFailsWithTheCommandThatInstallsIt() throws {
        for (chromium, chromedriver) in [
            ("/nonexistent/chromium", BrowserSession.chromedriverPath), (BrowserSession.chromiumPath, "/nonexistent/chromedriver"),
        ] {
            let failure = #expect(throws: BrowserError.self) {
                try BrowserSession.start(chromiumPath: chromium, chromedriverPath: chromedriver)
            }
            let description = failure?.description ?? ""
            #expect(description.contains("/nonexistent/"), "\(description)")
            #expect(description.contains("scripts/install-dependencies chromium chromium-driver"), "\(description)")
        }
    }

    @Test func closeLeavesNoProcessOfTheSession() throws {
        let browser = try BrowserSession.start()
        let started = descendants(of: browser.driverProcessID)
        let running = browser.processes()
        #expect(running.contains(browser.driverProcessID) && running.contains(browser.browserProcessID), "\(running)")
        let directory = browser.directory
        browser.close()
        #expect(browser.processes().isEmpty)
        // Every process chromedriver had started, however deep, is gone: helpers that do not name
        // the session's directory end with the browser, a moment after it (a fresh-clone run saw
        // one still alive while the browser was running, so they are checked after close).
        try Wait.until("every process chromedriver started to end", seen: { "\(started.filter(isRunning)) of \(started)" }) {
            started.filter(isRunning).isEmpty
        }
        #expect(!isRunning(browser.driverProcessID) && !isRunning(browser.browserProcessID))
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(throws: BrowserError.self) { try browser.execute("return 1") }
        browser.close()
    }

    @Test func closeEndsTheBrowserEvenAfterChromedriverDied() throws {
        let browser = try BrowserSession.start()
        kill(browser.driverProcessID, SIGKILL)
        browser.close()
        #expect(browser.processes().isEmpty)
        #expect(!isRunning(browser.browserProcessID))
    }
}

/// Whether `pid` is a live process (not gone, not a zombie waiting to be reaped).
private func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
        return false
    }
    return !stat[stat.index(after: close)...].hasPrefix(" Z")
}

/// Every live process below `pid`, from the parent PIDs in /proc.
private func descendants(of pid: Int32) -> [Int32] {
    let parents = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> (Int32, Int32)? in
        guard let child = Int32(entry), isRunning(child),
            let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]).map { (child, $0) } : nil
    }
    var found: [Int32] = []
    var frontier = [pid]
    while let parent = frontier.popLast() {
        let children = parents.filter { $0.1 == parent }.map(\.0)
        found += children
        frontier += children
    }
    return found
}

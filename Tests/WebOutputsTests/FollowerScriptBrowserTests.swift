import BrowserTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import Testing
import WebOutputs

/// `fontd.js` and the specimen's script in a real headless Chromium, on a site that answers as
/// fontd does (`/fontd.js`, an `/events` stream with one snapshot, `/css`), so the URLs the
/// browser asks for are the ones the scripts make (docs/DESIGN.md §22 (The web), §23 (Reader scopes and scoped tokens)).
@Suite(.serialized, .ownThread) struct FollowerScriptBrowserTests {
    static let token = "t0k+en&=x"
    /// `token` as `URLSearchParams` writes it.
    static let encodedToken = "t0k%2Ben%26%3Dx"
    /// `alice/phone` as `URLSearchParams` writes it.
    static let encodedScope = "alice%2Fphone"

    /// A page that follows with `arguments` (JavaScript, such as `{ scope: "alice" }`) and links `/css`.
    static func followingPage(arguments: String) -> String {
        """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>follows</title>
        <link rel="stylesheet" href="/css?prefix=page">
        <script type="module">
        import { follow } from "/fontd.js";
        window.changes = [];
        document.addEventListener("fontd:change", (event) => window.changes.push(event.detail));
        follow(\(arguments));
        </script></head><body></body></html>
        """
    }

    /// The site: `pages`, and what fontd answers for the follower (the snapshot `xl`, `bold`).
    static func site(
        _ pages: [String: (contentType: String, body: String)],
        snapshot: String = #"{"category":"xl","legibilityWeight":"bold","textSpacing":"default","sequence":7}"#
    ) throws -> StaticSite {
        // `retry:` an hour: the stream ends after the snapshot, and the browser would ask again.
        let events = #"retry: 3600000\#nid: 7\#nevent: preferences\#ndata: \#(snapshot)\#n\#n"#
        return try StaticSite(
            pages: pages.merging([
                "/fontd.js": (contentType: "text/javascript; charset=utf-8", body: FollowerScript.source),
                "/events": (contentType: "text/event-stream", body: events),
                "/css": (contentType: "text/css; charset=utf-8", body: ":root { --page-category: xl; }"),
            ]) { page, _ in page })
    }

    /// The URLs the browser asked for on `site`, without the origin.
    static func requestedTargets(_ browser: BrowserSession, on site: StaticSite) throws -> [String] {
        let origin = site.url.absoluteString.hasSuffix("/") ? String(site.url.absoluteString.dropLast()) : site.url.absoluteString
        return try browser.networkRequestURLs().filter { $0.hasPrefix(origin) }.map { String($0.dropFirst(origin.count)) }
    }

    @Test func followWithAScopeAndATokenAsksForThemOnTheStreamAndTheStylesheet() throws {
        let site = try Self.site([
            "/": (
                contentType: "text/html; charset=utf-8",
                body: Self.followingPage(arguments: #"{ scope: "alice/phone", token: "t0k+en&=x" }"#)
            )
        ])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/"))
        #expect(
            try browser.waitUntil(
                "return document.querySelectorAll('link[rel=stylesheet]').length === 1 && document.querySelector('link').href.includes('category=xl')",
                timeoutSeconds: 10))
        #expect(try browser.execute("return document.documentElement.dataset.textSize") as? String == "xl")
        let targets = try Self.requestedTargets(browser, on: site)
        #expect(targets.contains("/events?scope=\(Self.encodedScope)&access_token=\(Self.encodedToken)"), "\(targets)")
        #expect(
            targets.contains(
                "/css?prefix=page&category=xl&legibility=bold&scope=\(Self.encodedScope)&access_token=\(Self.encodedToken)"), "\(targets)")
    }

    @Test func wcagTextSpacingIsMarkedOnThePageAndCarriedByEveryStylesheet() throws {
        let page = Self.followingPage(arguments: "")
            .replacingOccurrences(
                of: #"<link rel="stylesheet" href="/css?prefix=page">"#,
                with: #"<link rel="stylesheet" href="/css?prefix=page"><link rel="stylesheet" href="/css?category=all">"#)
        let site = try Self.site(
            ["/": (contentType: "text/html; charset=utf-8", body: page)],
            snapshot: #"{"category":"xl","legibilityWeight":"regular","textSpacing":"wcag","sequence":7}"#)
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/"))
        #expect(
            try browser.waitUntil(
                "return [...document.querySelectorAll('link[rel=stylesheet]')].filter(l => l.href.includes('textSpacing=wcag')).length === 2",
                timeoutSeconds: 10))
        #expect(try browser.execute("return document.documentElement.dataset.textSpacing") as? String == "wcag")
        #expect(try browser.execute("return window.changes[0].textSpacing") as? String == "wcag")
        let targets = try Self.requestedTargets(browser, on: site)
        #expect(targets.contains("/css?prefix=page&category=xl&legibility=regular&textSpacing=wcag"), "\(targets)")
        #expect(targets.contains("/css?category=all&textSpacing=wcag"), "\(targets)")
    }

    @Test func aReaderReadingFontIsCarriedByEveryStylesheetAndTheChange() throws {
        let page = Self.followingPage(arguments: "")
            .replacingOccurrences(
                of: #"<link rel="stylesheet" href="/css?prefix=page">"#,
                with: #"<link rel="stylesheet" href="/css?prefix=page"><link rel="stylesheet" href="/css?category=all">"#)
        let site = try Self.site(
            ["/": (contentType: "text/html; charset=utf-8", body: page)],
            snapshot: #"{"category":"xl","legibilityWeight":"regular","textSpacing":"default","readingFont":"Open Dyslexic","sequence":7}"#)
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/"))
        #expect(
            try browser.waitUntil(
                "return [...document.querySelectorAll('link[rel=stylesheet]')].filter(l => l.href.includes('readingFont=Open+Dyslexic')).length === 2",
                timeoutSeconds: 10))
        #expect(try browser.execute("return window.changes[0].readingFont") as? String == "Open Dyslexic")
        let targets = try Self.requestedTargets(browser, on: site)
        #expect(targets.contains("/css?prefix=page&category=xl&legibility=regular&readingFont=Open+Dyslexic"), "\(targets)")
        #expect(targets.contains("/css?category=all&readingFont=Open+Dyslexic"), "\(targets)")
    }

    @Test func aReadingFontClearedOnTheStreamIsAskedForAsNone() throws {
        // The snapshot has a reading font; the next event clears it.
        let snapshot = #"{"category":"xl","legibilityWeight":"regular","textSpacing":"default","readingFont":"OpenDyslexic","sequence":7}"#
        let cleared = #"{"readingFont":null,"previous":"OpenDyslexic","sequence":8}"#
        let events =
            "retry: 3600000\nid: 7\nevent: preferences\ndata: \(snapshot)\n\nid: 8\nevent: readingFontDidChange\ndata: \(cleared)\n\n"
        let site = try Self.site([
            "/": (contentType: "text/html; charset=utf-8", body: Self.followingPage(arguments: "")),
            "/events": (contentType: "text/event-stream", body: events),
        ])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/"))
        #expect(
            try browser.waitUntil(
                "return window.changes.length === 2 && document.querySelectorAll('link[rel=stylesheet]').length === 1", timeoutSeconds: 10))
        #expect(
            try browser.execute("return window.changes.map((change) => String(change.readingFont))") as? [String] == [
                "OpenDyslexic", "null",
            ])
        let link = try browser.execute("return document.querySelector('link[rel=stylesheet]').href") as? String ?? ""
        #expect(
            link.hasSuffix("/css?prefix=page&category=xl&legibility=regular&readingFont="),
            "an empty readingFont is the table's own: \(link)")
    }

    @Test func followWithoutArgumentsAsksAsBefore() throws {
        let site = try Self.site(["/": (contentType: "text/html; charset=utf-8", body: Self.followingPage(arguments: ""))])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/"))
        #expect(try browser.waitUntil("return document.querySelector('link').href.includes('category=xl')", timeoutSeconds: 10))
        let targets = try Self.requestedTargets(browser, on: site)
        #expect(targets.contains("/events"), "\(targets)")
        #expect(targets.contains("/css?prefix=page&category=xl&legibility=bold"), "\(targets)")
        #expect(!targets.contains { $0.contains("scope=") || $0.contains("access_token=") }, "\(targets)")
    }

    @Test func theSpecimenCarriesItsOwnScopeAndTokenAndInjectsNothing() throws {
        let page = SpecimenPage.html(table: "default", block: try WebFixtures.block(.large, .regular), preview: false)
        let site = try Self.site(["/specimen": (contentType: "text/html; charset=utf-8", body: page)])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/specimen?scope=alice%2Fphone&access_token=\(Self.encodedToken)"))
        // fontd.js's snapshot makes the page ask for itself at the reader's preferences, in the same scope.
        #expect(try browser.waitUntil("return document.getElementById('category').textContent === 'xl'", timeoutSeconds: 10))
        let carried = "scope=\(Self.encodedScope)&access_token=\(Self.encodedToken)"
        let targets = try Self.requestedTargets(browser, on: site)
        #expect(targets.contains("/events?\(carried)"), "\(targets)")
        #expect(targets.contains("/specimen?category=xl&legibility=bold&textSpacing=default&\(carried)"), "\(targets)")
        let links = try browser.execute("return [...document.querySelectorAll('nav a')].map((a) => a.getAttribute('href'))") as? [String]
        #expect(links?.first == "/specimen?category=xs&\(carried)")
        #expect(links?.last == "/specimen?\(carried)")

        // A hostile value stays a value: percent-encoded in the links, no element made of it.
        let hostile = "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
        try browser.navigate(to: site.url(for: "/specimen?category=s&scope=\(hostile)"))
        let hrefs = try browser.execute("return [...document.querySelectorAll('nav a')].map((a) => a.getAttribute('href'))") as? [String]
        #expect(hrefs?.first?.hasPrefix("/specimen?category=xs&scope=%22%3E%3Cimg") == true, "\(hrefs ?? [])")
        #expect(try browser.execute("return document.querySelectorAll('img').length") as? Int == 0)
    }

    @Test func aSpecimenWithoutAScopeKeepsItsLinks() throws {
        let page = SpecimenPage.html(table: "default", block: try WebFixtures.block(.large, .regular), preview: false)
        let site = try Self.site(["/specimen": (contentType: "text/html; charset=utf-8", body: page)])
        defer { site.stop() }
        let browser = try BrowserSession.start()
        defer { browser.close() }
        try browser.navigate(to: site.url(for: "/specimen"))
        #expect(try browser.waitUntil("return document.getElementById('category').textContent === 'xl'", timeoutSeconds: 10))
        let links = try browser.execute("return [...document.querySelectorAll('nav a')].map((a) => a.getAttribute('href'))") as? [String]
        #expect(links?.first == "/specimen?category=xs")
        #expect(links?.last == "/specimen")
        let targets = try Self.requestedTargets(browser, on: site)
        #expect(targets.contains("/events") && targets.contains("/specimen?category=xl&legibility=bold&textSpacing=default"), "\(targets)")
    }
}

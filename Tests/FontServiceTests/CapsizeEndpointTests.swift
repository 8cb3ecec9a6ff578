import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Logging
import ScopedPreferences
import Testing
import WebOutputs

@testable import FontService

/// docs/DESIGN.md §32 (Capsize and metrics-exact web): `/capsize` answers the resolver's Capsize metrics for
/// `/font`'s font, cached like it; `/css` and `/tokens` take `trim=` and `/css` `fallbackFor=`, and
/// answer as before without them.
@Suite(.ownThread) struct CapsizeEndpointTests {
    @Test func capsizeIsTheResolversAnswerForFontsFont() throws {
        let service = makeService()
        for style in defaultTable.styleNames {
            let response = try service.client.send("/capsize?style=\(style)&category=xl&legibility=bold")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let font = try resolver.resolve(FontRequest(style: style, category: .extraLarge, legibilityWeight: .bold))
            let (metrics, source) = try resolver.capsizeMetrics(of: font)
            #expect(try response.json() == expectedJSON(CapsizeAnswer(font: font, metrics: metrics, source: source)), "\(style)")
        }
    }

    @Test func capsizeMatchesFontdCapsizeJSON() throws {
        let cli = try CommandRunner.run(["capsize", "title2", "--category", "ax1", "--traits", "italic", "--json"])
        #expect(cli.status == 0, "\(cli.standardError)")
        let response = try makeService().client.send("/capsize?style=title2&category=ax1&traits=italic")
        #expect(try response.json() == JSONDocument(parsing: Array(cli.standardOutput.utf8)))
        #expect(cli.standardOutput.contains("\"capHeightTrim\": -0."), "four decimals, as Capsize writes them: \(cli.standardOutput)")
    }

    @Test func capsizeIsCachedWithAnETagAnd304AndFollowsTheReader() throws {
        let service = makeService()
        let first = try service.client.send("/capsize?style=body")
        let tag = try #require(first.header("ETag"))
        #expect(first.header("Cache-Control") == "no-cache", "an omitted category is the reader's")
        let again = try service.client.send("/capsize?style=body", headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        service.setPreferences(
            PerPreference<String>.initial.with(\.category, .accessibilityExtraExtraExtraLarge).with(\.legibilityWeight, .regular))
        let changed = try service.client.send("/capsize?style=body", headers: [("If-None-Match", tag)])
        #expect(changed.status == 200)
        #expect(try changed.member("category") == .string("ax5"))
        #expect(try service.client.send("/capsize?category=l").status == 400, "style is required")
    }

    @Test func aStylesheetWithoutATrimIsTheStylesheetOfBefore() throws {
        let service = makeService()
        let plain = try service.client.send("/css?category=xl")
        #expect(try service.client.send("/css?category=xl&trim=none").body == plain.body)
        #expect(!String(decoding: plain.body, as: UTF8.self).contains("trim"))
        #expect(try service.client.send("/tokens?category=xl&trim=none").body == service.client.send("/tokens?category=xl").body)
    }

    @Test func capsizeTrimWritesEachStylesTrimsAndMargins() throws {
        let css = String(decoding: try makeService().client.send("/css?category=l&trim=capsize").body, as: UTF8.self)
        let font = try resolver.resolve(FontRequest(style: .body, category: .large))
        let trim = CapsizeTrim(metrics: try resolver.capsizeMetrics(of: font).metrics, fontSize: 17, lineHeight: 22)
        #expect(css.contains("  --fontd-body-cap-height-trim: \(formatNumber(trim.capHeightTrim))em;"), "\(css)")
        #expect(css.contains("  --fontd-body-baseline-trim: \(formatNumber(trim.baselineTrim))em;"))
        #expect(css.contains("  --fontd-body-font-size-adjust: cap-height 0.729;\n  --fontd-body-ex-height-adjust: ex-height 0.5469;\n"))
        #expect(css.contains(".fontd-body::before { content: \"\"; margin-bottom: var(--fontd-body-cap-height-trim); display: table; }"))
        #expect(css.contains(".fontd-body::after { content: \"\"; margin-top: var(--fontd-body-baseline-trim); display: table; }"))
        #expect(!css.contains("font-size-adjust: var("), "the classes leave the face's size alone")
        #expect(!css.contains("text-box"))
    }

    @Test func textBoxTrimFallsBackToTheMarginsWhereUnsupported() throws {
        let css = String(decoding: try makeService().client.send("/css?category=all&trim=text-box").body, as: UTF8.self)
        let supported = try #require(
            css.range(of: "@supports (text-box: trim-both cap alphabetic) {\n  .fontd-large-title { text-box: trim-both cap alphabetic; }"))
        let fallback = try #require(css.range(of: "@supports not (text-box: trim-both cap alphabetic) {\n  .fontd-large-title::before"))
        #expect(supported.lowerBound < fallback.lowerBound)
        // Every data-text-size block carries its own trims.
        #expect(css.components(separatedBy: "--fontd-body-cap-height-trim:").count - 1 == 25)
    }

    @Test func tokensCarryTheTrimsWhenAsked() throws {
        let document = try makeService().client.send("/tokens?category=l&trim=capsize")
        let text = String(decoding: document.body, as: UTF8.self)
        #expect(text.contains("\"capHeightTrim\": -0.2642"), "\(text)")
        #expect(text.contains("\"baselineTrim\": -0.3009"))
    }

    @Test func theSpecimenShowsEachStylesTrimmedBoxWhenAsked() throws {
        let service = makeService()
        let plain = try service.client.send("/specimen?category=l")
        #expect(try service.client.send("/specimen?category=l&trim=none").body == plain.body)
        #expect(!plain.bodyText.contains("trimmed"))
        let page = try service.client.send("/specimen?category=l&trim=capsize").bodyText
        #expect(
            page.contains(".trimmed[data-style=\"body\"]::before { content: \"\"; margin-bottom: -0.2642em; display: table; }"), "\(page)")
        #expect(page.contains("<div class=\"trimmed\" data-style=\"body\""))
        #expect(page.components(separatedBy: "<div class=\"trimmed\"").count - 1 == defaultTable.styles.count)
        #expect(page.contains("carried.set(\"trim\", \"capsize\");"), "the page asks for itself with its trim")
    }

    @Test func badTrimsAndFamiliesAreRefused() throws {
        let service = makeService()
        let trim = try service.client.send("/css?trim=cap")
        #expect(trim.status == 400)
        #expect(try trim.member("error") == .string("invalidParameter"))
        let tailwind = try service.client.send("/css?category=l&format=tailwind&trim=capsize")
        #expect(try tailwind.member("error") == .string("conflictingParameters"))
        let family = try service.client.send("/css?fallbackFor=Nonexistent%20Sans")
        #expect(family.status == 400)
        #expect(try family.member("error") == .string("unknownFamily"))
    }

    @Test func fallbackForWritesTheAdjustedInstalledFaces() throws {
        try #require(VariableFonts.interIsInstalled, "Inter is missing: run scripts/install-dependencies (fonts-inter-variable)")
        let service = FontService(
            resolver: VariableFonts.resolver, configuration: FontServiceConfiguration(), logger: Logger(label: "CapsizeEndpointTests"))
        let css = String(decoding: try service.client.send("/css?category=l&fallbackFor=inter").body, as: UTF8.self)
        let body = try VariableFonts.resolver.resolve(FontRequest(style: .body, category: .large))
        let inter = try VariableFonts.resolver.resolve(FontRequest(style: .body, category: .large, families: ["Inter"]))
        let interMetrics = try VariableFonts.resolver.capsizeMetrics(of: inter).metrics
        let overrides = FallbackOverrides(web: interMetrics, fallback: try VariableFonts.resolver.capsizeMetrics(of: body).metrics)
        #expect(
            css.contains(
                "@font-face { font-family: \"Inter Fallback\"; src: local(\"DejaVu Sans\"), local(\"DejaVuSans\"); font-weight: 400; "
                    + "font-style: normal; font-stretch: 100%; size-adjust: \(FallbackOverrides.percentage(overrides.sizeAdjust)); "
                    + "ascent-override: \(FallbackOverrides.percentage(overrides.ascentOverride)); "
                    + "descent-override: \(FallbackOverrides.percentage(overrides.descentOverride)); "
                    + "line-gap-override: \(FallbackOverrides.percentage(overrides.lineGapOverride)); }"), "\(css)")
        #expect(css.contains("  --fontd-body-font-family: \"Inter\", \"Inter Fallback\", \"DejaVu Sans\", sans-serif;"))
        // Inter's ascent per em, over an em scaled to Inter's average letter width.
        #expect(interMetrics.ascent == 2728)
        #expect(abs(overrides.ascentOverride * overrides.sizeAdjust - 2728 / Double(interMetrics.unitsPerEm)) < 1e-12)
    }
}

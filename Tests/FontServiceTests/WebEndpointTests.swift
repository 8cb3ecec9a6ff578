import DynamicType
import Foundation
import ScopedPreferences
import ServerTestSupport
import Testing
import WebOutputs

@testable import FontService

/// `/css` and `/tokens` (docs/DESIGN.md §22 (The web)) against `/font`, in process and on a real server.
@Suite struct WebEndpointTests {
    /// The custom properties of `style` in the first `:root` block of `css`, by what follows `--fontd-<style>-`.
    static func properties(of style: String, in css: String, prefix: String = "fontd") -> [String: String] {
        var found: [String: String] = [:]
        let marker = "  --\(prefix)-\(TextStyle(style).cssName)-"
        for line in css.split(separator: "\n") where line.hasPrefix(marker) {
            let declaration = line.dropFirst(marker.count)
            guard let colon = declaration.firstIndex(of: ":"), found[String(declaration[..<colon])] == nil else { continue }
            found[String(declaration[..<colon])] = String(declaration[colon...].dropFirst(2).dropLast())
        }
        return found
    }

    /// `19px` → 19.
    static func pixels(_ text: String?) -> Double? {
        guard let text, text.hasSuffix("px") else { return nil }
        return Double(text.dropLast(2))
    }

    @Test(arguments: TestClient.Mode.allCases, [("xl", "regular"), ("ax3", "bold"), ("xs", "bold")])
    func everyStylesNumbersAreFontsNumbers(mode: TestClient.Mode, query: (category: String, legibility: String)) throws {
        let fontd = try makeClient(mode)
        let css = try fontd.send("/css?category=\(query.category)&legibility=\(query.legibility)")
        #expect(css.status == 200)
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        let text = css.bodyText
        #expect(text.hasPrefix("/* fontd: table \"default\", category \(query.category), legibility \(query.legibility) */\n"))
        for style in defaultTable.styleNames.map(\.rawValue) {
            let font = try fontd.send("/font?style=\(style)&category=\(query.category)&legibility=\(query.legibility)").json()
            let properties = Self.properties(of: style, in: text)
            #expect(Self.pixels(properties["font-size"]).map(JSONDocument.number) == font["descriptor"]?["pointSize"], "\(style)")
            #expect(Self.pixels(properties["line-height"]).map(JSONDocument.number) == font["metrics"]?["lineHeight"], "\(style)")
            #expect(Self.pixels(properties["letter-spacing"]).map(JSONDocument.number) == font["metrics"]?["tracking"], "\(style)")
            #expect(properties["font-weight"].flatMap(Double.init).map(JSONDocument.number) == font["descriptor"]?["weight"], "\(style)")
            let name = TextStyle(style).cssName
            #expect(text.contains(".fontd-\(name) { font: var(--fontd-\(name)-font); "), "\(style)")
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func everyCategoryAndItsBoldVariantHaveABlock(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode)
        let answer = try fontd.send("/css?category=all")
        #expect(answer.status == 200)
        #expect(answer.header("Cache-Control") == "no-cache", "the plain :root block is the reader's")
        let lines = answer.bodyText.split(separator: "\n")
        for category in ContentSizeCategory.allCases.map(\.rawValue) {
            #expect(lines.filter { $0 == ":root[data-text-size=\"\(category)\"] {" }.count == 1, "\(category)")
            #expect(lines.filter { $0 == ":root[data-text-size=\"\(category)\"][data-bold-text] {" }.count == 1, "\(category)")
        }
        #expect(lines.filter { $0 == ":root {" }.count == 1)
        #expect(lines.filter { $0.hasPrefix(":root") }.count == 25)
        // The default block is the reader's: l and regular for a fresh server.
        let defaultBlock = answer.bodyText.components(separatedBy: ":root {\n")[1].components(separatedBy: "}")[0]
        #expect(defaultBlock.contains("  --fontd-category: l;\n"))
        #expect(defaultBlock.contains("  --fontd-body-font-weight: 400;\n"))
    }

    @Test(arguments: TestClient.Mode.allCases)
    func tailwindGivesTheThemeBlock(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode)
        let theme = try fontd.send("/css?category=xl&format=tailwind").bodyText
        let font = try fontd.send("/font?style=body&category=xl").json()
        guard case .number(let size) = font["descriptor"]?["pointSize"], case .number(let lineHeight) = font["metrics"]?["lineHeight"],
            case .number(let tracking) = font["metrics"]?["tracking"], case .number(let weight) = font["descriptor"]?["weight"]
        else {
            Issue.record("no numbers in \(font)")
            return
        }
        #expect(theme.contains("@theme {\n"))
        #expect(
            theme.contains(
                """
                  --text-body: \(formatNumber(size))px;
                  --text-body--line-height: \(formatNumber(lineHeight))px;
                  --text-body--letter-spacing: \(formatNumber(tracking))px;
                  --text-body--font-weight: \(formatNumber(weight));

                """))
        #expect(theme.contains("--text-body: 19px;"), "the DESIGN's example")
    }

    @Test(arguments: TestClient.Mode.allCases)
    func tokensAreTypographyTokensOfTheTable(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode)
        let answer = try fontd.send("/tokens?category=xl&legibility=regular&textSpacing=default")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/design-tokens+json")
        #expect(answer.header("Cache-Control") == nil)
        let group = try #require(try answer.json()["default"])
        for style in defaultTable.styleNames.map(\.rawValue) {
            let token = try #require(group[style], "\(style)")
            #expect(token["$type"] == .string("typography"))
            let font = try fontd.send("/font?style=\(style)&category=xl&legibility=regular").json()
            #expect(
                token["$value"]?["fontSize"]
                    == .object([
                        .init(key: "value", value: try #require(font["descriptor"]?["pointSize"])),
                        .init(key: "unit", value: .string("px")),
                    ]))
        }
    }

    @Test(arguments: [
        "/css", "/tokens", "/css?category=all", "/css?category=xl&format=tailwind&legibility=bold", "/fontd.js", "/specimen",
        "/specimen?category=ax3&legibility=bold",
    ])
    func answersAreTaggedAndRevalidated(target: String) throws {
        let fontd = makeService().client
        let answer = try fontd.send(target)
        let tag = try #require(answer.header("ETag"))
        #expect(answer.header("Access-Control-Allow-Origin") == "*")
        let again = try fontd.send(target, headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
    }

    @Test(
        arguments: TestClient.Mode.allCases,
        [
            ("/fontd.js", "text/javascript; charset=utf-8", nil), ("/specimen", "text/html; charset=utf-8", "no-cache"),
            ("/specimen?category=xl", "text/html; charset=utf-8", "no-cache"),
            ("/specimen?category=xl&legibility=bold", "text/html; charset=utf-8", "no-cache"),
            ("/specimen?category=xl&legibility=bold&textSpacing=default", "text/html; charset=utf-8", nil),
        ] as [(String, String, String?)])
    func scriptAndSpecimenHaveTheirTypes(mode: TestClient.Mode, expected: (target: String, contentType: String, cacheControl: String?))
        throws
    {
        let answer = try makeClient(mode).send(expected.target)
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == expected.contentType)
        #expect(answer.header("Cache-Control") == expected.cacheControl)
        #expect(answer.header("Access-Control-Allow-Origin") == "*", "a page on another origin imports the module")
    }

    @Test func aStylesheetFollowsAPreferenceChange() throws {
        let service = makeService()
        let before = try service.client.send("/css").bodyText
        #expect(before.contains("category l, legibility regular"))
        service.setPreferences(PerPreference<String>.initial.with(\.category, .accessibilityExtraLarge).with(\.legibilityWeight, .bold))
        let after = try service.client.send("/css").bodyText
        #expect(after.contains("category ax3, legibility bold"))
        let all = try service.client.send("/css?category=all").bodyText
        #expect(all.components(separatedBy: ":root {\n")[1].contains("  --fontd-category: ax3;\n"))
    }

    @Test func aPrefixRenamesPropertiesAndClasses() throws {
        let css = try makeService().client.send("/css?category=xl&prefix=app-type2").bodyText
        #expect(css.contains("  --app-type2-body-font-size: 19px;\n"))
        #expect(css.contains(".app-type2-body { font: var(--app-type2-body-font);"))
        #expect(!css.contains("--fontd-"))
    }

    static let refusals: [(target: String, status: Int, code: String, mentions: String)] = [
        ("/css?colour=red", 400, "unknownParameter", "colour"),
        ("/css?category=xl&category=l", 400, "duplicateParameter", "category"),
        ("/css?prefix=Fontd", 400, "invalidParameter", "Fontd"),
        ("/css?prefix=a-very-long-prefix-that-goes-past-32", 400, "invalidParameter", "[a-z][a-z0-9-]{0,31}"),
        ("/css?prefix=", 400, "invalidParameter", "prefix"),
        ("/css?format=scss", 400, "invalidParameter", "scss"),
        ("/css?format=tailwind&category=all", 400, "conflictingParameters", "category=all"),
        ("/css?format=tailwind&prefix=app", 400, "conflictingParameters", "prefix"),
        ("/css?category=all&legibility=bold", 400, "conflictingParameters", "legibility"),
        ("/css?category=huge", 400, "unknownCategory", "huge"),
        ("/tokens?category=all", 400, "unknownCategory", "all"),
        ("/tokens?format=css", 400, "unknownParameter", "format"),
        ("/font-files/xyz", 400, "invalidParameter", "64 hexadecimal digits"),
        ("/font-files/" + String(repeating: "g", count: 64), 400, "invalidParameter", "SHA-256"),
        ("/font-files/" + String(repeating: "0", count: 64), 404, "notFound", String(repeating: "0", count: 64)),
        ("/font-files/../../etc/passwd", 400, "invalidParameter", "passwd"),
        ("/font-files/" + String(repeating: "0", count: 64) + "?x=1", 400, "unknownParameter", "x"),
    ]

    @Test(arguments: TestClient.Mode.allCases, refusals)
    func badInputIsAClearError(mode: TestClient.Mode, refusal: (target: String, status: Int, code: String, mentions: String)) throws {
        let answer = try makeClient(mode).send(refusal.target)
        #expect(answer.status == refusal.status, "\(answer.bodyText)")
        let body = try answer.json()
        #expect(body["error"] == .string(refusal.code), "\(answer.bodyText)")
        guard case .string(let message) = body["message"] else {
            Issue.record("no message in \(answer.bodyText)")
            return
        }
        let allowed = body["allowed"]?.strings ?? []
        #expect(message.contains(refusal.mentions) || allowed.contains { $0.contains(refusal.mentions) }, "\(answer.bodyText)")
    }

    @Test func stylesheetsAreBoundedByBytesInTheCache() throws {
        var configuration = FontServiceConfiguration(cacheEntries: 10_000)
        configuration.cacheBytes = 50_000
        let service = FontService(resolver: resolver, configuration: configuration, logger: .init(label: "WebEndpointTests"))
        var sizes: [Int] = []
        for category in ContentSizeCategory.allCases.map(\.rawValue) {
            for prefix in ["a", "b", "c"] {
                sizes.append(try service.client.send("/css?category=\(category)&prefix=\(prefix)").body.count)
                #expect(service.cachedAnswerBytes <= 50_000)
            }
        }
        #expect(sizes.reduce(0, +) > 100_000, "the answers together pass the bound twice over")
        #expect(service.cachedAnswerCount < 36)
        #expect(service.cachedAnswerCount > 0)
    }
}

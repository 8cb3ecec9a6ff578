import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import HTTPServer
import ScopedPreferences
import Testing

@testable import FontService

/// `/font`, `/fonts` and `/scale` answer what the resolver and the table say, as the CLI prints it.
@Suite(.ownThread) struct FontEndpointTests {
    @Test(arguments: ContentSizeCategory.allCases)
    func everyStyleAtCategoryIsTheResolversAnswer(category: ContentSizeCategory) throws {
        let service = makeService()
        for style in defaultTable.styleNames {
            let response = try service.client.send("/font?style=\(style)&category=\(category.rawValue)")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let expected = try expectedJSON(resolver.resolve(FontRequest(style: style, category: category)))
            #expect(try response.json() == expected, "\(style) at \(category)")
        }
    }

    @Test func optionsReachTheResolver() throws {
        let service = makeService()
        let response = try service.client.send(
            "/font?style=headline&category=ax2&traits=italic,bold,tightLeading&family=DejaVu%20Serif,+DejaVu+Sans"
                + "&weight=light&legibility=bold&maximumPointSize=30")
        #expect(response.status == 200)
        let request = FontRequest(
            style: .headline, category: .accessibilityLarge, traits: [.bold, .italic, .tightLeading],
            families: ["DejaVu Serif", "DejaVu Sans"], weight: .light, legibilityWeight: .bold, maximumPointSize: 30)
        let font = try resolver.resolve(request)
        #expect(try response.json() == expectedJSON(font))
        #expect(font.matchedFace.family == "DejaVu Serif")
        #expect(font.matchedFace.pointSize == 30)
    }

    @Test func boldItalicBodyMatchesFontdQuery() throws {
        let cli = try CommandRunner.run([
            "query", "body", "--category", "xl", "--traits", "bold,italic", "--family", "Nonexistent Sans",
            "--family", "DejaVu Serif", "--weight", "300", "--json",
        ])
        #expect(cli.status == 0, "\(cli.standardError)")
        let response = try makeService().client.send(
            "/font?style=body&category=xl&traits=bold,italic&family=Nonexistent+Sans,DejaVu+Serif&weight=300")
        #expect(response.status == 200)
        #expect(try response.json() == JSONDocument(parsing: Array(cli.standardOutput.utf8)))
    }

    @Test func omittedCategoryAndLegibilityAreTheReadersCurrentOnes() throws {
        let service = makeService()
        let implicit = try service.client.send("/font?style=body")
        #expect(try implicit.json() == expectedJSON(resolver.resolve(FontRequest(style: .body, category: .large))))

        service.setPreferences(PerPreference<String>.initial.with(\.category, .extraExtraLarge).with(\.legibilityWeight, .bold))
        let changed = try service.client.send("/font?style=body")
        let expected = FontRequest(style: .body, category: .extraExtraLarge, legibilityWeight: .bold)
        #expect(try changed.json() == expectedJSON(resolver.resolve(expected)), "the remembered target must not answer stale")
        #expect(changed.header("ETag") != implicit.header("ETag"))
        let explicit = try service.client.send("/font?style=body&category=l&legibility=regular")
        #expect(try explicit.json() == implicit.json())
    }

    @Test func fontsListsEveryStyleInTableOrder() throws {
        let response = try makeService().client.send("/fonts?category=extraLarge&traits=italic")
        #expect(response.status == 200)
        let body = try response.json()
        #expect(body["category"] == .string("xl"))
        guard case .object(let fonts) = body["fonts"] else {
            Issue.record("fonts is not an object: \(body)")
            return
        }
        #expect(fonts.map(\.key) == defaultTable.styleNames.map(\.rawValue))
        for member in fonts {
            let font = try resolver.resolve(FontRequest(style: TextStyle(member.key), category: .extraLarge, traits: .italic))
            #expect(member.value == (try expectedJSON(font)), "\(member.key)")
        }
        guard case .object(let top) = body else { return }
        #expect(top.map(\.key) == ["category", "fonts"])
    }

    @Test func fontsWithoutCategoryIsAtTheCurrentCategory() throws {
        let service = makeService()
        service.setPreferences(PerPreference<String>.initial.with(\.category, .accessibilityMedium).with(\.legibilityWeight, .regular))
        let body = try service.client.send("/fonts").json()
        #expect(body["category"] == .string("ax1"))
        #expect(
            body["fonts"]?["caption2"]
                == (try expectedJSON(resolver.resolve(FontRequest(style: .caption2, category: .accessibilityMedium)))))
    }

    @Test(arguments: ContentSizeCategory.allCases)
    func scaleFactorIsTheStylesMetricsScale(category: ContentSizeCategory) throws {
        let service = makeService()
        let response = try service.client.send("/scale?style=title2&category=\(category.appleName)&value=-12.5")
        #expect(response.status == 200)
        let factor = try defaultTable.definition(of: .title2).metricsScale(at: category)
        // Written by the one rule (docs/DESIGN.md §6 (Answer documents)): the exact product and factor, within a thousandth.
        #expect(
            try response.json()
                == .object([
                    .init(key: "value", value: .number(-12.5)),
                    .init(key: "scaled", value: .number(RoundedNumber(-12.5 * factor).value)),
                    .init(key: "factor", value: .number(RoundedNumber(factor).value)),
                ]))
        let font = try resolver.resolve(FontRequest(style: .title2, category: category))
        #expect(font.metrics.metricsScale == factor)
    }

    @Test func bodyAtExtraLargeScalesEightAsTheDesignSays() throws {
        let body = try makeService().client.send("/scale?style=body&category=xl&value=8&legibility=bold").json()
        guard case .number(let scaled) = body["scaled"], case .number(let factor) = body["factor"] else {
            Issue.record("not numbers: \(body)")
            return
        }
        #expect(factor == 1.09, "24 / 22 within a thousandth")
        #expect(scaled == 8.727, "8 × 24 / 22 within a thousandth")
    }

    @Test func scaleWithoutCategoryFollowsTheReader() throws {
        let service = makeService()
        service.setPreferences(PerPreference<String>.initial.with(\.category, .extraSmall).with(\.legibilityWeight, .regular))
        let body = try service.client.send("/scale?style=body&value=22").json()
        #expect(body["scaled"] == .number(RoundedNumber(22 * (19.0 / 22.0)).value))
        #expect(body["factor"] == .number(RoundedNumber(19.0 / 22.0).value))
    }
}

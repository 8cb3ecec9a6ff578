import DynamicType
import Foundation
import ServerTestSupport
import Testing
import WebOutputs

@testable import FontService

/// `/css`'s conventions end to end, in process and on a real server (docs/DESIGN.md §22 (The web), The web:
/// stylesheets, design tokens, font files): `unit`, `--fontd-scale`, kebab-case names.
@Suite struct CSSConventionEndpointTests {
    @Test(arguments: TestClient.Mode.allCases, ["em", "PT", "", "px,rem"])
    func aUnitOtherThanPxOrRemIsRefusedNamingBoth(mode: TestClient.Mode, unit: String) throws {
        let answer = try makeClient(mode).send(
            "/css?category=xl&unit=\(unit.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? unit)")
        #expect(answer.status == 400, "\(answer.bodyText)")
        let body = try answer.json()
        #expect(body["error"] == .string("invalidParameter"))
        #expect(body["allowed"]?.strings == ["px", "rem"], "\(answer.bodyText)")
        guard case .string(let message) = body["message"] else {
            Issue.record("no message: \(answer.bodyText)")
            return
        }
        #expect(message.contains("unit"), "\(message)")
    }

    @Test(arguments: TestClient.Mode.allCases)
    func remSheetsAreThePxSheetsSizesOverSixteen(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode)
        let px = try fontd.send("/css?category=ax1&legibility=regular").bodyText
        let rem = try fontd.send("/css?category=ax1&legibility=regular&unit=rem").bodyText
        #expect(try fontd.send("/css?category=ax1&legibility=regular&unit=px").bodyText == px, "px is the default")
        for style in defaultTable.styleNames.map(\.rawValue) {
            let font = try fontd.send("/font?style=\(style)&category=ax1&legibility=regular").json()
            guard case .number(let size) = font["descriptor"]?["pointSize"], case .number(let lineHeight) = font["metrics"]?["lineHeight"]
            else {
                Issue.record("no numbers for \(style)")
                return
            }
            let properties = WebEndpointTests.properties(of: style, in: rem)
            // Each rem lands on the px sheet's pixels (docs/DESIGN.md §22 (The web)).
            #expect(properties["font-size"] == "\(formatNumber(CSSUnit.rem.number(size)))rem", "\(style)")
            #expect(properties["line-height"] == "\(formatNumber(CSSUnit.rem.number(lineHeight)))rem", "\(style)")
            #expect(properties["letter-spacing"] == WebEndpointTests.properties(of: style, in: px)["letter-spacing"], "\(style)")
        }
        let tailwind = try fontd.send("/css?category=ax1&format=tailwind&unit=rem").bodyText
        #expect(tailwind.contains("  --text-large-title: 2.75rem;\n"), "largeTitle is 44 pt at ax1")
    }

    @Test(arguments: TestClient.Mode.allCases)
    func everyBlockCarriesItsCategorysScale(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode)
        let css = try fontd.send("/css?category=all&maximumCategory=ax3").bodyText
        let ratios = try #require(defaultTable.textScalingRatios)
        for category in ContentSizeCategory.allCases {
            for selector in [
                ":root[data-text-size=\"\(category.rawValue)\"] {", ":root[data-text-size=\"\(category.rawValue)\"][data-bold-text] {",
            ] {
                let block = try #require(css.components(separatedBy: selector + "\n").dropFirst().first).prefix { $0 != "}" }
                // Clamped blocks hold the category they were clamped to, and its ratio.
                let held = min(category, .accessibilityExtraLarge)
                #expect(block.contains("  --fontd-scale: \(RoundedNumber(ratios[held]));\n"), "\(selector)")
            }
        }
        let one = try fontd.send("/css?category=xl&legibility=regular").bodyText
        #expect(one.contains("  --fontd-category: xl;\n  --fontd-scale: 1.118;\n"), "19 / 17")
        #expect(try fontd.send("/css?category=l&legibility=regular").bodyText.contains("  --fontd-scale: 1;\n"))
    }
}

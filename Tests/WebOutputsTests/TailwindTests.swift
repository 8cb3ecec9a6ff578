import DynamicType
import Testing
import WebOutputs

@Suite struct TailwindTests {
    @Test func bodyAtExtraLargeIsTailwindsTextAndFontVariables() throws {
        let block = try WebFixtures.block(.extraLarge, .regular)
        let body = try #require(block.styles.first { $0.definition.style == .body })
        let face = body.font.matchedFace
        let lines = StyleSheet.tailwind(table: "default", block: block, fontFileBase: nil).split(
            separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "  --font-body: \(CSSEscaping.string(face.family)), sans-serif;"))
        #expect(
            Array(lines[start..<start + 5]) == [
                "  --font-body: \(CSSEscaping.string(face.family)), sans-serif;",
                "  --text-body: \(RoundedNumber(face.pointSize))px;",
                "  --text-body--line-height: \(RoundedNumber(body.font.metrics.lineHeight))px;",
                "  --text-body--letter-spacing: \(RoundedNumber(body.font.metrics.tracking))px;",
                "  --text-body--font-weight: \(RoundedNumber(face.weight.rawValue));",
            ])
        // And the values are the documented ones for the pinned fonts.
        #expect(lines[start + 1] == "  --text-body: 19px;" && lines[start + 4] == "  --text-body--font-weight: 400;")
    }

    @Test func themeHasEveryStyleInTableOrderAfterTheFaces() throws {
        let block = try WebFixtures.block(.accessibilityExtraLarge, .bold)
        let css = StyleSheet.tailwind(table: "default", block: block, fontFileBase: "")
        let sheet = try ParsedStyleSheet(css)
        #expect(sheet.comments == [" fontd: table \"default\", category ax3, legibility bold "])
        let theme = try #require(sheet.rules.last)
        #expect(theme.prelude == [.atKeyword("theme")])
        #expect(sheet.rules.dropLast().allSatisfy { $0.prelude == [.atKeyword("font-face")] })
        #expect(
            theme.declarations.map(\.name)
                == block.styles.flatMap { style in
                    let name = style.definition.style.cssName
                    return [
                        "--font-\(name)", "--text-\(name)", "--text-\(name)--line-height", "--text-\(name)--letter-spacing",
                        "--text-\(name)--font-weight",
                    ]
                })
        for style in block.styles {
            let name = style.definition.style.cssName
            #expect(StyleSheetTests.px(theme.value(of: "--text-\(name)")) == RoundedNumber(style.font.matchedFace.pointSize).value)
            #expect(
                StyleSheetTests.px(theme.value(of: "--text-\(name)--line-height")) == RoundedNumber(style.font.metrics.lineHeight).value)
            #expect(
                StyleSheetTests.px(theme.value(of: "--text-\(name)--letter-spacing")) == RoundedNumber(style.font.metrics.tracking).value)
            #expect(StyleSheetTests.number(theme.value(of: "--text-\(name)--font-weight")) == style.font.matchedFace.weight.rawValue)
        }
        #expect(!css.contains("--fontd"))
    }

    @Test func hostileNamesStayInTheirTokens() throws {
        let sheet = try ParsedStyleSheet(
            StyleSheet.tailwind(
                table: StyleSheetTests.hostileTable, block: try StyleSheetTests.hostileBlock(), fontFileBase: nil))
        #expect(sheet.comments.count == 1)
        #expect(!sheet.tokens.contains(.ident("color")))
        let theme = try #require(sheet.rules.last)
        #expect(
            theme.value(of: "--font-\(StyleSheetTests.hostileStyle)") == [
                .string(StyleSheetTests.hostileFamily), .comma, .whitespace, .ident("sans-serif"),
            ])
    }
}

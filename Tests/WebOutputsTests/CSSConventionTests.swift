import DynamicType
import Foundation
import Testing
import WebOutputs

/// CSS in CSS's own conventions (docs/DESIGN.md §22 (The web), The web: stylesheets, design tokens, font
/// files): kebab-case names, the category's text-scaling ratio, `rem` on request, and
/// `font-display: swap` on every face.
@Suite struct CSSConventionTests {
    @Test(arguments: [
        ("largeTitle", "large-title"), ("title1", "title1"), ("caption2", "caption2"), ("body", "body"),
        ("subheadline", "subheadline"), ("displayLarge", "display-large"), ("XMLHeading", "xml-heading"),
        ("headline2Bold", "headline2-bold"), ("already-kebab", "already-kebab"), ("ÉtéTitre", "été-titre"),
        ("1 b{color:red}", "1 b{color:red}"),
    ])
    func styleNamesAreKebabCase(_ name: String, _ css: String) {
        #expect(TextStyle(name).cssName == css)
    }

    /// The default table's sheet at every category: no identifier with a capital, and each style's class is its kebab name.
    @Test func theDefaultTablesNamesHaveNoCapitals() throws {
        let blocks = try WebFixtures.everyBlock()
        let css = StyleSheet.cssAll(table: "default", blocks: blocks, current: blocks[3], prefix: .standard, fontFileBase: nil)
        let sheet = try ParsedStyleSheet(css)
        let names =
            sheet.rules.flatMap { $0.declarations.map(\.name) }
            + sheet.tokens.compactMap { token in
                if case .ident(let name) = token, name.hasPrefix("fontd-") || name.hasPrefix("--fontd-") { name } else { nil }
            }
        #expect(!names.isEmpty)
        #expect(names.filter { $0.contains(where: \.isUppercase) } == [])
        let classes = sheet.rules.filter { $0.prelude.first == .delim(".") }.map(\.prelude)
        #expect(classes.contains([.delim("."), .ident("fontd-large-title")]))
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        #expect(StyleSheetTests.px(root.value(of: "--fontd-large-title-font-size")) == blocks[3].styles[0].font.matchedFace.pointSize)
    }

    @Test func tailwindThemeKeysAreKebabCase() throws {
        let theme = StyleSheet.tailwind(table: "default", block: try WebFixtures.block(.large, .regular), fontFileBase: nil)
        #expect(theme.contains("  --text-large-title: 34px;\n"))
        #expect(theme.contains("  --text-large-title--line-height: 41px;\n"))
        #expect(theme.contains("  --font-large-title: "))
        #expect(!theme.contains("largeTitle"))
    }

    @Test(arguments: ContentSizeCategory.allCases)
    func scaleIsTheBlocksTextScalingRatio(category: ContentSizeCategory) throws {
        let block = try WebFixtures.block(category, .regular)
        let ratios = try #require(WebFixtures.table.textScalingRatios)
        let sheet = try ParsedStyleSheet(StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: nil))
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        let body = try #require(block.styles.first { $0.definition.style == .body })
        let large = try WebFixtures.block(.large, .regular).styles.first { $0.definition.style == .body }
        let expected = body.font.matchedFace.pointSize / (try #require(large).font.matchedFace.pointSize)
        #expect(StyleSheetTests.number(root.value(of: "--fontd-scale")) == RoundedNumber(expected).value)
        #expect(ratios[category] == expected)
        // The default table's ratios are the ones its scaled tables use (docs/DESIGN.md §4 (The style table)).
        #expect(abs(ratios[category] - TypeScaling.categoryScales[category]) < 1e-12)
    }

    @Test func aBlockWithoutARatioWritesNoScale() throws {
        var block = try WebFixtures.block(.large, .regular)
        #expect(StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: nil).contains("  --fontd-scale: 1;\n"))
        block.textScalingRatio = nil
        #expect(!StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: nil).contains("-scale:"))
    }

    @Test(arguments: [ContentSizeCategory.extraLarge, .accessibilityExtraExtraExtraLarge])
    func remDividesSizesAndLineHeightsBySixteen(category: ContentSizeCategory) throws {
        let block = try WebFixtures.block(category, .regular)
        let sheet = try ParsedStyleSheet(StyleSheet.css(table: "default", block: block, prefix: .standard, unit: .rem, fontFileBase: nil))
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        for style in block.styles {
            let name = style.definition.style.cssName
            // A rem written lands on the pixels the px stylesheet writes (16 × rem, rounded as pixels are).
            let size = try #require(StyleSheetTests.rem(root.value(of: "--fontd-\(name)-font-size")))
            let lineHeight = try #require(StyleSheetTests.rem(root.value(of: "--fontd-\(name)-line-height")))
            #expect(RoundedNumber(size * 16).value == RoundedNumber(style.font.matchedFace.pointSize).value, "\(name): \(size)rem")
            #expect(RoundedNumber(lineHeight * 16).value == RoundedNumber(style.font.metrics.lineHeight).value, "\(name): \(lineHeight)rem")
            // With no more decimals than that needs: one fewer would miss the pixels.
            for (rem, points) in [(size, style.font.matchedFace.pointSize), (lineHeight, style.font.metrics.lineHeight)] {
                let decimals = String(formatNumber(rem).split(separator: ".").dropFirst().first ?? "").count
                if decimals > 0 {
                    let scale = pow(10, Double(decimals - 1))
                    #expect(RoundedNumber((rem * scale).rounded() / scale * 16).value != RoundedNumber(points).value, "\(name): \(rem)rem")
                }
            }
            let font = try #require(root.value(of: "--fontd-\(name)-font"))
            #expect(StyleSheetTests.rem([font[2]]) == size)
            #expect(StyleSheetTests.rem([font[4]]) == lineHeight)
            // Spacing stays in pixels.
            #expect(
                StyleSheetTests.px(root.value(of: "--fontd-\(name)-letter-spacing")) == RoundedNumber(style.font.metrics.tracking).value)
        }
        if category == .extraLarge {
            let css = StyleSheet.css(table: "default", block: block, prefix: .standard, unit: .rem, fontFileBase: nil)
            #expect(css.contains("  --fontd-body-font: 400 1.1875rem/1.5rem \"DejaVu Sans\", sans-serif;\n"), "19/16 and 24/16")
        }
    }

    @Test func everyFontFaceSwaps() throws {
        let blocks = try WebFixtures.everyBlock()
        let outputs = [
            StyleSheet.cssAll(table: "default", blocks: blocks, current: blocks[0], prefix: .standard, fontFileBase: ""),
            StyleSheet.tailwind(table: "default", block: blocks[5], fontFileBase: nil),
            SpecimenPage.html(table: "default", block: blocks[5], preview: true),
        ]
        for output in outputs {
            let faces = output.components(separatedBy: "@font-face {").dropFirst()
            #expect(!faces.isEmpty)
            for face in faces {
                let rule = face.prefix { $0 != "}" }
                #expect(rule.hasSuffix(" font-display: swap; "), "\(rule)")
            }
        }
        let sheet = try ParsedStyleSheet(outputs[0])
        #expect(sheet.fontFaceRules.allSatisfy { $0.value(of: "font-display") == [.ident("swap")] })
    }
}

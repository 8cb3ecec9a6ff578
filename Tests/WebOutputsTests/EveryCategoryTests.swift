import DynamicType
import Testing
import WebOutputs

@Suite struct EveryCategoryTests {
    /// The category and legibility a `:root[data-text-size="…"]` prelude selects, or nil for another prelude.
    static func selection(_ prelude: [CSSToken]) -> (ContentSizeCategory, LegibilityWeight)? {
        let head: [CSSToken] = [.colon, .ident("root"), .openSquare, .ident("data-text-size"), .delim("=")]
        guard prelude.count >= 7, Array(prelude.prefix(5)) == head, case .string(let name) = prelude[5], prelude[6] == .closeSquare,
            let category = ContentSizeCategory(rawValue: name)
        else { return nil }
        switch Array(prelude.dropFirst(7)) {
        case []: return (category, .regular)
        case [.openSquare, .ident("data-bold-text"), .closeSquare]: return (category, .bold)
        default: return nil
        }
    }

    @Test func everyCategoryHasItsBlockAndTheCurrentOneIsTheDefault() throws {
        let blocks = try WebFixtures.everyBlock()
        let current = try WebFixtures.block(.large, .regular)
        let css = StyleSheet.cssAll(table: "default", blocks: blocks, current: current, prefix: .standard, fontFileBase: nil)
        let sheet = try ParsedStyleSheet(css)
        #expect(sheet.comments == [" fontd: table \"default\", every category (default: l, regular) "])

        let defaults = sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude)
        try #require(defaults.count == 1)
        #expect(defaults[0].value(of: "--fontd-category") == [.ident("l")])

        let selected = sheet.rules.compactMap { rule in Self.selection(rule.prelude).map { (rule, $0.0, $0.1) } }
        #expect(selected.count == 24)
        for legibility in LegibilityWeight.allCases {
            let categories = selected.filter { $0.2 == legibility }.map(\.1)
            #expect(categories == ContentSizeCategory.allCases, "\(legibility)")
        }

        // Each block holds its own category's fonts: the body size there is what was resolved there.
        for (rule, category, legibility) in selected {
            #expect(rule.value(of: "--fontd-category") == [.ident(category.rawValue)])
            let block = try #require(blocks.first { $0.category == category && $0.legibilityWeight == legibility })
            for style in block.styles {
                let name = style.definition.style.cssName
                #expect(StyleSheetTests.px(rule.value(of: "--fontd-\(name)-font-size")) == style.font.matchedFace.pointSize)
                #expect(StyleSheetTests.number(rule.value(of: "--fontd-\(name)-font-weight")) == style.font.matchedFace.weight.rawValue)
            }
        }

        // Class rules once each, after every block; the other rules are @font-face.
        let classes = sheet.rules.filter { $0.prelude.first == .delim(".") }
        #expect(classes.map(\.prelude) == WebFixtures.table.styles.map { [.delim("."), .ident("fontd-\($0.style.cssName)")] })
        #expect(sheet.rules.count == sheet.fontFaceRules.count + 1 + 24 + classes.count)
        let lastBlock = try #require(sheet.rules.lastIndex { Self.selection($0.prelude) != nil })
        #expect(sheet.rules[(lastBlock + 1)...].allSatisfy { $0.prelude.first == .delim(".") })
    }

    @Test func everyFaceOfEveryBlockHasOneFontFace() throws {
        let blocks = try WebFixtures.everyBlock()
        let current = blocks[4]
        let sheet = try ParsedStyleSheet(
            StyleSheet.cssAll(
                table: "default", blocks: blocks, current: current, prefix: .standard, fontFileBase: ""))
        // First seen first, the current block's faces leading.
        var files: [String] = []
        for style in ([current] + blocks).flatMap(\.styles) where !files.contains(style.font.matchedFace.file) {
            files.append(style.font.matchedFace.file)
        }
        #expect(sheet.fontFaceRules.count == files.count)
        let localNames = sheet.fontFaceRules.compactMap { $0.value(of: "src")?.first { if case .string = $0 { true } else { false } } }
        let fullNames = try files.map { file in try #require(blocks.flatMap(\.styles).first { $0.font.matchedFace.file == file }?.fullName)
        }
        #expect(localNames == fullNames.map(CSSToken.string))
    }

    @Test func declarationOneBlockNeedsIsWrittenInEveryBlock() throws {
        var blocks = try WebFixtures.everyBlock()
        let current = blocks[0]
        // Only body at xl regular is condensed.
        let xl = try #require(blocks.firstIndex { $0.category == .extraLarge && $0.legibilityWeight == .regular })
        let body = try #require(blocks[xl].styles.firstIndex { $0.definition.style == .body })
        blocks[xl].styles[body].font.matchedFace.width = FontWidth(87.5)
        let sheet = try ParsedStyleSheet(
            StyleSheet.cssAll(
                table: "default", blocks: blocks, current: current, prefix: .standard, fontFileBase: nil))
        let blockRules = sheet.rules.filter { $0.prelude == ParsedStyleSheet.rootPrelude || Self.selection($0.prelude) != nil }
        #expect(blockRules.count == 25)
        for rule in blockRules {
            let expected = Self.selection(rule.prelude).map { $0 == (.extraLarge, .regular) } == true ? "87.5" : "100"
            #expect(rule.value(of: "--fontd-body-font-stretch") == [.percentage(Double(expected) ?? 0, representation: expected)])
            #expect(rule.value(of: "--fontd-headline-font-stretch") == nil)
        }
        let rule = try #require(sheet.rules(withPrelude: [.delim("."), .ident("fontd-body")]).first)
        #expect(
            rule.value(of: "font-stretch") == [
                .function("var"), .ident("--fontd-body-font-stretch"), .comma, .whitespace, .ident("normal"), .closeParenthesis,
            ])
    }
}

import DynamicType
import FontResolution
import FontdTestSupport
import Testing
import WebOutputs

@Suite struct StyleSheetTests {
    // MARK: Hostile names

    static let hostileFamily = #"x"; } body { color: red"#
    static let hostileStyle = #"1 b{color:red}"#
    static let hostileTable = "evil */ body { color: red } /*\nnext line"
    static let hostileFullName = "Evil \"Full\"\nName\\"
    static let hostilePostscriptName = "Evil)PS');color:red"

    /// body at xl, its family, face names and fallbacks from an attacker, twice: once as `body`
    /// and once under a style name that is not an identifier.
    static func hostileBlock() throws -> WebBlock {
        let real = try WebFixtures.block(.extraLarge, .regular)
        var body = try #require(real.styles.first { $0.definition.style == .body })
        body.definition.families = [hostileFamily, "sans-serif", hostileFamily.uppercased()]
        body.font.matchedFace.family = hostileFamily
        body.font.matchedFace.postscriptName = hostilePostscriptName
        body.fullName = hostileFullName
        var renamed = body
        renamed.definition.style = TextStyle(hostileStyle)
        return WebBlock(category: .extraLarge, legibilityWeight: .regular, styles: [body, renamed])
    }

    @Test func hostileFamilyStaysOneStringWhereverItLands() throws {
        let block = try Self.hostileBlock()
        let css = StyleSheet.css(table: Self.hostileTable, block: block, prefix: .standard, fontFileBase: "")
        let sheet = try ParsedStyleSheet(css)

        // One @font-face (both styles share the face), :root, and a class per style; nothing else.
        #expect(sheet.rules.count == 4)
        #expect(sheet.fontFaceRules.count == 1)
        #expect(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).count == 1)

        // It lands in @font-face's font-family and in each style's --…-font-family and --…-font: one string token each time.
        let strings = sheet.tokens.filter { $0 == .string(Self.hostileFamily) }
        #expect(strings.count == 5)
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        for style in ["body", Self.hostileStyle] {
            #expect(
                root.value(of: "--fontd-\(style)-font-family") == [.string(Self.hostileFamily), .comma, .whitespace, .ident("sans-serif")])
        }
        let face = try #require(sheet.fontFaceRules.first)
        #expect(face.value(of: "font-family") == [.string(Self.hostileFamily)])
        let hash = try #require(block.styles[0].fileHash)
        #expect(
            face.value(of: "src") == [
                .function("local"), .string(Self.hostileFullName), .closeParenthesis, .comma, .whitespace,
                .function("local"), .string(Self.hostilePostscriptName), .closeParenthesis, .comma, .whitespace,
                .function("url"), .string("/font-files/\(hash)"), .closeParenthesis,
            ])

        // `color` never becomes a token of its own, let alone a declaration.
        #expect(!sheet.tokens.contains(.ident("color")))
        let allowed: [[CSSToken]: Set<String>] = [
            [.atKeyword("font-face")]: ["font-family", "src", "font-weight", "font-style", "font-stretch", "font-display"],
            ParsedStyleSheet.rootPrelude: [],
        ]
        for rule in sheet.rules {
            let plain = rule.declarations.map(\.name).filter { !$0.hasPrefix("--") }
            let permitted = allowed[rule.prelude] ?? ["font", "letter-spacing", "font-stretch", "font-variation-settings"]
            #expect(Set(plain).isSubset(of: permitted), "\(rule.prelude): \(plain)")
        }
    }

    @Test func hostileStyleNameStaysOneIdentifier() throws {
        let css = StyleSheet.css(table: "default", block: try Self.hostileBlock(), prefix: .standard, fontFileBase: nil)
        let sheet = try ParsedStyleSheet(css)
        #expect(sheet.rules(withPrelude: [.delim("."), .ident("fontd-\(Self.hostileStyle)")]).count == 1)
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        #expect(
            root.declarations.map(\.name).filter { $0.contains(Self.hostileStyle) }
                == [
                    "font-family", "font-size", "line-height", "font-weight", "letter-spacing", "font",
                ].map { "--fontd-\(Self.hostileStyle)-\($0)" })
    }

    @Test func headerIsOneCommentHoldingTheTableName() throws {
        let css = StyleSheet.css(table: Self.hostileTable, block: try Self.hostileBlock(), prefix: .standard, fontFileBase: nil)
        let sheet = try ParsedStyleSheet(css)
        guard case .comment(let header) = sheet.tokens.first else {
            return #expect(Bool(false), "the stylesheet does not start with a comment: \(sheet.tokens.prefix(3))")
        }
        #expect(sheet.comments == [header])
        #expect(css.hasPrefix("/* fontd: table \""))
        #expect(header.hasSuffix(", category xl, legibility regular "))
        // Every visible character of the name is there, in order; only spacing and line breaks may differ.
        let visible = { (text: String) in
            String(text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "\u{FFFD}" }.map(Character.init))
        }
        #expect(visible(header).contains(visible(Self.hostileTable)))
        #expect(!header.contains("\n"))
    }

    // MARK: Values

    static func px(_ tokens: [CSSToken]?) -> Double? {
        guard let tokens, tokens.count == 1, case .dimension(let value, _, "px") = tokens[0] else { return nil }
        return value
    }

    static func rem(_ tokens: [CSSToken]?) -> Double? {
        guard let tokens, tokens.count == 1, case .dimension(let value, _, "rem") = tokens[0] else { return nil }
        return value
    }

    static func number(_ tokens: [CSSToken]?) -> Double? {
        guard let tokens, tokens.count == 1, case .number(let value, _) = tokens[0] else { return nil }
        return value
    }

    @Test(arguments: [(ContentSizeCategory.extraLarge, LegibilityWeight.regular), (.accessibilityExtraLarge, .bold)])
    func declaredNumbersAreTheResolvedFonts(_ category: ContentSizeCategory, _ legibility: LegibilityWeight) throws {
        let block = try WebFixtures.block(category, legibility)
        let sheet = try ParsedStyleSheet(StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: nil))
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        #expect(root.value(of: "--fontd-category") == [.ident(category.rawValue)])
        #expect(block.styles.count == WebFixtures.table.styles.count)
        for style in block.styles {
            let name = style.definition.style.cssName
            let face = style.font.matchedFace
            let metrics = style.font.metrics
            // Each number is the resolved one as RoundedNumber writes it: within a thousandth.
            #expect(Self.px(root.value(of: "--fontd-\(name)-font-size")) == RoundedNumber(face.pointSize).value, "\(name)")
            #expect(Self.px(root.value(of: "--fontd-\(name)-line-height")) == RoundedNumber(metrics.lineHeight).value, "\(name)")
            #expect(Self.number(root.value(of: "--fontd-\(name)-font-weight")) == face.weight.rawValue, "\(name)")
            #expect(Self.px(root.value(of: "--fontd-\(name)-letter-spacing")) == RoundedNumber(metrics.tracking).value, "\(name)")

            // The shorthand: weight size/line-height family…
            let font = try #require(root.value(of: "--fontd-\(name)-font"))
            try #require(font.count >= 7, "\(name): \(font)")
            #expect(Self.number([font[0]]) == face.weight.rawValue)
            #expect(Self.px([font[2]]) == RoundedNumber(face.pointSize).value)
            #expect(font[3] == .delim("/"))
            #expect(Self.px([font[4]]) == RoundedNumber(metrics.lineHeight).value)
            #expect(Array(font[6...]) == root.value(of: "--fontd-\(name)-font-family"))
            #expect(font[6] == .string(face.family))

            let rule = try #require(sheet.rules(withPrelude: [.delim("."), .ident("fontd-\(name)")]).first)
            #expect(
                rule.declarations == [
                    .init(name: "font", value: [.function("var"), .ident("--fontd-\(name)-font"), .closeParenthesis]),
                    .init(name: "letter-spacing", value: [.function("var"), .ident("--fontd-\(name)-letter-spacing"), .closeParenthesis]),
                ])
        }
    }

    @Test func designExampleIsWhatBodyAtExtraLargeWrites() throws {
        let block = try WebFixtures.block(.extraLarge, .regular)
        let hash = try #require(block.styles.first { $0.definition.style == .body }?.fileHash)
        let lines = StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: "").split(separator: "\n").map(
            String.init)
        #expect(lines.first == "/* fontd: table \"default\", category xl, legibility regular */")
        #expect(
            lines.contains(
                "@font-face { font-family: \"DejaVu Sans\"; src: local(\"DejaVu Sans\"), local(\"DejaVuSans\"), "
                    + "url(\"/font-files/\(hash)\"); font-weight: 400; font-style: normal; font-stretch: 100%; font-display: swap; }"))
        let body = [
            "  --fontd-body-font-family: \"DejaVu Sans\", sans-serif;",
            "  --fontd-body-font-size: 19px;",
            "  --fontd-body-line-height: 24px;",
            "  --fontd-body-font-weight: 400;",
            "  --fontd-body-letter-spacing: -0.46px;",
            "  --fontd-body-font: 400 19px/24px \"DejaVu Sans\", sans-serif;",
        ]
        let start = try #require(lines.firstIndex(of: body[0]))
        #expect(Array(lines[start..<start + body.count]) == body)
        #expect(lines[lines.firstIndex(of: ":root {").map { $0 + 1 } ?? 0] == "  --fontd-category: xl;")
        #expect(lines[lines.firstIndex(of: ":root {").map { $0 + 2 } ?? 0] == "  --fontd-scale: 1.118;")
        #expect(lines.contains(".fontd-body { font: var(--fontd-body-font); letter-spacing: var(--fontd-body-letter-spacing); }"))
    }

    @Test func everyLineEndsWithANewline() throws {
        let css = StyleSheet.css(table: "default", block: try WebFixtures.block(.large, .regular), prefix: .standard, fontFileBase: nil)
        #expect(css.hasSuffix("}\n"))
        #expect(!css.contains("\n\n") && !css.contains("\r"))
    }

    @Test func prefixRenamesEveryPropertyAndClass() throws {
        let prefix = try #require(CSSPrefix("my-app2"))
        let sheet = try ParsedStyleSheet(
            StyleSheet.css(
                table: "default", block: try WebFixtures.block(.large, .regular), prefix: prefix, fontFileBase: nil))
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        #expect(root.declarations.allSatisfy { $0.name.hasPrefix("--my-app2-") })
        let classes = sheet.rules.filter { $0.prelude.first == .delim(".") }
        #expect(classes.map(\.prelude) == WebFixtures.table.styles.map { [.delim("."), .ident("my-app2-\($0.style.cssName)")] })
        #expect(!sheet.tokens.contains { if case .ident(let name) = $0 { name.contains("fontd") } else { false } })
    }

    // MARK: Faces

    @Test func oneFontFacePerDistinctFaceWithItsDescriptors() throws {
        let block = try WebFixtures.block(.extraLarge, .regular)
        let sheet = try ParsedStyleSheet(StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: nil))
        var faces: [String] = []
        for style in block.styles where !faces.contains(style.font.matchedFace.file) { faces.append(style.font.matchedFace.file) }
        #expect(sheet.fontFaceRules.count == faces.count)
        #expect(faces.count > 1, "xl regular should use more than one DejaVu face (headline is semibold): \(faces)")
        for (rule, file) in zip(sheet.fontFaceRules, faces) {
            let style = try #require(block.styles.first { $0.font.matchedFace.file == file })
            let face = style.font.matchedFace
            #expect(rule.value(of: "font-family") == [.string(face.family)])
            #expect(
                rule.value(of: "src") == [
                    .function("local"), .string(style.fullName), .closeParenthesis, .comma, .whitespace,
                    .function("local"), .string(face.postscriptName), .closeParenthesis,
                ])
            #expect(Self.number(rule.value(of: "font-weight")) == face.weight.rawValue)
            #expect(rule.value(of: "font-style") == [.ident(face.slant == .roman ? "normal" : face.slant.rawValue)])
            #expect(
                rule.value(of: "font-stretch") == [
                    .percentage(face.width.rawValue, representation: RoundedNumber(face.width.rawValue).description)
                ])
        }
    }

    @Test(arguments: [
        (String?.none, String?.none), ("", "/font-files/"), ("https://h:1", "https://h:1/font-files/"),
        ("https://h:1/", "https://h:1/font-files/"), ("http://127.0.0.1:8686/fontd/", "http://127.0.0.1:8686/fontd/font-files/"),
    ])
    func fontFileURLFollowsTheBase(_ base: String?, _ expected: String?) throws {
        let block = try WebFixtures.block(.large, .regular)
        let hash = try #require(block.styles[0].fileHash)
        let face = try #require(
            try ParsedStyleSheet(
                StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: base)
            ).fontFaceRules.first)
        let src = try #require(face.value(of: "src"))
        let urls = src.indices.filter { src[$0] == .function("url") }.map { src[$0 + 1] }
        #expect(urls == (expected.map { [.string($0 + hash)] } ?? []))
    }

    @Test func faceWithoutAHashGetsNoURL() throws {
        var block = try WebFixtures.block(.large, .regular)
        for index in block.styles.indices { block.styles[index].fileHash = nil }
        let css = StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: "https://h:1")
        #expect(!CSSTokenizer.tokens(of: css).contains(.function("url")))
        #expect(try ParsedStyleSheet(css).fontFaceRules.count == Set(block.styles.map(\.font.matchedFace.file)).count)
    }

    // MARK: Slant, width, variations

    static func obliqueCondensedVariable(_ style: WebStyle) -> WebStyle {
        var style = style
        style.font.matchedFace.slant = .oblique
        style.font.matchedFace.width = FontWidth(87.5)
        style.font.variations = ["wght": 400, "opsz": 19]
        return style
    }

    @Test func obliqueCondensedVariableFaceAddsItsDeclarations() throws {
        var block = try WebFixtures.block(.extraLarge, .regular)
        let index = try #require(block.styles.firstIndex { $0.definition.style == .body })
        block.styles[index] = Self.obliqueCondensedVariable(block.styles[index])
        let sheet = try ParsedStyleSheet(StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: nil))
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        #expect(root.value(of: "--fontd-body-font-style") == [.ident("oblique")])
        #expect(root.value(of: "--fontd-body-font-stretch") == [.percentage(87.5, representation: "87.5")])
        #expect(
            root.value(of: "--fontd-body-font-variation-settings") == [
                .string("opsz"), .whitespace, .number(19, representation: "19"), .comma, .whitespace,
                .string("wght"), .whitespace, .number(400, representation: "400"),
            ])
        #expect(root.value(of: "--fontd-body-font")?.prefix(2) == [.ident("oblique"), .whitespace])
        let rule = try #require(sheet.rules(withPrelude: [.delim("."), .ident("fontd-body")]).first)
        #expect(rule.declarations.map(\.name) == ["font", "letter-spacing", "font-stretch", "font-variation-settings"])
        #expect(
            rule.value(of: "font-stretch") == [
                .function("var"), .ident("--fontd-body-font-stretch"), .comma, .whitespace, .ident("normal"), .closeParenthesis,
            ])
        let face = try #require(sheet.fontFaceRules.first { $0.value(of: "font-style") == [.ident("oblique")] })
        #expect(face.value(of: "font-stretch") == [.percentage(87.5, representation: "87.5")])

        // Only the style whose face needs them gets them.
        #expect(root.value(of: "--fontd-headline-font-style") == nil)
        #expect(root.value(of: "--fontd-headline-font-stretch") == nil)
        let headline = try #require(sheet.rules(withPrelude: [.delim("."), .ident("fontd-headline")]).first)
        #expect(headline.declarations.map(\.name) == ["font", "letter-spacing"])
    }

    @Test func italicFaceStartsTheShorthandWithItalic() throws {
        var block = try WebFixtures.block(.large, .regular)
        block.styles[0].font.matchedFace.slant = .italic
        let name = block.styles[0].definition.style.cssName
        let root = try #require(
            try ParsedStyleSheet(StyleSheet.css(table: "t", block: block, prefix: .standard, fontFileBase: nil))
                .rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        #expect(root.value(of: "--fontd-\(name)-font-style") == [.ident("italic")])
        #expect(root.value(of: "--fontd-\(name)-font")?.first == .ident("italic"))
        #expect(root.value(of: "--fontd-\(name)-font-stretch") == nil)
    }

    @Test func variableFaceWritesItsOwnVariations() throws {
        let definition = try WebFixtures.table.definition(of: .body)
        let font = try VariableFonts.resolver.resolve(FontRequest(style: .body, category: .extraLarge, families: ["Roboto Flex"]))
        try #require(font.matchedFace.family == "Roboto Flex")
        let variations = try #require(font.variations).sorted { $0.key < $1.key }
        try #require(!variations.isEmpty)
        let block = WebBlock(category: .extraLarge, legibilityWeight: .regular, styles: [try WebFixtures.webStyle(definition, font)])
        let sheet = try ParsedStyleSheet(StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: nil))
        let root = try #require(sheet.rules(withPrelude: ParsedStyleSheet.rootPrelude).first)
        let settings = try #require(root.value(of: "--fontd-body-font-variation-settings"))
        let pairs = settings.split(separator: .comma).map { Array($0.filter { $0 != .whitespace }) }
        #expect(pairs.count == variations.count)
        for (pair, (tag, value)) in zip(pairs, variations) {
            #expect(pair.first == .string(tag))
            #expect(Self.number(Array(pair.dropFirst())) == value, "\(tag)")
        }
        #expect(root.value(of: "--fontd-body-font-family")?.first == .string("Roboto Flex"))
        let rule = try #require(sheet.rules(withPrelude: [.delim("."), .ident("fontd-body")]).first)
        #expect(rule.declarations.map(\.name).contains("font-variation-settings"))
    }
}

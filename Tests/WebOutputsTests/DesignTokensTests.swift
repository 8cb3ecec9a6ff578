import DynamicType
import Testing
import WebOutputs

@Suite struct DesignTokensTests {
    static let everyCategory = WebFixtures.everyCategory.map { Selection(category: $0.0, legibility: $0.1) }

    struct Selection: Sendable, CustomTestStringConvertible {
        var category: ContentSizeCategory
        var legibility: LegibilityWeight
        var testDescription: String { "\(category.rawValue) \(legibility.rawValue)" }
    }

    @Test(arguments: everyCategory)
    func tokensAreValidDTCGAndCarryTheResolvedNumbers(_ selection: Selection) throws {
        let block = try WebFixtures.block(selection.category, selection.legibility)
        let document = try JSONDocument(parsing: try DesignTokens.document(table: "default", block: block))
        #expect(DTCGValidator.problems(in: document) == [])

        let tokens = DTCGValidator.tokens(in: document)
        #expect(tokens.map(\.path) == block.styles.map { ["default", $0.definition.style.rawValue] })
        for (token, style) in zip(tokens, block.styles) {
            let face = style.font.matchedFace
            guard case .object(let value)? = token.member("$value"),
                case .object(let size)? = value.first(where: { $0.key == "fontSize" })?.value,
                case .number(let fontSize)? = size.first(where: { $0.key == "value" })?.value,
                case .number(let lineHeight)? = value.first(where: { $0.key == "lineHeight" })?.value,
                case .number(let weight)? = value.first(where: { $0.key == "fontWeight" })?.value,
                case .object(let spacing)? = value.first(where: { $0.key == "letterSpacing" })?.value,
                case .number(let tracking)? = spacing.first(where: { $0.key == "value" })?.value,
                case .array(let families)? = value.first(where: { $0.key == "fontFamily" })?.value
            else {
                Issue.record("\(token.path): $value is not as expected")
                continue
            }
            #expect(fontSize == RoundedNumber(face.pointSize).value)
            // An em value, within a thousandth of an em.
            #expect(lineHeight == RoundedNumber(style.font.metrics.lineHeight / face.pointSize).value, "\(token.path)")
            #expect(abs(lineHeight * fontSize - style.font.metrics.lineHeight) < RoundedNumber.tolerance * fontSize, "\(token.path)")
            #expect(weight == face.weight.rawValue)
            #expect(tracking == RoundedNumber(style.font.metrics.tracking).value)
            #expect(families == [.string(face.family), .string("sans-serif")])
            #expect(value.map(\.key) == DTCGValidator.typographyKeys)

            guard case .object(let extensions)? = token.member("$extensions"),
                case .object(let fontd)? = extensions.first(where: { $0.key == "org.fontd" })?.value
            else {
                Issue.record("\(token.path): no org.fontd extension")
                continue
            }
            #expect(
                fontd.map(\.key) == ["category", "legibilityWeight", "file", "ascender", "descender", "capHeight", "xHeight", "leading"])
            #expect(fontd.first { $0.key == "category" }?.value == .string(selection.category.rawValue))
            #expect(fontd.first { $0.key == "legibilityWeight" }?.value == .string(selection.legibility.rawValue))
            #expect(fontd.first { $0.key == "file" }?.value == .string(face.file))
            #expect(fontd.first { $0.key == "leading" }?.value == .number(style.font.metrics.writtenLeading))
            #expect(abs(style.font.metrics.writtenLeading - style.font.metrics.leading) < 2 * RoundedNumber.tolerance)
        }
    }

    @Test func bodyAtExtraLargeIsTheDesignExample() throws {
        let bytes = try DesignTokens.document(table: "default", block: try WebFixtures.block(.extraLarge, .regular))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        let body = try #require(DTCGValidator.tokens(in: try JSONDocument(parsing: bytes)).first { $0.path == ["default", "body"] })
        #expect(
            body.member("$value")
                == .object([
                    .init(key: "fontFamily", value: .array([.string("DejaVu Sans"), .string("sans-serif")])),
                    .init(
                        key: "fontSize",
                        value: .object([.init(key: "value", value: .number(19)), .init(key: "unit", value: .string("px"))])),
                    .init(key: "fontWeight", value: .number(400)),
                    .init(
                        key: "letterSpacing",
                        value: .object([.init(key: "value", value: .number(-0.46)), .init(key: "unit", value: .string("px"))])),
                    .init(key: "lineHeight", value: .number(RoundedNumber(24.0 / 19.0).value)),
                ]))
        #expect(text.contains("\"lineHeight\": 1.263\n"), "24 / 19 within a thousandth of an em")
    }

    @Test(arguments: [
        ("default", "a.b", "default", "a%2Eb"), ("default", "$body", "default", "%24body"), ("default", "{body}", "default", "%7Bbody%7D"),
        ("default", "b}", "default", "b%7D"), ("my.table", "lede", "my%2Etable", "lede"), ("$table", "lede", "%24table", "lede"),
        ("{x", "a$b", "%7Bx", "a$b"), ("100%", "lede", "100%25", "lede"),
    ])
    func namesTheFormatForbidsArePercentEscaped(_ table: String, _ style: String, _ group: String, _ token: String) throws {
        var block = try WebFixtures.block(.large, .regular)
        block.styles[0].definition.style = TextStyle(style)
        let document = try JSONDocument(parsing: try DesignTokens.document(table: table, block: block))
        #expect(DTCGValidator.problems(in: document) == [])
        #expect(DTCGValidator.tokens(in: document).first?.path == [group, token])
        // The description still names the table as it is.
        guard case .object(let root) = document, case .object(let members)? = root.first?.value,
            case .string(let description)? = members.first(where: { $0.key == "$description" })?.value
        else {
            Issue.record("no $description in \(document)")
            return
        }
        #expect(description.contains("\"\(table)\""), "\(description)")
    }

    @Test func escapingKeepsDifferentNamesDifferent() {
        let names = ["a.b", "a%2Eb", "a%252Eb", "$a", "%24a", "a$"]
        #expect(Set(names.map(DesignTokens.tokenName)).count == names.count)
    }

    @Test func repeatedStyleNameIsRefused() throws {
        var block = try WebFixtures.block(.large, .regular)
        block.styles[1].definition.style = block.styles[0].definition.style
        #expect(
            throws: WebOutputsError.invalidTokenName(
                block.styles[0].definition.style.rawValue,
                reason: "two styles have this name, and a group names each token once")
        ) {
            try DesignTokens.document(table: "default", block: block)
        }
    }

    @Test func hostileButAllowedNamesAreEscapedJSON() throws {
        var block = try WebFixtures.block(.large, .regular)
        block.styles[0].definition.style = TextStyle("a\"b\\c\nd")
        block.styles[0].font.matchedFace.family = StyleSheetTests.hostileFamily
        let document = try JSONDocument(parsing: try DesignTokens.document(table: "t \"q\" */", block: block))
        #expect(DTCGValidator.problems(in: document) == [])
        let token = try #require(DTCGValidator.tokens(in: document).first)
        #expect(token.path == ["t \"q\" */", "a\"b\\c\nd"])
    }

    /// The validator must be able to say no, or the tests above prove nothing.
    @Test func validatorRejectsWhatTheFormatForbids() throws {
        let bad = try JSONDocument(
            parsing: Array(
                """
                {"t": {"$description": "d", "a.b": {"$type": "typography", "$value": {"fontFamily": [], "fontSize": {"value": "19", "unit": "pt"},
                  "fontWeight": 1001, "letterSpacing": 0, "lineHeight": "24px", "fontStyle": "italic"}},
                 "ok": {"$type": "typography", "$value": {"fontFamily": "X", "fontSize": {"value": 1, "unit": "rem"}, "fontWeight": "bold",
                  "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.5}, "$extensions": []},
                 "$bogus": 1, "leaf": 3}}
                """.utf8))
        let problems = DTCGValidator.problems(in: bad)
        for expected in [
            "a.b' breaks §5.1.1", "not exactly", "fontFamily: not a font name", "fontSize: value is not a number",
            "fontSize: unit is not px or rem", "fontWeight: not a weight", "letterSpacing: not a {value, unit}",
            "lineHeight: a string, not a number", "ok: $extensions is not an object", "'$bogus' is not a group property",
            "t/leaf: a number is neither",
        ] {
            #expect(problems.contains { $0.contains(expected) }, "missing \(expected) in \(problems)")
        }
        #expect(problems.count == 11, "\(problems)")
    }
}

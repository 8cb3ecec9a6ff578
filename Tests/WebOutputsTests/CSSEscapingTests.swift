import Testing
import WebOutputs

@Suite struct CSSEscapingTests {
    @Test(arguments: [
        ("body", "body"), ("1a", "\\31 a"), ("-1a", "-\\31 a"), ("-", "\\-"), ("--", "--"), ("-a", "-a"),
        ("_x9", "_x9"), ("a b", "a\\ b"), ("a{b}", "a\\{b\\}"), ("a.b", "a\\.b"), ("é中🙂", "é中🙂"),
        ("a\u{01}b", "a\\1 b"), ("\u{1F}", "\\1f "), ("a\u{7F}", "a\\7f "), ("\u{00}x", "\u{FFFD}x"), ("a\nb", "a\\a b"),
        ("a\"b'c", "a\\\"b\\'c"), ("", ""),
    ])
    func identifierIsSerializedAsCSSOMSays(_ text: String, _ expected: String) {
        #expect(CSSEscaping.identifier(text) == expected)
    }

    @Test(arguments: [
        ("DejaVu Sans", "\"DejaVu Sans\""), ("a\"b", "\"a\\\"b\""), ("a\\b", "\"a\\\\b\""), ("a\nb", "\"a\\a b\""),
        ("a\r\n", "\"a\\d \\a \""), ("\u{00}", "\"\u{FFFD}\""), ("\u{7F}", "\"\\7f \""), ("it's", "\"it's\""),
        ("é 中", "\"é 中\""), ("", "\"\""),
    ])
    func stringIsSerializedAsCSSOMSays(_ text: String, _ expected: String) {
        #expect(CSSEscaping.string(text) == expected)
    }

    static let hostileTexts = [
        #"x"; } body { color: red"#, "a\\", "\\", "line\nbreak", "tab\tand\u{0B}vt", "\u{1}\u{1F}\u{7F}", "1st", "-2nd", "-",
        "url(x)", "*/", "a b{c}d;e:f", "é", "\u{FFFD}", "a\u{00}b",
    ]

    /// What a browser reads back: the text itself, NUL aside (CSS Syntax §3.3 makes it U+FFFD).
    static func readBack(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{00}" ? "\u{FFFD}" : $0 }))
    }

    @Test(arguments: hostileTexts)
    func stringReadsBackAsOneStringToken(_ text: String) {
        #expect(CSSTokenizer.tokens(of: CSSEscaping.string(text)) == [.string(Self.readBack(text))])
    }

    @Test(arguments: hostileTexts.filter { !$0.isEmpty })
    func identifierReadsBackAsOneIdentToken(_ text: String) {
        #expect(CSSTokenizer.tokens(of: CSSEscaping.identifier(text)) == [.ident(Self.readBack(text))])
        // Inside a longer name, as the stylesheet uses it.
        #expect(
            CSSTokenizer.tokens(of: "--" + CSSEscaping.identifier("fontd-\(text)-font")) == [.ident("--fontd-\(Self.readBack(text))-font")])
    }

    @Test(arguments: [
        ("a*/b", "a* /b"), ("**/", "** /"), ("*/*/", "* /* /"), ("a/*b", "a/*b"), ("a\nb\r\u{0}", "a\u{FFFD}b\u{FFFD}\u{FFFD}"),
        ("\u{2028}\u{85}", "\u{FFFD}\u{FFFD}"), ("plain", "plain"),
    ])
    func commentCannotBeEndedOrBroken(_ text: String, _ expected: String) {
        #expect(CSSEscaping.comment(text) == expected)
    }

    @Test(arguments: hostileTexts + ["*/ body { color: red } /*", "*", "/", "**//"])
    func commentTextStaysOneComment(_ text: String) {
        let tokens = CSSTokenizer.tokens(of: "/* \(CSSEscaping.comment(text)) */")
        #expect(tokens.count == 1)
        guard case .comment(let read) = tokens.first else { return #expect(Bool(false), "not a comment: \(tokens)") }
        #expect(!read.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" })
    }
}

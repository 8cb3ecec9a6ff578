import Testing
import WebOutputs

@Suite struct CSSPrefixTests {
    @Test(arguments: ["fontd", "a", "my-app", "x1-2", "a-", String(repeating: "z", count: 32)])
    func prefixOfTheAllowedFormIsAccepted(_ text: String) throws {
        #expect(try #require(CSSPrefix(text)).rawValue == text)
    }

    @Test(arguments: ["", "1a", "-a", "A", "aB", "a_b", "a b", "é", "a.b", "a\n", String(repeating: "z", count: 33)])
    func prefixOutsideTheAllowedFormIsRefused(_ text: String) {
        #expect(CSSPrefix(text) == nil)
    }

    @Test func standardPrefixIsFontd() {
        #expect(CSSPrefix.standard.rawValue == "fontd")
        #expect(CSSPrefix.standard == CSSPrefix("fontd"))
        #expect(CSSPrefix.allowedForm == "[a-z][a-z0-9-]{0,31}")
    }
}

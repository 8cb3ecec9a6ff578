import DynamicType
import Testing

@Suite struct JSONDocumentTests {
    @Test func parsesEveryKindKeepingMemberOrderAndDuplicates() throws {
        let document = try JSONDocument(
            parsing: Array(#" {"b": [1, -2.5e3, 0.25], "a": "x\u00e9\ud83d\ude00\n", "b": null, "t": true, "f": false} "#.utf8))
        #expect(
            document
                == .object([
                    .init(key: "b", value: .array([.number(1), .number(-2500), .number(0.25)])),
                    .init(key: "a", value: .string("xé😀\n")),
                    .init(key: "b", value: .null),
                    .init(key: "t", value: .bool(true)),
                    .init(key: "f", value: .bool(false)),
                ]))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "-", "1e", "NaN", "Infinity", "1e999", "\"\\x\"",
        "\"\\u12g4\"", "\"\\u+123\"", "\"\\ud800\"", "\"a\nb\"", "{\"a\" 1}", "[1 2]", "tru", "nul", "{} {}", "'a'",
    ])
    func refusesWhatRFC8259Refuses(_ text: String) {
        #expect(throws: JSONDocument.SyntaxError.self) { try JSONDocument(parsing: Array(text.utf8)) }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONDocument.SyntaxError.self) { try JSONDocument(parsing: [0x22, 0xFF, 0x22]) }
    }

    @Test func refusesHostileNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONDocument.SyntaxError.self) { try JSONDocument(parsing: Array(deep.utf8)) }
    }

    @Test func errorsSayWhere() {
        let error = #expect(throws: JSONDocument.SyntaxError.self) { try JSONDocument(parsing: Array("{\n  \"a\": tru\n}".utf8)) }
        #expect(error?.line == 2)
        #expect(error?.column == 8)
    }
}

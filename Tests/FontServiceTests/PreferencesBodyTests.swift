import DynamicType
@testable import FontService
import Testing

/// A `PUT /preferences` or `PUT /category` body is read strictly, and every refusal says what to send.
@Suite struct PreferencesBodyTests {
    static let fields = ["category", "legibilityWeight"]
    static let example = #"{"category": "xl"} or {"legibilityWeight": "bold"}"#

    static func read(_ body: String, path: String = "/preferences", fields: [String] = fields) throws(FontServiceError) -> PreferencesUpdate {
        try PreferencesUpdate(body: Array(body.utf8), path: path, fields: fields, example: example)
    }

    @Test func presentFieldsAreReadAndAbsentOnesLeftAlone() throws {
        #expect(try Self.read(#"{"category": "extraLarge"}"#) == PreferencesUpdate(category: .extraLarge))
        #expect(try Self.read(#"{"legibilityWeight": "BOLD"}"#) == PreferencesUpdate(legibilityWeight: .bold))
        #expect(try Self.read(#"{"legibilityWeight": "bold", "category": "s"}"#) == PreferencesUpdate(category: .small, legibilityWeight: .bold))
    }

    @Test(arguments: [
        ("", "/preferences", "it is empty; send \(example)"),
        ("[]", "/preferences", "expected a JSON object such as \(example)"),
        ("{}", "/preferences", "expected a JSON object such as \(example)"),
        (#"{"category": "xl", "colour": "red"}"#, "/preferences", "unknown field 'colour'; /preferences takes category and legibilityWeight"),
        (#"{"legibilityWeight": "bold"}"#, "/category", "unknown field 'legibilityWeight'; /category takes category"),
        (#"{"category": "xl", "category": "s"}"#, "/preferences", "'category' appears twice"),
        (#"{"category": 17}"#, "/preferences", "'category' must be a string, not a number"),
        (#"{"category": null}"#, "/preferences", "'category' must be a string, not null"),
    ])
    func aBadBodyIsRefusedWithTheReason(_ body: String, _ path: String, _ reason: String) {
        let fields = path == "/category" ? ["category"] : Self.fields
        let error = #expect(throws: FontServiceError.self) { try Self.read(body, path: path, fields: fields) }
        guard case .invalidBody(let said)? = error else {
            Issue.record("expected invalidBody, got \(String(describing: error))")
            return
        }
        #expect(said == reason)
    }

    @Test func textThatIsNotJSONIsRefusedWithTheWhere() throws {
        let error = #expect(throws: FontServiceError.self) { try Self.read("category=xl") }
        guard case .invalidBody(let said)? = error else { return }
        #expect(said.hasPrefix("it is not JSON (line 1, column 1: ") && said.hasSuffix("); send \(Self.example)"), "\(said)")
    }

    @Test func anUnknownNameIsTheValueError() throws {
        let error = #expect(throws: FontServiceError.self) { try Self.read(#"{"category": "huge"}"#) }
        guard case .invalidValue(.unknownCategory(let name, _))? = error else {
            Issue.record("expected unknownCategory, got \(String(describing: error))")
            return
        }
        #expect(name == "huge")
    }
}

import DynamicType
import ScopedPreferences
import Testing

@testable import FontService

/// A `PUT /preferences` or `PUT /category` body (`ScopeUpdate`) is read strictly, and every
/// refusal says what to send.
@Suite struct PreferencesBodyTests {
    static let fields = ReaderPreference.allCases
    static let example = #"{"category": "xl"}, {"legibilityWeight": "bold"} or {"textSpacing": "wcag"}"#
    typealias Settings = (category: Setting<ContentSizeCategory>, legibilityWeight: Setting<LegibilityWeight>)

    /// A setting as typed values, so the expectations name `.extraLarge` rather than `"xl"`.
    enum Setting<Value: ReaderValue>: Equatable {
        case keep
        case set(Value)
        case clear

        init(_ setting: ScopeTree.Setting) {
            switch setting {
            case .keep: self = .keep
            case .clear: self = .clear
            case .set(let raw): self = Value(rawValue: raw).map { .set($0) } ?? .keep
            }
        }
    }

    static func read(
        _ body: String, path: String = "/preferences", fields: [ReaderPreference] = fields, scope: PreferenceScope = .root
    ) throws(FontServiceError) -> Settings {
        let update = try ScopeUpdate(body: Array(body.utf8), path: path, fields: fields, example: example, scope: scope)
        return (Setting(update.settings[.category]), Setting(update.settings[.legibilityWeight]))
    }

    @Test func presentFieldsAreReadAndAbsentOnesLeftAlone() throws {
        #expect(try Self.read(#"{"category": "extraLarge"}"#) == (.set(.extraLarge), .keep))
        #expect(try Self.read(#"{"legibilityWeight": "BOLD"}"#) == (.keep, .set(.bold)))
        #expect(try Self.read(#"{"legibilityWeight": "bold", "category": "s"}"#) == (.set(.small), .set(.bold)))
    }

    @Test func textSpacingIsReadClearedAndItsUnknownNamesRefused() throws {
        let read = { (body: String, scope: PreferenceScope) throws(FontServiceError) in
            Setting<TextSpacing>(
                try ScopeUpdate(body: Array(body.utf8), path: "/preferences", fields: Self.fields, example: Self.example, scope: scope)
                    .settings[.textSpacing])
        }
        #expect(try read(#"{"textSpacing": "WCAG"}"#, .root) == .set(.wcag))
        #expect(try read(#"{"category": "xl"}"#, .root) == .keep)
        #expect(try read(#"{"textSpacing": null}"#, try PreferenceScope(parsing: "alice")) == .clear)
        let error = #expect(throws: FontServiceError.self) { try read(#"{"textSpacing": "double"}"#, .root) }
        guard case .invalidValue(let underlying)? = error else { return }
        #expect(underlying == .unknownTextSpacing("double", allowed: ["default", "wcag"]))
        #expect(underlying.description == "Unknown text spacing 'double'; use one of: default, wcag.")
    }

    @Test func nullClearsAScopesOwnValueAndIsRefusedOnTheRoot() throws {
        let alice = try PreferenceScope(parsing: "alice")
        #expect(try Self.read(#"{"category": null, "legibilityWeight": "bold"}"#, scope: alice) == (.clear, .set(.bold)))
        let error = #expect(throws: FontServiceError.self) { try Self.read(#"{"category": null}"#) }
        guard case .invalidBody(let said)? = error else { return }
        #expect(said.contains("the root scope inherits from nothing"), "\(said)")
    }

    @Test(arguments: [
        ("", "/preferences", "it is empty; send \(example)"),
        ("[]", "/preferences", "expected a JSON object such as \(example)"),
        ("{}", "/preferences", "expected a JSON object such as \(example)"),
        (
            #"{"category": "xl", "colour": "red"}"#, "/preferences",
            "unknown field 'colour'; /preferences takes category, legibilityWeight, textSpacing, readingFont, minimumCategory and maximumCategory"
        ),
        (#"{"legibilityWeight": "bold"}"#, "/category", "unknown field 'legibilityWeight'; /category takes category"),
        (#"{"category": "xl", "category": "s"}"#, "/preferences", "'category' appears twice"),
        (#"{"category": 17}"#, "/preferences", "'category' must be a string, not a number"),
        (#"{"category": true}"#, "/preferences", "'category' must be a string, not true or false"),
    ])
    func aBadBodyIsRefusedWithTheReason(_ body: String, _ path: String, _ reason: String) {
        let fields = path == "/category" ? [.category] : Self.fields
        let error = #expect(throws: FontServiceError.self) { try Self.read(body, path: path, fields: fields) }
        #expect(error?.code == .invalidBody, "\(String(describing: error))")
        #expect(error?.description == "Invalid request body: \(reason).")
    }

    @Test(arguments: [
        (#"{"categroy": "xl"}"#, "/category", [ReaderPreference.category], "category"),
        (#"{"legibility": "bold"}"#, "/preferences", fields, "legibilityWeight"),
        (#"{"textspacing": "wcag"}"#, "/preferences", fields, "textSpacing"),
    ])
    func aMisspeltFieldIsOfferedTheFieldMeant(_ body: String, _ path: String, _ fields: [ReaderPreference], _ meant: String) {
        let error = #expect(throws: FontServiceError.self) { try Self.read(body, path: path, fields: fields) }
        let field = body.split(separator: "\"")[1]
        #expect(
            error?.description
                == "Invalid request body: unknown field '\(field)'; \(path) takes \(fields.map(\.wireName).listed("and")). Did you mean '\(meant)'?"
        )
        #expect(error?.suggestion == meant)
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

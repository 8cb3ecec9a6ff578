import DynamicType
import Foundation
import Testing

/// `PUT /preferences`' body is a `PerPreference<String?>`: only the fields set are written, in the list's order, and
/// read back the same; an absent field is nil, `null` and unknown names are refused.
@Suite struct PreferencesPutBodyTests {
    static func encoded(_ body: PerPreference<String?>) throws -> String {
        String(decoding: try OrderedJSONEncoder().encode(body), as: UTF8.self)
    }

    static func decoded(_ json: String) throws -> PerPreference<String?> {
        try JSONDecoder().decode(PerPreference<String?>.self, from: Data(json.utf8))
    }

    @Test func aBodyRoundTripsWithOnlyItsSetFieldsInTheListsOrder() throws {
        var body = PerPreference<String?>(repeating: nil)
        body[.readingFont] = "OpenDyslexic"
        body[.textSpacing] = "wcag"
        body[.category] = "xl"
        let json = try Self.encoded(body)
        #expect(json == #"{"category":"xl","textSpacing":"wcag","readingFont":"OpenDyslexic"}"#)
        #expect(try Self.decoded(json) == body)
        #expect(try Self.encoded(PerPreference<String?>(repeating: nil)) == "{}")
    }

    @Test(arguments: ReaderPreference.allCases)
    func everyPreferenceRoundTripsAlone(_ preference: ReaderPreference) throws {
        var body = PerPreference<String?>(repeating: nil)
        body[preference] = try #require(preference.declaration.allowedValues.last ?? "Atkinson Hyperlegible")
        let decoded = try Self.decoded(try Self.encoded(body))
        #expect(decoded == body)
        #expect(decoded.preferences { $0 != nil } == [preference])
    }

    @Test func theTypedInitializerAndAccessorsNameTheValues() throws {
        let body = PerPreference<String?>(category: .extraLarge, legibilityWeight: .bold)
        #expect(body.category == .extraLarge)
        #expect(body.legibilityWeight == .bold)
        #expect(body.textSpacing == nil)
        #expect(try Self.encoded(body) == #"{"category":"xl","legibilityWeight":"bold"}"#)
        #expect(
            try Self.decoded(#"{"textSpacing": "WCAG", "category": "extraLarge"}"#)
                == PerPreference(category: .extraLarge, textSpacing: .wcag))
    }

    @Test func nullIsRefusedAndAnAbsentFieldIsLeftAsItIs() throws {
        #expect(throws: DecodingError.self) { try Self.decoded(#"{"category": null}"#) }
        #expect(try Self.decoded(#"{"legibilityWeight": "regular"}"#)[.category] == nil)
    }

    @Test func anUnknownNameIsRefusedWithTheValueError() throws {
        let error = try #require(throws: DecodingError.self) { try Self.decoded(#"{"textSpacing": "double"}"#) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.underlyingError as? DynamicTypeError == .unknownTextSpacing("double", allowed: ["default", "wcag"]))
        #expect(context.codingPath.map(\.stringValue) == ["textSpacing"])
    }
}

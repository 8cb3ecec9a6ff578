import DynamicType
import Foundation
import Testing

/// `Preferences`' wire form (docs/DESIGN.md §10 (Reader preferences)): written once over the declaration,
/// byte for byte what the hand-written form was.
@Suite struct PreferencesWireFormTests {
    static let root = Preferences(
        category: .extraLarge, legibilityWeight: .bold, textSpacing: .wcag, sequence: 12, fontGeneration: "3",
        readingFont: "OpenDyslexic")
    static let rootWire =
        #"{"category":"xl","legibilityWeight":"bold","textSpacing":"wcag","readingFont":"OpenDyslexic","sequence":12,"fontGeneration":"3"}"#

    static let scope = Preferences(
        scope: "alice/phone", category: .extraExtraLarge, legibilityWeight: .bold, textSpacing: .wcag, sequence: 57,
        fontGeneration: "3", inherited: ["legibilityWeight", "textSpacing", "readingFont"], readingFont: "Atkinson Hyperlegible",
        requestedCategory: .accessibilityMedium, minimumCategory: .large, maximumCategory: .extraExtraLarge)
    static let scopeWire =
        #"{"scope":"alice/phone","category":"xxl","requestedCategory":"ax1","legibilityWeight":"bold","textSpacing":"wcag","#
        + #""readingFont":"Atkinson Hyperlegible","minimumCategory":"l","maximumCategory":"xxl","sequence":57,"fontGeneration":"3","#
        + #""inherited":["legibilityWeight","textSpacing","readingFont"]}"#

    @Test(arguments: [(root, rootWire), (scope, scopeWire)])
    func everyPreferenceSetRoundTripsByteForByte(preferences: Preferences, wire: String) throws {
        #expect(try OrderedJSONEncoder().string(preferences) == wire)
        let decoded = try JSONDecoder().decode(Preferences.self, from: Data(wire.utf8))
        #expect(decoded == preferences)
        #expect(try OrderedJSONEncoder().string(decoded) == wire)
    }

    @Test func theTypedFieldsReadBackWhatTheyWereGiven() throws {
        let decoded = try JSONDecoder().decode(Preferences.self, from: Data(Self.scopeWire.utf8))
        #expect(decoded.scope == "alice/phone")
        #expect(decoded.category == .extraExtraLarge)
        #expect(decoded.requestedCategory == .accessibilityMedium)
        #expect(decoded.legibilityWeight == .bold)
        #expect(decoded.textSpacing == .wcag)
        #expect(decoded.readingFont == "Atkinson Hyperlegible")
        #expect(decoded.minimumCategory == .large)
        #expect(decoded.maximumCategory == .extraExtraLarge)
        #expect(decoded.sequence == 57)
        #expect(decoded.fontGeneration == "3")
        #expect(decoded.inherited == ["legibilityWeight", "textSpacing", "readingFont"])
        // The reader's own values: the category before the bounds clamped it.
        #expect(decoded.values[.category] == "ax1")
        #expect(decoded.values[.readingFont] == "Atkinson Hyperlegible")
    }

    /// An older server leaves out what it did not have; a bound or reading font of none is left out too.
    @Test func anAbsentFieldReadsAsItsInitialValueUnlessEveryAnswerHasIt() throws {
        let older = try JSONDecoder().decode(
            Preferences.self, from: Data(#"{"category":"s","legibilityWeight":"regular","sequence":3}"#.utf8))
        #expect(older == Preferences(category: .small, legibilityWeight: .regular, textSpacing: .default, sequence: 3))
        let nulls = try JSONDecoder().decode(
            Preferences.self,
            from: Data(#"{"category":"s","legibilityWeight":"regular","readingFont":null,"minimumCategory":null,"sequence":3}"#.utf8))
        #expect(nulls == older)
        for missing in [#"{"legibilityWeight":"regular","sequence":3}"#, #"{"category":"s","sequence":3}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Preferences.self, from: Data(missing.utf8)) }
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Preferences.self, from: Data(#"{"category":"s","legibilityWeight":"regular","maximumCategory":"huge","sequence":3}"#.utf8))
        }
    }

    @Test func settingATypedFieldChangesOnlyItsOwnValue() {
        var preferences = Self.root
        preferences.minimumCategory = .medium
        preferences.readingFont = nil
        #expect(preferences.values[.minimumCategory] == "m")
        #expect(preferences.values[.readingFont] == "")
        #expect(preferences.values[.category] == "xl")
        #expect(preferences.legibilityWeight == .bold)
    }
}

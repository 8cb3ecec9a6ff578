import DynamicType
import Foundation
import Testing

@Suite struct SymbolicTraitsTests {
    @Test func namesComeInCanonicalOrderWhateverTheInputOrder() throws {
        let traits = try SymbolicTraits(parsing: "looseLeading,Italic,BOLD,monospace")
        #expect(traits.names == ["bold", "italic", "monospace", "looseLeading"])
        #expect(try SymbolicTraits(parsing: "italic,bold") == SymbolicTraits(parsing: "bold,italic"))
    }

    @Test func encodesAsAnArrayOfNamesAndRoundTrips() throws {
        let traits: SymbolicTraits = [.italic, .bold, .condensed]
        let json = try OrderedJSONEncoder().string(traits)
        #expect(json == #"["bold","italic","condensed"]"#)
        #expect(try JSONDecoder().decode(SymbolicTraits.self, from: Data(json.utf8)) == traits)
        #expect(try OrderedJSONEncoder().string(SymbolicTraits()) == "[]")
    }

    @Test func emptyListIsNoTraits() throws {
        #expect(try SymbolicTraits(parsing: "") == [])
    }

    @Test func unknownTraitIsRefusedWithTheAllowedNames() {
        #expect(throws: DynamicTypeError.unknownTrait("wide", allowed: SymbolicTraits.named.map(\.name))) {
            try SymbolicTraits(parsing: "bold,wide")
        }
        #expect(throws: DynamicTypeError.unknownTrait("", allowed: SymbolicTraits.named.map(\.name))) {
            try SymbolicTraits(parsing: "bold,")
        }
    }

    @Test func repeatedTraitIsRefused() {
        #expect(throws: DynamicTypeError.duplicateTrait("bold")) { try SymbolicTraits(parsing: "bold,italic,Bold") }
    }

    @Test(arguments: [("condensed,expanded", "condensed", "expanded"), ("looseLeading,tightLeading", "tightLeading", "looseLeading")])
    func conflictingTraitsAreRefused(list: String, first: String, second: String) {
        #expect(throws: DynamicTypeError.conflictingTraits(first, second)) { try SymbolicTraits(parsing: list) }
    }

    @Test func decodingRefusesWhatParsingRefuses() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SymbolicTraits.self, from: Data(#"["condensed","expanded"]"#.utf8))
        }
    }
}

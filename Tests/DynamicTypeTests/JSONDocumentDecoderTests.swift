import DynamicType
import Testing

/// The one strict path for JSON input: document order, no repeated members, unknown members
/// refused or skipped by mode, absent told from null, integers exact, and every error located.
@Suite struct JSONDocumentDecoderTests {
    struct Table: Decodable, Equatable {
        var styles: [Style]
    }

    struct Style: Decodable, Equatable {
        var sizes: [String: Cell]
    }

    struct Cell: Decodable, Equatable {
        var size: Double
    }

    struct Pair: Decodable, Equatable {
        enum CodingKeys: String, CodingKey, CaseIterable { case first, second }
        var first: Int
        var second: String?
    }

    /// What a member was: absent, `null`, or a string.
    enum Field: Equatable {
        case absent, null
        case text(String)
    }

    struct Presence: Decodable {
        enum CodingKeys: String, CodingKey { case field }
        var field: Field

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if !container.contains(.field) {
                field = .absent
            } else if try container.decodeNil(forKey: .field) {
                field = .null
            } else {
                field = .text(try container.decode(String.self, forKey: .field))
            }
        }
    }

    /// The member names in the order `allKeys` lists them.
    struct KeyOrder: Decodable {
        var names: [String]

        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)
        }
    }

    static let strict = JSONDocumentDecoder(mode: .strict)
    static let tolerant = JSONDocumentDecoder(mode: .tolerant)

    func refusal<Value: Decodable>(_ type: Value.Type, _ json: String, _ decoder: JSONDocumentDecoder = strict) -> DecodingError? {
        #expect(throws: DecodingError.self) { try decoder.decode(type, from: Array(json.utf8)) }
    }

    @Test func theErrorPathIsPrintedAsInTheDesign() throws {
        let cell = #"{"size": 1}"#
        let style = #"{"sizes": {"l": \#(cell)}}"#
        let broken = #"{"sizes": {"l": \#(cell), "ax5": {"size": "big"}}}"#
        let json = #"{"styles": [\#(Array(repeating: style, count: 5).joined(separator: ",")), \#(broken)]}"#
        let error = refusal(Table.self, json)
        #expect(error?.pathDescription == "styles[5].sizes.ax5.size")
        #expect(error?.reason == "expected a number, found a string")
        #expect(error?.problem == .wrongType(expected: "a number", found: "a string"))
    }

    @Test func anUnknownMemberIsRefusedWhenStrictAndSkippedWhenTolerant() throws {
        let json = #"{"first": 1, "third": true, "second": "b"}"#
        let error = refusal(Pair.self, json)
        #expect(error?.pathDescription == "third")
        #expect(error?.reason == "unknown field; allowed: first, second")
        #expect(error?.problem == .unknownKey(allowed: ["first", "second"]))
        #expect(try Self.tolerant.decode(Pair.self, from: Array(json.utf8)) == Pair(first: 1, second: "b"))
    }

    @Test(arguments: [JSONDocumentDecoder.Mode.strict, .tolerant])
    func aRepeatedMemberIsRefusedInBothModes(_ mode: JSONDocumentDecoder.Mode) {
        let error = refusal(Pair.self, #"{"first": 1, "second": "a", "second": "b"}"#, JSONDocumentDecoder(mode: mode))
        #expect(error?.pathDescription == "second")
        #expect(error?.reason == "appears twice in one object")
        #expect(error?.problem == .duplicateKey)
        // Even a member the tolerant decoder would skip.
        let skipped = refusal(Pair.self, #"{"first": 1, "extra": 1, "extra": 2}"#, JSONDocumentDecoder(mode: mode))
        #expect(skipped?.problem == (mode == .strict ? .unknownKey(allowed: ["first", "second"]) : .duplicateKey))
    }

    @Test func anAbsentMemberIsToldFromNull() throws {
        let decode = { (json: String) in try Self.strict.decode(Presence.self, from: Array(json.utf8)).field }
        #expect(try decode("{}") == .absent)
        #expect(try decode(#"{"field": null}"#) == .null)
        #expect(try decode(#"{"field": "x"}"#) == .text("x"))
        #expect(try Self.strict.decode(Pair.self, from: Array(#"{"first": 1, "second": null}"#.utf8)) == Pair(first: 1, second: nil))
    }

    @Test func aMissingMemberIsLocatedAtTheMember() {
        let error = refusal(Pair.self, #"{"second": "b"}"#)
        #expect(error?.pathDescription == "first")
        #expect(error?.reason == "required field is missing")
        #expect(error?.problem == .missingKey)
    }

    @Test(arguments: [
        (#"{"first": "1"}"#, "first", "expected a number, found a string"),
        (#"{"first": null}"#, "first", "expected a number, found null"),
        (#"{"first": 1, "second": 2}"#, "second", "expected a string, found a number"),
        (#"{"first": 1, "second": ["b"]}"#, "second", "expected a string, found an array"),
        (#"[1, "b"]"#, "", "expected an object, found an array"),
    ])
    func aWrongTypeIsRefusedNamingBothTypes(_ json: String, _ path: String, _ reason: String) {
        let error = refusal(Pair.self, json)
        #expect(error?.pathDescription == path)
        #expect(error?.reason == reason)
    }

    @Test func integersAreDecodedExactly() throws {
        let decode = { (json: String) in try Self.strict.decode([Int].self, from: Array(json.utf8)) }
        #expect(
            try decode("[0, -7, 1e3, 9007199254740991, -9007199254740991]") == [0, -7, 1000, 9_007_199_254_740_991, -9_007_199_254_740_991])
        #expect(refusal([Int].self, "[1, 1.5]")?.problem == .notWholeNumber(1.5))
        #expect(refusal([Int].self, "[1, 1.5]")?.pathDescription == "[1]")
        // Past 2⁵³ − 1 a JSON number no longer names one integer: 9007199254740993 reads as …992.
        #expect(
            refusal([Int].self, "[9007199254740993]")?.reason
                == "expected a whole number from -9007199254740991 to 9007199254740991, found 9007199254740992")
        #expect(refusal([Int].self, "[1e300]") != nil)
        #expect(refusal([UInt8].self, "[256]")?.reason == "expected a whole number from 0 to 255, found 256")
        #expect(refusal([UInt].self, "[-1]") != nil)
        #expect(try Self.strict.decode([Double].self, from: Array("[0.25, -1e3]".utf8)) == [0.25, -1000])
    }

    @Test func membersAreListedInDocumentOrder() throws {
        let names = try Self.tolerant.decode(KeyOrder.self, from: Array(#"{"zeta": 1, "body": 2, "alpha": 3, "mid": 4}"#.utf8)).names
        #expect(names == ["zeta", "body", "alpha", "mid"])
    }

    @Test func textThatIsNotJSONIsADataCorruptedError() {
        let error = refusal(Pair.self, #"{"first": 1"#)
        guard case .notJSON? = error?.problem else {
            Issue.record("expected notJSON, got \(String(describing: error))")
            return
        }
        #expect(error?.pathDescription == "")
        #expect(error?.reason.hasPrefix("not valid JSON (line 1, column ") == true)
    }
}

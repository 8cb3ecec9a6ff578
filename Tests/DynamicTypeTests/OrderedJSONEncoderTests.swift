import DynamicType
import Foundation
import Testing

@Suite struct OrderedJSONEncoderTests {
    struct Sample: Encodable {
        var zeta = 1.0
        var alpha = 17.64
        var path = "/usr/share/fonts"
        var quote = "a \"b\"\n\u{01}"
        var optional: Double? = nil
        var list = [19.0, -0.46, 1.0 / 3.0]
        var axes = ["wght": 650.0, "opsz": 17.0, "GRAD": 0.0]
    }

    @Test func keysKeepDeclarationOrderAndNumbersStayPlain() throws {
        let json = try OrderedJSONEncoder().string(Sample())
        // A third is written as RoundedNumber writes it: the shortest decimal within a thousandth.
        #expect(
            json
                == #"{"zeta":1,"alpha":17.64,"path":"/usr/share/fonts","quote":"a \"b\"\n\u0001","list":[19,-0.46,0.333],"axes":{"GRAD":0,"opsz":17,"wght":650}}"#
        )
    }

    @Test func outputIsValidJSONThatDecodesToTheSameValues() throws {
        let data = try OrderedJSONEncoder(prettyPrinted: true).encode(Sample())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["alpha"] as? Double == 17.64)
        #expect(object["quote"] as? String == "a \"b\"\n\u{01}")
        #expect(object["optional"] == nil)
    }

    @Test func nonFiniteNumbersAreAnErrorNotInvalidJSON() {
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode([Double.infinity]) }
    }

    @Test func largeAndTinyNumbersReadBackAsWritten() throws {
        let values = [1e20, 1e-7, -123456.789, 0.1 + 0.2, 5.629999999999999]
        let data = try OrderedJSONEncoder().encode(values)
        #expect(String(decoding: data, as: UTF8.self) == "[1e+20,0,-123456.789,0.3,5.63]")
        #expect(try JSONDecoder().decode([Double].self, from: data) == values.map { RoundedNumber($0).value })
    }
}

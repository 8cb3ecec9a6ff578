import DynamicType
import Testing

@Suite struct NumberAndWeightTests {
    @Test(arguments: ["nan", "NaN", "inf", "-inf", "infinity", "0x10", "", " 5", "5 ", "1e999", "five", "0", "1001", "1,5"])
    func weightRefusesWhatIsNotAFiniteNumberInRange(_ text: String) {
        #expect(throws: DynamicTypeError.self) { try FontWeight(parsing: text) }
    }

    @Test(arguments: [
        ("1", 1.0), ("1000", 1000), ("650", 650), ("612.5", 612.5), ("Semibold", 600), ("ultraLight", 200), ("extraBold", 800),
        ("thin", 100),
    ])
    func weightAcceptsNumbersAndNames(text: String, expected: Double) throws {
        #expect(try FontWeight(parsing: text).rawValue == expected)
    }

    @Test func invalidWeightSaysWhatIsAllowed() {
        let error = #expect(throws: DynamicTypeError.self) { try FontWeight(parsing: "0") }
        #expect(error?.code == "invalidNumber")
        #expect(error?.description.contains("'0'") == true)
        #expect(error?.description.contains("from 1 to 1000") == true)
        #expect(error?.description.contains("semibold") == true)
    }

    @Test func maximumPointSizeExcludesZeroAndAllowsOneThousand() throws {
        let range = FontRequest.maximumPointSizeRange
        #expect(throws: DynamicTypeError.self) { try parseNumber("0", parameter: "maximumPointSize", in: range, lowerBoundIncluded: false) }
        #expect(throws: DynamicTypeError.self) {
            try parseNumber("1000.5", parameter: "maximumPointSize", in: range, lowerBoundIncluded: false)
        }
        #expect(try parseNumber("1000", parameter: "maximumPointSize", in: range, lowerBoundIncluded: false) == 1000)
        #expect(try parseNumber("0.5", parameter: "maximumPointSize", in: range, lowerBoundIncluded: false) == 0.5)
    }

    @Test func legibilityWeightParsesWithoutCaseAndRefusesOthers() throws {
        #expect(try LegibilityWeight(parsing: "BOLD") == .bold)
        #expect(throws: DynamicTypeError.unknownLegibilityWeight("heavy", allowed: ["regular", "bold"])) {
            try LegibilityWeight(parsing: "heavy")
        }
    }

    @Test func weightNeverPassesOneThousand() {
        #expect(FontWeight(950).adding(100).rawValue == 1000)
        #expect(FontWeight(600).adding(100).rawValue == 700)
    }
}

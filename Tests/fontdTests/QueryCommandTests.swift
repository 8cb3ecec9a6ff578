import DynamicType
import FontdTestSupport
import Foundation
import OpenTypeTestSupport
import Testing

/// The built `fontd`, run as a user runs it, with only the pinned fonts visible.
@Suite(.ownThread) struct QueryCommandTests {
    func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    @Test func bodyAtExtraLargeAsJSONCarriesTheFontsOwnMetrics() throws {
        let result = try CommandRunner.run(["query", "body", "--category", "xl", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let answer = try json(result)
        let descriptor = try #require(answer["descriptor"] as? [String: Any])
        let metrics = try #require(answer["metrics"] as? [String: Any])
        #expect(answer["style"] as? String == "body")
        #expect(answer["category"] as? String == "xl")
        #expect(descriptor["family"] as? String == "DejaVu Sans")
        #expect(descriptor["pointSize"] as? Double == 19)
        #expect(metrics["lineHeight"] as? Double == 24)
        let file = try #require(descriptor["file"] as? String)
        #expect(FileManager.default.fileExists(atPath: file))

        // The same numbers, read independently from the file's head/hhea/OS/2/post and glyph outlines.
        let tables = try OpenTypeTables(contentsOf: URL(fileURLWithPath: file))
        let expected = try tables.expectedMetrics(pointSize: 19, lineHeight: 24)
        #expect(tables.os2?.usesTypoMetrics == false)
        #expect(metrics["unitsPerEm"] as? Int == tables.unitsPerEm)
        for (name, value) in expected {
            let actual = try #require(metrics[name] as? Double, "\(name) missing")
            #expect(abs(actual - value) < 0.01, "\(name): \(actual) vs \(value)")
        }
    }

    @Test func jsonIsTheSameAnswerTheLibraryGives() throws {
        let result = try CommandRunner.run(["query", "headline", "--category", "accessibilityMedium", "--traits", "italic,bold", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let font = try JSONDecoder().decode(ResolvedFont.self, from: Data(result.standardOutput.utf8))
        #expect(font.category == .accessibilityMedium)
        #expect(font.matchedFace.traits == [.bold, .italic])
        #expect(font.matchedFace.postscriptName == "DejaVuSans-BoldOblique")
        #expect(!result.standardOutput.contains("\\/"))
    }

    @Test func traitNamesMaySitBetweenSpacesAroundTheirCommas() throws {
        let result = try CommandRunner.run(["query", "body", "--traits", " bold, italic ", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let font = try JSONDecoder().decode(ResolvedFont.self, from: Data(result.standardOutput.utf8))
        #expect(font.matchedFace.traits == [.bold, .italic])
    }

    @Test func familyThatIsNotInstalledAnswersWithFallback() throws {
        let missing = try json(try CommandRunner.run(["query", "body", "--family", "No Such Font", "--json"]))
        #expect((missing["descriptor"] as? [String: Any])?["fallback"] as? Bool == true)
        let serif = try json(try CommandRunner.run(["query", "body", "--family", "DejaVu Serif", "--json"]))
        #expect((serif["descriptor"] as? [String: Any])?["fallback"] as? Bool == false)
        #expect((serif["descriptor"] as? [String: Any])?["family"] as? String == "DejaVu Serif")
    }

    @Test func readableOutputNamesTheFaceAndTheNumbers() throws {
        let result = try CommandRunner.run(["query", "body", "--category", "xl", "--traits", "bold"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("body at xl: DejaVu Sans Bold, 19 pt\n"))
        #expect(result.standardOutput.contains("weight           700 (asked 600)"))
        #expect(result.standardOutput.contains("line height      24\n"))
        #expect(
            result.standardOutput.contains("cap height       13.851\n"), "as in the JSON, by docs/DESIGN.md §6 (Answer documents)'s rule")
        #expect(result.standardOutput.contains("metrics scale    1.09\n"))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        BadInput(arguments: ["query", "bdoy"], mentions: ["'bdoy'", "body", "largeTitle"]),
        BadInput(arguments: ["query", "body", "--category", "huge"], mentions: ["'huge'", "xs", "ax5"]),
        BadInput(arguments: ["query", "body", "--traits", "bold,wide"], mentions: ["'wide'", "italic", "looseLeading"]),
        BadInput(arguments: ["query", "body", "--traits", "bold,bold"], mentions: ["'bold'", "more than once"]),
        BadInput(arguments: ["query", "body", "--traits", "condensed,expanded"], mentions: ["'condensed'", "'expanded'"]),
        BadInput(
            arguments: ["query", "body", "--traits", "bold,,italic"], mentions: ["'bold,,italic'", "empty", "italic", "looseLeading"]),
        BadInput(arguments: ["query", "body", "--traits", "bold, "], mentions: ["'bold, '", "empty", "looseLeading"]),
        BadInput(arguments: ["query", "body", "--traits", ""], mentions: ["--traits ''", "empty", "bold", "looseLeading"]),
        BadInput(arguments: ["query", "body", "--weight", "0"], mentions: ["'0'", "1 to 1000"]),
        BadInput(arguments: ["query", "body", "--weight", "heavyish"], mentions: ["'heavyish'", "semibold"]),
        BadInput(arguments: ["query", "body", "--maximum-point-size", "nan"], mentions: ["'nan'", "greater than 0", "1000"]),
        BadInput(arguments: ["query", "body", "--maximum-point-size", "-4"], mentions: ["'-4'"]),
        BadInput(arguments: ["query", "body", "--legibility", "heavy"], mentions: ["'heavy'", "regular, bold"]),
        BadInput(arguments: ["query", "body", "--styles", "/nonexistent/table.json"], mentions: ["/nonexistent/table.json"]),
        BadInput(arguments: ["styles", "--category", "huge"], mentions: ["'huge'", "xs"]),
        BadInput(arguments: ["query"], mentions: ["style"]),
        BadInput(arguments: ["query", "body", "--frobnicate"], mentions: ["--frobnicate"]),
    ]

    @Test(arguments: badInputs)
    func badInputIsOneLineOnStderrAndANonZeroExit(_ input: BadInput) throws {
        let result = try CommandRunner.run(input.arguments)
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.standardError)")
        #expect(result.standardError.hasPrefix("fontd: error: "))
        for mention in input.mentions {
            #expect(result.standardError.contains(mention), "\(mention) not in: \(result.standardError)")
        }
    }
}

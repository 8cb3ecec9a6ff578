import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `Styles/material3.json`, a table scaled from `l` (docs/DESIGN.md §4 (The style table)), through the real executable.
@Suite(.ownThread) struct ScaledTableCommandTests {
    static let material3 = TestPaths.material3Styles.path

    @Test func stylesPrintsTheTwelveCategoryGridOfMaterial3() throws {
        let result = try CommandRunner.run(["styles", "--styles", Self.material3])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1 + 1 + 15 + 1, "\(result.standardOutput)")
        #expect(lines.first == #"Style table "material3" — size/line height in points"#)
        let header = lines[1].split(separator: " ", omittingEmptySubsequences: true)
        #expect(header == ["style", "weight", "emph.", "xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"])
        let rows = lines[2..<17].map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.allSatisfy { $0.count == 15 })
        // By hand: xs × 14/17; xl 40/51 of the way to the 1.15 table (16 → 18.1, 24 → 25.2);
        // ax2 12/17 of the way from the 1.8 table to the 2.0 table; ax5 the 2.0 table × 53/34.
        let bodyLarge = try #require(rows.first { $0.first == "bodyLarge" })
        #expect(bodyLarge[1...3] == ["400", "500", "13.176/19.765"])
        #expect(bodyLarge[6...7] == ["16/24", "17.647/24.941"])
        #expect(bodyLarge[11] == "27.412/35.059")
        #expect(bodyLarge[14] == "43.647/56.118")
        let displayLarge = try #require(rows.first { $0.first == "displayLarge" })
        #expect(displayLarge[6...9] == ["57/64", "57/64", "57/64", "57/64"], "above 30 sp the 1.15 and 1.3 tables keep the size")
        #expect(lines.last?.hasPrefix("scaled from l by android14: displayLarge, displayMedium,") == true)
    }

    @Test func stylesJSONWritesTheScaledTableAsGivenAndReadsBackEqual() throws {
        let result = try CommandRunner.run(["styles", "--styles", Self.material3, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let printed = try StyleTable(json: Data(result.standardOutput.utf8), source: "stdout")
        #expect(printed == (try StyleTable.load(from: TestPaths.material3Styles)))
        #expect(result.standardOutput.components(separatedBy: #""scaling": "android14""#).count == 16)
        #expect(!result.standardOutput.contains(#""xl""#))
    }

    @Test func queryAndTheServerAnswerTheDerivedSize() throws {
        let expectedSize = 26 + 2 * 12.0 / 17
        let expectedLineHeight = 32.8 + 3.2 * 12 / 17
        let query = try CommandRunner.run(["query", "bodyLarge", "--category", "ax2", "--styles", Self.material3, "--json"])
        #expect(query.status == 0, "\(query.standardError)")
        let answer = try JSONDocument(parsing: Array(query.standardOutput.utf8))
        let server = try ServerProcess(["--styles", Self.material3])
        let served = try server.client.get("/font?style=bodyLarge&category=ax2")
        #expect(served.status == 200)
        for document in [answer, try served.json()] {
            guard case .number(let size)? = document["descriptor"]?["pointSize"],
                case .number(let lineHeight)? = document["metrics"]?["lineHeight"]
            else {
                Issue.record("no pointSize or lineHeight in \(document)")
                continue
            }
            // Within a thousandth, as every number is written (docs/DESIGN.md §6 (Answer documents)).
            #expect(size == RoundedNumber(expectedSize).value)
            #expect(lineHeight == RoundedNumber(expectedLineHeight).value)
        }
        let styles = try server.client.get("/styles")
        #expect(try StyleTable(json: styles.body, source: "GET /styles") == (try StyleTable.load(from: TestPaths.material3Styles)))
    }
}

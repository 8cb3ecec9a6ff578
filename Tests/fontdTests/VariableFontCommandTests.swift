import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Variable fonts through the built `fontd` and `fontd serve`, seeing Inter and Roboto Flex beside DejaVu.
@Suite(.ownThread) struct VariableFontCommandTests {
    func query(_ arguments: [String]) throws -> ResolvedFont {
        let result = try CommandRunner.run(["query"] + arguments + ["--json"], environment: VariableFonts.environment)
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode(ResolvedFont.self, from: Data(result.standardOutput.utf8))
    }

    @Test func interAtSixHundredFiftyIsTheVariableFaceAndAtSixHundredTheNamedInstance() throws {
        try #require(VariableFonts.interIsInstalled, "Inter is missing: run scripts/install-dependencies (fonts-inter-variable)")
        let between = try query(["body", "--family", "Inter", "--weight", "650"])
        #expect(between.matchedFace.family == "Inter")
        #expect(between.matchedFace.index >> 16 == 0)
        #expect(between.matchedFace.face == "Variable")
        #expect(between.variations?["wght"] == 650)
        #expect(between.matchedFace.weight == FontWeight(650))

        let named = try query(["body", "--family", "Inter", "--weight", "600"])
        #expect(named.matchedFace.index >> 16 != 0, "a named instance has its number in the upper 16 bits of the index")
        #expect(named.matchedFace.face == "Semi Bold")
        #expect(named.variations?["wght"] == 600)
    }

    @Test func textAnswerShowsTheCoordinatesAndStaticFacesShowNone() throws {
        let variable = try CommandRunner.run(
            ["query", "body", "--category", "ax5", "--family", "Roboto Flex"], environment: VariableFonts.environment)
        #expect(variable.status == 0, "\(variable.standardError)")
        let row = try #require(variable.standardOutput.split(separator: "\n").first { $0.hasPrefix("variations") })
        #expect(row.contains("opsz 53, slnt 0, wdth 100, wght 400, GRAD 0"), "\(row)")
        let dejaVu = try CommandRunner.run(["query", "body", "--category", "ax5"], environment: VariableFonts.environment)
        #expect(dejaVu.standardOutput.contains("DejaVu Sans"))
        #expect(!dejaVu.standardOutput.contains("variations"))
    }

    @Test func listingShowsAxisRanges() throws {
        let result = try CommandRunner.run(["list", "--family", "Roboto Flex"], environment: VariableFonts.environment)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasSuffix("axes") == true)
        #expect(lines.count == 23, "a header and 22 faces")
        #expect(lines.dropFirst().allSatisfy { $0.contains("opsz 8…144 (14), wght 100…1000 (400)") })
        let dejaVu = try CommandRunner.run(["list", "--family", "DejaVu Sans"], environment: VariableFonts.environment)
        #expect(dejaVu.standardOutput.split(separator: "\n").first?.hasSuffix("file") == true)
    }

    @Test func serverAnswersEqualTheCommandLines() throws {
        let server = try ServerProcess(["--threads", "1"], environment: VariableFonts.environment)
        defer { server.stop() }
        let decoder = JSONDecoder()
        let served = try decoder.decode(
            ResolvedFont.self, from: Data(try server.client.get("/font?style=body&category=ax5&family=Roboto%20Flex").body))
        #expect(served == (try query(["body", "--category", "ax5", "--family", "Roboto Flex"])))
        #expect(served.variations?["opsz"] == 53)

        let faces = try decoder.decode([InstalledFace].self, from: Data(try server.client.get("/faces?family=Roboto%20Flex").body))
        let listed = try CommandRunner.run(["list", "--family", "Roboto Flex", "--json"], environment: VariableFonts.environment)
        #expect(faces == (try decoder.decode([InstalledFace].self, from: Data(listed.standardOutput.utf8))))
        #expect(faces.count == 22)
        #expect(faces.allSatisfy { $0.axes?.first == VariationAxis(tag: "opsz", minimum: 8, defaultValue: 14, maximum: 144) })
    }
}

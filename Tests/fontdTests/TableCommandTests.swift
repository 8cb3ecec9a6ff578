import DynamicType
import FontdTestSupport
import Foundation
import Testing

@Suite(.ownThread) struct TableCommandTests {
    @Test(arguments: StyleTableBreakage.all)
    func brokenTableIsRefusedAtLoadWithFilePathAndReason(_ breakage: StyleTableBreakage) throws {
        let file = try breakage.writeTable().path
        for arguments in [["query", "body", "--styles", file], ["styles", "--styles", file]] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status != 0)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.split(separator: "\n").count == 1)
            for part in [file, breakage.path + ":", breakage.reason] {
                #expect(result.standardError.contains(part), "\(part) not in \(result.standardError)")
            }
        }
    }

    @Test func tableFromEnvironmentIsUsed() throws {
        let file = try StyleTableBreakage.writeDefaultTable { table in
            StyleTableBreakage.editCell(&table, 5, "xl") { $0 = ["size": 99, "lineHeight": 120] }
        }.path
        var environment = PinnedFonts.environment
        environment["FONTD_STYLES"] = file
        let result = try CommandRunner.run(["query", "body", "--category", "xl", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"pointSize\": 99"))
    }

    @Test func stylesJSONIsTheTableInItsFileFormat() throws {
        let result = try CommandRunner.run(["styles", "--json"])
        #expect(result.status == 0)
        let printed = try StyleTable(json: Data(result.standardOutput.utf8), source: "stdout")
        #expect(printed == (try StyleTable.load(from: TestPaths.defaultStyles)))
    }

    @Test func stylesAtACategoryListsEveryStylesCell() throws {
        let result = try CommandRunner.run(["styles", "--category", "xl"])
        #expect(result.status == 0)
        let body = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("body ") })
        #expect(body.split(separator: " ", omittingEmptySubsequences: true).suffix(3) == ["19", "24", "-0.46"])
    }

    @Test func stylesGridShowsSizeOverLineHeight() throws {
        let result = try CommandRunner.run(["styles"])
        let caption2 = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("caption2 ") })
        #expect(caption2.split(separator: " ", omittingEmptySubsequences: true).last == "40/48")
    }

    @Test func stylesShowTheVariableFontSettingsATableMakes() throws {
        let file = try StyleTableBreakage.writeDefaultTable { table in
            StyleTableBreakage.editStyle(&table, 5) { $0["opticalSizing"] = false }
            StyleTableBreakage.editCell(&table, 5, "ax5") { $0?["variations"] = ["GRAD": 150] }
        }.path
        let grid = try CommandRunner.run(["styles", "--styles", file])
        #expect(grid.standardOutput.hasSuffix("body: optical sizing off\nbody at ax5: GRAD 150\n"), "\(grid.standardOutput)")
        let atLarge = try CommandRunner.run(["styles", "--styles", file, "--category", "l"])
        #expect(atLarge.standardOutput.hasSuffix("body: optical sizing off\n"))
        let json = try CommandRunner.run(["styles", "--styles", file, "--category", "ax5", "--json"])
        let cells = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])?["styles"] as? [[String: Any]])
        let body = try #require(cells.first { $0["name"] as? String == "body" })
        #expect(body["opticalSizing"] as? Bool == false)
        #expect(body["variations"] as? [String: Double] == ["GRAD": 150])
        #expect(cells.filter { $0["variations"] != nil || $0["opticalSizing"] != nil }.count == 1)
        // The default table sets neither: its listing reads as before.
        #expect(!(try CommandRunner.run(["styles"]).standardOutput.contains("optical sizing")))
    }

    @Test func categoriesJSONListsAllTwelveInOrder() throws {
        let result = try CommandRunner.run(["categories", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(list.compactMap { $0["name"] as? String } == ContentSizeCategory.allCases.map(\.rawValue))
        #expect(list[7]["appleName"] as? String == "accessibilityMedium")
        #expect(list[7]["rawValue"] as? String == "UICTContentSizeCategoryAccessibilityM")
        #expect(list[7]["isAccessibility"] as? Bool == true)
    }

    @Test func listShowsThePinnedFacesAndFiltersByFamily() throws {
        let all = try CommandRunner.run(["list", "--json"])
        let faces = try JSONDecoder().decode([InstalledFace].self, from: Data(all.standardOutput.utf8))
        #expect(faces.count == 22)
        let mono = try CommandRunner.run(["list", "--family", "DejaVu Sans Mono"])
        #expect(mono.status == 0)
        #expect(mono.standardOutput.split(separator: "\n").count == 5)
        #expect(mono.standardOutput.contains("monospace"))
        #expect(mono.standardError.isEmpty)
    }

    @Test func listOfAFamilyThatIsNotInstalledSaysSoInOneLineOnStderr() throws {
        let table = try CommandRunner.run(["list", "--family", "NoSuch"])
        let json = try CommandRunner.run(["list", "--family", "NoSuch", "--json"])
        #expect(table.standardOutput.split(separator: "\n") == ["family  face  weight  width  slant  spacing  file"])
        #expect(json.standardOutput == "[]\n")
        for result in [table, json] {
            #expect(result.status == 0)
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1, "stderr: \(result.standardError)")
            #expect(result.standardError.contains("no installed family named 'NoSuch'"), "\(result.standardError)")
            #expect(result.standardError.contains("fontd list"), "\(result.standardError)")
        }
        // fontconfig's own matching decides what is installed: case and spaces do not count.
        #expect(try CommandRunner.run(["list", "--family", "dejavu sansmono"]).standardError.isEmpty)
    }
}

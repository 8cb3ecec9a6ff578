import DynamicType
import FontdTestSupport
import Foundation
import Testing

@Suite struct TableCommandTests {
    func writeTable(_ mutate: (inout [String: Any]) -> Void) throws -> String {
        var table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.defaultStyles)) as? [String: Any])
        mutate(&table)
        let url = try TestPaths.temporaryDirectory().appendingPathComponent("styles.json")
        try JSONSerialization.data(withJSONObject: table).write(to: url)
        return url.path
    }

    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var reason: String
        var mutate: @Sendable (inout [String: Any]) -> Void
        var testDescription: String { name }
    }

    static func editStyle(_ table: inout [String: Any], _ index: Int, _ edit: (inout [String: Any]) -> Void) {
        guard var styles = table["styles"] as? [[String: Any]] else { return }
        edit(&styles[index])
        table["styles"] = styles
    }

    static func editSizes(_ table: inout [String: Any], _ index: Int, _ edit: @escaping (inout [String: Any]) -> Void) {
        editStyle(&table, index) { style in
            guard var sizes = style["sizes"] as? [String: Any] else { return }
            edit(&sizes)
            style["sizes"] = sizes
        }
    }

    static let breakages: [Breakage] = [
        Breakage(name: "missing category", path: "styles[5].sizes", reason: "missing categories: ax5") {
            editSizes(&$0, 5) { $0["ax5"] = nil }
        },
        Breakage(name: "negative size", path: "styles[5].sizes.ax5.size", reason: "must be a positive number") {
            editSizes(&$0, 5) { $0["ax5"] = ["size": -53, "lineHeight": 62] }
        },
        Breakage(name: "wrong type", path: "styles[0].weight", reason: "expected a number") {
            editStyle(&$0, 0) { $0["weight"] = "regular" }
        },
        Breakage(name: "unknown field", path: "styles[1].color", reason: "unknown field") {
            editStyle(&$0, 1) { $0["color"] = "red" }
        },
        Breakage(name: "duplicate style name", path: "styles[6].name", reason: "duplicate style name") {
            editStyle(&$0, 6) { $0["name"] = "body" }
        },
    ]

    @Test(arguments: breakages)
    func brokenTableIsRefusedAtLoadWithFilePathAndReason(_ breakage: Breakage) throws {
        let file = try writeTable(breakage.mutate)
        for arguments in [["query", "body", "--styles", file], ["styles", "--styles", file]] {
            let result = try Fontd.run(arguments)
            #expect(result.status != 0)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.split(separator: "\n").count == 1)
            for part in [file, breakage.path + ":", breakage.reason] {
                #expect(result.standardError.contains(part), "\(part) not in \(result.standardError)")
            }
        }
    }

    @Test func tableFromEnvironmentIsUsed() throws {
        let file = try writeTable { table in
            Self.editSizes(&table, 5) { $0["xl"] = ["size": 99, "lineHeight": 120] }
        }
        var environment = PinnedFonts.environment
        environment["FONTD_STYLES"] = file
        let result = try Fontd.run(["query", "body", "--category", "xl", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"pointSize\": 99"))
    }

    @Test func stylesJSONIsTheTableInItsFileFormat() throws {
        let result = try Fontd.run(["styles", "--json"])
        #expect(result.status == 0)
        let printed = try StyleTable(json: Data(result.standardOutput.utf8), source: "stdout")
        #expect(printed == (try StyleTable.load(from: TestPaths.defaultStyles)))
    }

    @Test func stylesAtACategoryListsEveryStylesCell() throws {
        let result = try Fontd.run(["styles", "--category", "xl"])
        #expect(result.status == 0)
        let body = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("body ") })
        #expect(body.split(separator: " ", omittingEmptySubsequences: true).suffix(3) == ["19", "24", "-0.46"])
    }

    @Test func stylesGridShowsSizeOverLineHeight() throws {
        let result = try Fontd.run(["styles"])
        let caption2 = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("caption2 ") })
        #expect(caption2.split(separator: " ", omittingEmptySubsequences: true).last == "40/48")
    }

    @Test func categoriesJSONListsAllTwelveInOrder() throws {
        let result = try Fontd.run(["categories", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(list.compactMap { $0["name"] as? String } == ContentSizeCategory.allCases.map(\.rawValue))
        #expect(list[7]["appleName"] as? String == "accessibilityMedium")
        #expect(list[7]["rawValue"] as? String == "UICTContentSizeCategoryAccessibilityM")
        #expect(list[7]["isAccessibility"] as? Bool == true)
    }

    @Test func listShowsThePinnedFacesAndFiltersByFamily() throws {
        let all = try Fontd.run(["list", "--json"])
        let faces = try JSONDecoder().decode([InstalledFace].self, from: Data(all.standardOutput.utf8))
        #expect(faces.count == 22)
        let mono = try Fontd.run(["list", "--family", "DejaVu Sans Mono"])
        #expect(mono.status == 0)
        #expect(mono.standardOutput.split(separator: "\n").count == 5)
        #expect(mono.standardOutput.contains("monospace"))
    }
}

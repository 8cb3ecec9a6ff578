import DynamicType
import FontdTestSupport
import Foundation
import Testing

/// A broken table is refused whole, naming the file, the path inside it and the reason.
@Suite struct StyleTableValidationTests {
    @Test(arguments: StyleTableBreakage.all)
    func brokenTableIsRefusedWithFilePathAndReason(_ breakage: StyleTableBreakage) throws {
        let url = try breakage.writeTable()
        let error = #expect(throws: StyleTableError.self) { try StyleTable.load(from: url) }
        guard case .invalid(let file, let path, let reason) = error else {
            Issue.record("expected .invalid, got \(String(describing: error))")
            return
        }
        #expect(file == url.path)
        #expect(path == breakage.path)
        #expect(reason.contains(breakage.reason), "reason: \(reason)")
        #expect(error?.description.contains(url.path) == true)
    }

    @Test func repeatedMemberIsRefusedNotSilentlyResolved() throws {
        let original = try String(contentsOf: TestPaths.defaultStyles, encoding: .utf8)
        let edited = original.replacingOccurrences(
            of: #""l": {"size": 17, "lineHeight": 22, "tracking": -0.44}"#,
            with: #""l": {"size": 17, "size": -3, "lineHeight": 22, "tracking": -0.44}"#)
        #expect(edited != original)
        let error = #expect(throws: StyleTableError.self) { try StyleTable(json: Data(edited.utf8), source: "edited.json") }
        #expect(error == .invalid(file: "edited.json", path: "styles[4].sizes.l.size", reason: "appears twice in one object"))
    }

    @Test func unmodifiedCopyLoads() throws {
        #expect(try StyleTable.load(from: StyleTableBreakage.writeDefaultTable { _ in }) == defaultTable)
    }

    @Test func trackingIsOptionalAndDefaultsToZero() throws {
        let url = try StyleTableBreakage.writeDefaultTable { StyleTableBreakage.editCell(&$0, 5, "l") { $0?["tracking"] = nil } }
        #expect(try StyleTable.load(from: url).definition(of: .body).size(at: .large).tracking == 0)
    }

    @Test func variableFontFieldsLoadAndWriteBackUnchanged() throws {
        let url = try StyleTableBreakage.writeDefaultTable { table in
            StyleTableBreakage.editStyle(&table, 5) { $0["opticalSizing"] = false }
            StyleTableBreakage.editCell(&table, 5, "ax5") { $0?["variations"] = ["GRAD": 150, "XOPQ": 120.5] }
        }
        let table = try StyleTable.load(from: url)
        let body = try table.definition(of: .body)
        #expect(body.opticalSizing == false)
        #expect(body.size(at: .accessibilityExtraExtraExtraLarge).variations == ["GRAD": 150, "XOPQ": 120.5])
        #expect(body.size(at: .large).variations.isEmpty)
        #expect(try table.definition(of: .headline).opticalSizing == true)
        // The form GET /styles serves reads back as the same table.
        #expect(try StyleTable(json: OrderedJSONEncoder().encode(table), source: "encoded") == table)
    }

    @Test func fieldsOfANewerServerAreSkippedOnlyWhenTolerant() throws {
        let url = try StyleTableBreakage.writeDefaultTable { table in
            table["version"] = 2
            StyleTableBreakage.editCell(&table, 4, "l") { $0?["kerning"] = 1 }
        }
        let json = try Data(contentsOf: url)
        #expect(try StyleTable(json: json, source: "newer", mode: .tolerant) == defaultTable)
        #expect(throws: StyleTableError.self) { try StyleTable(json: json, source: "newer") }
    }

    @Test func notJSONIsRefused() throws {
        let url = try TestPaths.temporaryDirectory().appendingPathComponent("broken.json")
        try Data("{\"name\": \"x\", \"styles\": [".utf8).write(to: url)
        let error = #expect(throws: StyleTableError.self) { try StyleTable.load(from: url) }
        #expect(error?.description.contains("not valid JSON") == true)
    }

    @Test func missingFileIsOneClearError() {
        let error = #expect(throws: StyleTableError.self) { try StyleTable.load(from: URL(fileURLWithPath: "/nonexistent/styles.json")) }
        #expect(error?.description.contains("/nonexistent/styles.json") == true)
    }

    @Test func explicitTableThatIsMissingIsAnErrorNotSkipped() {
        #expect(throws: StyleTableError.self) { try StyleTable.locate(explicit: "/nonexistent/styles.json") }
        #expect(throws: StyleTableError.self) { try StyleTable.locate(environment: ["FONTD_STYLES": "/nonexistent/styles.json"]) }
    }

    @Test func withoutExplicitPathThePackagesTableIsFound() throws {
        #expect(try StyleTable.locate(environment: [:]) == defaultTable)
    }

    @Test func aBundledTableIsFoundByNameFromTheOptionOrTheEnvironment() throws {
        let material3 = try StyleTable.load(from: TestPaths.material3Styles)
        #expect(try StyleTable.locate(explicit: "material3", environment: [:]) == material3)
        #expect(try StyleTable.locate(environment: ["FONTD_STYLES": "material3"]) == material3)
        #expect(try StyleTable.locate(explicit: "default", environment: [:]) == defaultTable)
        #expect(StyleTable.bundledNames() == ["default", "material3"])
    }

    @Test func anUnknownNameSuggestsTheNearestBundledTable() {
        let error = #expect(throws: StyleTableError.self) { try StyleTable.locate(explicit: "materail3", environment: [:]) }
        #expect(error == .unknownName("materail3", bundled: ["default", "material3"]))
        #expect(error?.suggestion == "material3")
        #expect(
            error?.description
                == "No style table 'materail3': no such file, nor a bundled table of that name. Did you mean 'material3'? The bundled tables: default, material3."
        )
    }
}

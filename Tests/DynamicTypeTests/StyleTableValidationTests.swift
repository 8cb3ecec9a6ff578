import DynamicType
import FontdTestSupport
import Foundation
import Testing

/// A broken table is refused whole, naming the file, the path inside it and the reason.
@Suite struct StyleTableValidationTests {
    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var reason: String
        var mutate: @Sendable (inout [String: Any]) -> Void
        var testDescription: String { name }
    }

    static func style(_ table: inout [String: Any], _ index: Int, _ change: (inout [String: Any]) -> Void) {
        var styles = table["styles"] as! [[String: Any]]
        change(&styles[index])
        table["styles"] = styles
    }

    static func cell(_ table: inout [String: Any], _ index: Int, _ category: String, _ change: @escaping (inout [String: Any]?) -> Void) {
        style(&table, index) { style in
            var sizes = style["sizes"] as! [String: Any]
            var cell = sizes[category] as? [String: Any]
            change(&cell)
            sizes[category] = cell
            style["sizes"] = sizes
        }
    }

    static let breakages: [Breakage] = [
        Breakage(name: "missing category", path: "styles[5].sizes", reason: "missing categories: ax5") {
            cell(&$0, 5, "ax5") { $0 = nil }
        },
        Breakage(name: "negative size", path: "styles[5].sizes.ax5.size", reason: "must be a positive number, got -3.0") {
            cell(&$0, 5, "ax5") { $0?["size"] = -3 }
        },
        Breakage(name: "zero line height", path: "styles[0].sizes.xs.lineHeight", reason: "must be a positive number") {
            cell(&$0, 0, "xs") { $0?["lineHeight"] = 0 }
        },
        Breakage(name: "wrong type", path: "styles[2].weight", reason: "expected a number") {
            style(&$0, 2) { $0["weight"] = "bold" }
        },
        Breakage(name: "family not a list", path: "styles[1].family", reason: "expected an array") {
            style(&$0, 1) { $0["family"] = "sans-serif" }
        },
        Breakage(name: "weight out of range", path: "styles[3].emphasizedWeight", reason: "must be a weight from 1 to 1000") {
            style(&$0, 3) { $0["emphasizedWeight"] = 1200 }
        },
        Breakage(name: "unknown field", path: "styles[0].colour", reason: "unknown field") {
            style(&$0, 0) { $0["colour"] = "red" }
        },
        Breakage(name: "unknown field in a cell", path: "styles[4].sizes.l.kerning", reason: "unknown field") {
            cell(&$0, 4, "l") { $0?["kerning"] = 1 }
        },
        Breakage(name: "unknown top-level field", path: "version", reason: "unknown field") {
            $0["version"] = 2
        },
        Breakage(name: "unknown category", path: "styles[5].sizes.huge", reason: "unknown content-size category") {
            cell(&$0, 5, "huge") { $0 = ["size": 99, "lineHeight": 120] }
        },
        Breakage(name: "category twice through an alias", path: "styles[5].sizes", reason: "names category 'xl' twice") {
            cell(&$0, 5, "extraLarge") { $0 = ["size": 19, "lineHeight": 24] }
        },
        Breakage(name: "duplicate style name", path: "styles[6].name", reason: "duplicate style name 'Body' (also styles[5])") {
            style(&$0, 6) { $0["name"] = "Body" }
        },
        Breakage(name: "missing field", path: "styles[7].emphasizedWeight", reason: "required field is missing") {
            style(&$0, 7) { $0["emphasizedWeight"] = nil }
        },
        Breakage(name: "empty family list", path: "styles[8].family", reason: "non-empty list") {
            style(&$0, 8) { $0["family"] = [String]() }
        },
    ]

    func write(_ mutate: (inout [String: Any]) -> Void) throws -> URL {
        var table = try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.defaultStyles)) as! [String: Any]
        mutate(&table)
        let url = try TestPaths.temporaryDirectory().appendingPathComponent("broken.json")
        try JSONSerialization.data(withJSONObject: table).write(to: url)
        return url
    }

    @Test(arguments: breakages)
    func brokenTableIsRefusedWithFilePathAndReason(_ breakage: Breakage) throws {
        let url = try write(breakage.mutate)
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
        #expect(try StyleTable.load(from: write { _ in }) == defaultTable)
    }

    @Test func trackingIsOptionalAndDefaultsToZero() throws {
        let url = try write { Self.cell(&$0, 5, "l") { $0?["tracking"] = nil } }
        #expect(try StyleTable.load(from: url).definition(of: .body).size(at: .large).tracking == 0)
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
}

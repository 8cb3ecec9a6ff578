import Foundation

/// One way to break the default style table, and the path and reason a loader must report for it.
public struct StyleTableBreakage: Sendable, CustomStringConvertible {
    public var name: String
    /// Where the problem is, as the error must name it (`styles[5].sizes.ax5.size`).
    public var path: String
    /// Words the error's reason must contain.
    public var reason: String
    let mutate: @Sendable (inout [String: Any]) -> Void

    public var description: String { name }

    /// The default table with this breakage, written to a new temporary file.
    public func writeTable() throws -> URL {
        try Self.writeDefaultTable(mutate)
    }

    /// The default table after `mutate`, written to a new temporary file.
    public static func writeDefaultTable(_ mutate: (inout [String: Any]) -> Void) throws -> URL {
        guard var table = try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.defaultStyles)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        mutate(&table)
        let url = try TestPaths.temporaryDirectory().appendingPathComponent("styles.json")
        try JSONSerialization.data(withJSONObject: table).write(to: url)
        return url
    }

    /// Edits `styles[index]` of a table.
    public static func editStyle(_ table: inout [String: Any], _ index: Int, _ edit: (inout [String: Any]) -> Void) {
        guard var styles = table["styles"] as? [[String: Any]] else { return }
        edit(&styles[index])
        table["styles"] = styles
    }

    /// Edits the cell `styles[index].sizes[category]` (nil when absent; set nil to remove it).
    public static func editCell(_ table: inout [String: Any], _ index: Int, _ category: String, _ edit: (inout [String: Any]?) -> Void) {
        editStyle(&table, index) { style in
            guard var sizes = style["sizes"] as? [String: Any] else { return }
            var cell = sizes[category] as? [String: Any]
            edit(&cell)
            sizes[category] = cell
            style["sizes"] = sizes
        }
    }

    /// Every breakage the format's rules forbid (docs/DESIGN.md §4 (The style table)).
    public static let all: [StyleTableBreakage] = [
        StyleTableBreakage(name: "missing category", path: "styles[5].sizes", reason: "missing categories: ax5") {
            editCell(&$0, 5, "ax5") { $0 = nil }
        },
        StyleTableBreakage(name: "negative size", path: "styles[5].sizes.ax5.size", reason: "must be a positive number, got -3.0") {
            editCell(&$0, 5, "ax5") { $0?["size"] = -3 }
        },
        StyleTableBreakage(name: "zero line height", path: "styles[0].sizes.xs.lineHeight", reason: "must be a positive number") {
            editCell(&$0, 0, "xs") { $0?["lineHeight"] = 0 }
        },
        StyleTableBreakage(name: "wrong type", path: "styles[2].weight", reason: "expected a number") {
            editStyle(&$0, 2) { $0["weight"] = "bold" }
        },
        StyleTableBreakage(name: "family not a list", path: "styles[1].family", reason: "expected an array") {
            editStyle(&$0, 1) { $0["family"] = "sans-serif" }
        },
        StyleTableBreakage(name: "weight out of range", path: "styles[3].emphasizedWeight", reason: "must be a weight from 1 to 1000") {
            editStyle(&$0, 3) { $0["emphasizedWeight"] = 1200 }
        },
        StyleTableBreakage(name: "unknown field", path: "styles[0].colour", reason: "unknown field") {
            editStyle(&$0, 0) { $0["colour"] = "red" }
        },
        StyleTableBreakage(name: "unknown field in a cell", path: "styles[4].sizes.l.kerning", reason: "unknown field") {
            editCell(&$0, 4, "l") { $0?["kerning"] = 1 }
        },
        StyleTableBreakage(name: "unknown top-level field", path: "version", reason: "unknown field") {
            $0["version"] = 2
        },
        StyleTableBreakage(name: "unknown category", path: "styles[5].sizes.huge", reason: "unknown content-size category") {
            editCell(&$0, 5, "huge") { $0 = ["size": 99, "lineHeight": 120] }
        },
        StyleTableBreakage(name: "category twice through an alias", path: "styles[5].sizes", reason: "names category 'xl' twice") {
            editCell(&$0, 5, "extraLarge") { $0 = ["size": 19, "lineHeight": 24] }
        },
        StyleTableBreakage(name: "duplicate style name", path: "styles[6].name", reason: "duplicate style name 'Body' (also styles[5])") {
            editStyle(&$0, 6) { $0["name"] = "Body" }
        },
        StyleTableBreakage(name: "missing field", path: "styles[7].emphasizedWeight", reason: "required field is missing") {
            editStyle(&$0, 7) { $0["emphasizedWeight"] = nil }
        },
        StyleTableBreakage(name: "empty family list", path: "styles[8].family", reason: "non-empty list") {
            editStyle(&$0, 8) { $0["family"] = [String]() }
        },
        StyleTableBreakage(name: "optical sizing not a flag", path: "styles[5].opticalSizing", reason: "expected true or false") {
            editStyle(&$0, 5) { $0["opticalSizing"] = "yes" }
        },
        StyleTableBreakage(name: "variations not an object", path: "styles[5].sizes.ax5.variations", reason: "axis tags to numbers") {
            editCell(&$0, 5, "ax5") { $0?["variations"] = [150] }
        },
        StyleTableBreakage(name: "axis tag too long", path: "styles[5].sizes.ax5.variations.GRADE", reason: "not an OpenType axis tag") {
            editCell(&$0, 5, "ax5") { $0?["variations"] = ["GRADE": 150] }
        },
        StyleTableBreakage(name: "axis fontd derives", path: "styles[5].sizes.ax4.variations.wght", reason: "give the style's weight") {
            editCell(&$0, 5, "ax4") { $0?["variations"] = ["wght": 700] }
        },
        StyleTableBreakage(name: "axis value not a number", path: "styles[0].sizes.l.variations.GRAD", reason: "expected a number") {
            editCell(&$0, 0, "l") { $0?["variations"] = ["GRAD": "high"] }
        },
        StyleTableBreakage(name: "scaling without sizes", path: "styles[3].sizes", reason: "required field is missing") {
            editStyle(&$0, 3) {
                $0["scaling"] = "android14"
                $0["sizes"] = nil
            }
        },
        StyleTableBreakage(
            name: "scaling with all 12 sizes", path: "styles[3].scaling",
            reason: "sizes gives l only; this style also gives xs, s, m, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5"
        ) {
            editStyle(&$0, 3) { $0["scaling"] = "linear" }
        },
        StyleTableBreakage(name: "scaling without l", path: "styles[3].sizes", reason: "missing category l") {
            editStyle(&$0, 3) {
                $0["scaling"] = "android14"
                $0["sizes"] = ["xl": ["size": 22, "lineHeight": 28]]
            }
        },
        StyleTableBreakage(
            name: "some sizes without scaling", path: "styles[3].sizes",
            reason: "missing categories: xs, s, m, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5 (give all 12, or l only with \"scaling\""
        ) {
            editStyle(&$0, 3) { $0["sizes"] = ["l": ["size": 20, "lineHeight": 25]] }
        },
        StyleTableBreakage(
            name: "unknown scaling", path: "styles[3].scaling", reason: "unknown scaling 'android13'; use: android14, linear"
        ) {
            editStyle(&$0, 3) {
                $0["scaling"] = "android13"
                $0["sizes"] = ["l": ["size": 20, "lineHeight": 25]]
            }
        },
        StyleTableBreakage(name: "scaling not a name", path: "styles[3].scaling", reason: "expected a string") {
            editStyle(&$0, 3) {
                $0["scaling"] = 1.3
                $0["sizes"] = ["l": ["size": 20, "lineHeight": 25]]
            }
        },
    ]
}

import DynamicType
import Foundation

/// Writes what a command answers: the API's JSON with `--json`, aligned text otherwise.
enum Output {
    /// Prints `value` as the same JSON the HTTP API sends, indented for reading.
    static func printJSON<Value: Encodable>(_ value: Value) throws {
        print(try OrderedJSONEncoder(prettyPrinted: true).string(value))
    }

    /// Prints rows as left-aligned columns under a header.
    static func printTable(header: [String], rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            print(cells.joined(separator: "  "))
        }
    }

    /// A point value for people: at most two decimals, no trailing zeros.
    static func points(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

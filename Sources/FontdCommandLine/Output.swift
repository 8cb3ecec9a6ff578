import CommandLineCache
import DynamicType
import Glibc

/// Writes what a command answers: the API's JSON with `--json`, aligned text otherwise.
public enum Output {
    /// Prints `value` as the same JSON the HTTP API sends, indented for reading.
    public static func printJSON<Value: Encodable>(_ value: Value) throws {
        print(try OrderedJSONEncoder(prettyPrinted: true).string(value))
    }

    /// Writes `line` and a line feed to `descriptor` (stdout) at once, unbuffered, so a reader
    /// of a pipe (`fontd watch | …`) gets each line as it happens.
    public static func writeLine(_ line: String, to descriptor: Int32 = STDOUT_FILENO) {
        write(Array((line + "\n").utf8), to: descriptor)
    }

    /// Writes `bytes` exactly as they are to `descriptor` (stdout), unbuffered: a stylesheet or
    /// a document that must match what the server sends byte for byte.
    public static func write(_ bytes: [UInt8], to descriptor: Int32 = STDOUT_FILENO) {
        Descriptor.write(bytes, to: descriptor)
    }

    /// Writes `fontd: MESSAGE` on stderr, its control characters escaped: something the reader
    /// should know about an answer that is still a success, kept off stdout so scripts read only
    /// the answer.
    public static func writeNote(_ message: String) {
        writeLine("fontd: \(message)".escapingControlCharacters, to: STDERR_FILENO)
    }

    /// Prints one line for people, its control characters escaped (`escapingControlCharacters`):
    /// every human line goes through here or `printTable`; `--json` output does not.
    public static func printLine(_ line: String) {
        print(line.escapingControlCharacters)
    }

    /// Prints rows as left-aligned columns under a header, each cell's control characters
    /// escaped (`escapingControlCharacters`) before the columns are measured.
    public static func printTable(header: [String], rows: [[String]]) {
        let all = ([header] + rows).map { $0.map(\.escapingControlCharacters) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            print(cells.joined(separator: "  "))
        }
    }

    /// A value for people, written as every number fontd writes (`RoundedNumber`): the shortest
    /// decimal within a thousandth of it.
    public static func points(_ value: Double) -> String {
        RoundedNumber(value).description
    }

    /// A value for people at most `decimals` decimals: tables now follow `points(_:)`'s one rule.
    @available(*, deprecated, message: "use points(_:), which writes every number by RoundedNumber's rule")
    public static func points(_ value: Double, decimals: Int) -> String {
        let scale = (0..<decimals).reduce(1.0) { product, _ in product * 10 }
        return formatNumber((value * scale).rounded() / scale)
    }
}

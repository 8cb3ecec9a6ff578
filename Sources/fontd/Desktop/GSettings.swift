import Foundation

/// GSettings as the `gsettings` tool reads and writes it, in a child process: the command line
/// never loads GIO (docs/DESIGN.md §37 (The reader's control)). Values are GVariant text.
struct GSettings {
    /// Why a key could not be read or written, in one line.
    struct Failure: Error {
        var reason: String
        /// Whether the schema (or its key) is not installed on this machine.
        var noSchema: Bool { ["No such schema", "No such key", "No schemas installed"].contains { reason.contains($0) } }
    }

    /// The environment `gsettings` runs in: its backend (`GSETTINGS_BACKEND`), `XDG_CONFIG_HOME`, the session bus.
    let environment: [String: String]

    /// The value of `key` in `schema` (`schema:path` for a relocatable one), as GVariant text.
    func get(_ schema: String, _ key: String) throws(Failure) -> String {
        try run(["get", schema, key]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sets `key` of `schema` to `value` (GVariant text).
    func set(_ schema: String, _ key: String, _ value: String) throws(Failure) {
        _ = try run(["set", schema, key, value])
    }

    /// Resets `key` of `schema` to its default, so that the reader's database no longer holds it.
    func reset(_ schema: String, _ key: String) throws(Failure) {
        _ = try run(["reset", schema, key])
    }

    private func run(_ arguments: [String]) throws(Failure) -> String {
        guard let run = DesktopTool.gsettings.run(arguments, environment: environment) else {
            throw Failure(reason: DesktopTool.gsettings.missing)
        }
        guard run.succeeded else { throw Failure(reason: run.complaint) }
        return run.output
    }

    /// A GVariant `as` in text (`['a', 'b']`, `@as []`); nil when `text` is not one.
    static func strings(parsing text: String) -> [String]? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.hasPrefix("@as") { rest = rest.dropFirst(3).drop(while: \.isWhitespace) }
        guard rest.first == "[", rest.last == "]" else { return nil }
        rest = rest.dropFirst().dropLast()
        var strings: [String] = []
        while let quote = rest.drop(while: { $0.isWhitespace || $0 == "," }).first {
            rest = rest.drop(while: { $0.isWhitespace || $0 == "," })
            guard quote == "'" || quote == "\"" else { return nil }
            rest = rest.dropFirst()
            var string = ""
            var escaped = false
            var closed = false
            while let character = rest.popFirst() {
                if escaped {
                    string.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == quote {
                    closed = true
                    break
                } else {
                    string.append(character)
                }
            }
            guard closed else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// `strings` as a GVariant `as` in text.
    static func text(of strings: [String]) -> String {
        strings.isEmpty ? "@as []" : "[" + strings.map(quoted).joined(separator: ", ") + "]"
    }

    /// `text` as a GVariant string in text: single-quoted, its backslashes and quotes escaped.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}

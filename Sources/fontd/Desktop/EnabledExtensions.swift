/// `org.gnome.shell enabled-extensions`, the list of extensions GNOME Shell enables, read and written with GLib's
/// `gsettings` in the reader's environment (the command line never loads GIO), so that fontd's extension is added and
/// removed while every other entry stays as the reader has it (docs/DESIGN.md §37 (The reader's control)).
struct EnabledExtensions: Equatable, Sendable {
    static let schema = "org.gnome.shell"
    static let key = "enabled-extensions"

    /// The UUIDs, in the reader's order.
    var uuids: [String]

    /// Why the list could not be read or written, in a sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The list as `gsettings get` prints it now.
    static func read(environment: [String: String]) throws(Failure) -> EnabledExtensions {
        let run = try gsettings(["get", schema, key], environment: environment)
        guard let list = EnabledExtensions(text: run.output) else {
            throw Failure(description: "gsettings printed \(run.output) for \(schema) \(key), which is no list of strings")
        }
        return list
    }

    /// Writes the list with `gsettings set`, then reads it back: GLib falls back to a memory backend, which keeps
    /// nothing, when dconf cannot be reached, and says so only in a warning.
    func write(environment: [String: String]) throws(Failure) {
        _ = try Self.gsettings(["set", Self.schema, Self.key, text], environment: environment)
        let written = try Self.read(environment: environment)
        guard written == self else {
            throw Failure(description: "gsettings did not keep \(Self.schema) \(Self.key) (is dconf reachable on the session bus?)")
        }
    }

    private static func gsettings(_ arguments: [String], environment: [String: String]) throws(Failure) -> DesktopProgram {
        // dconf, GNOME's settings backend, is reached through the session bus: without one GLib keeps nothing.
        if let missing = SessionBusNames.missingBus(environment: environment) { throw Failure(description: missing) }
        guard let run = DesktopProgram.run(["gsettings"] + arguments, environment: environment) else {
            throw Failure(description: "gsettings cannot be run (Debian: apt install libglib2.0-bin)")
        }
        guard run.status == 0 else {
            throw Failure(description: "gsettings \(arguments[0]) failed: \(run.complaint ?? "status \(run.status)")")
        }
        return run
    }

    init(uuids: [String]) { self.uuids = uuids }

    /// The GVariant text of an array of strings, as `gsettings get` prints it: `['a@b', "it's"]`, or `@as []`.
    init?(text: String) {
        var rest = Substring(text).trimmingWhitespace
        if rest.hasPrefix("@as") { rest = rest.dropFirst(3).drop { $0 == " " } }
        guard rest.first == "[", rest.last == "]" else { return nil }
        rest = rest.dropFirst().dropLast()
        var uuids: [String] = []
        while true {
            rest = rest.drop { $0 == " " }
            guard let quote = rest.first else { break }
            guard quote == "'" || quote == "\"" else { return nil }
            rest = rest.dropFirst()
            var value = ""
            var closed = false
            while let character = rest.popFirst() {
                if character == "\\", let escaped = rest.popFirst() {
                    value.append(escaped)
                } else if character == quote {
                    closed = true
                    break
                } else {
                    value.append(character)
                }
            }
            guard closed else { return nil }
            uuids.append(value)
            rest = rest.drop { $0 == " " }
            guard !rest.isEmpty else { break }
            guard rest.first == "," else { return nil }
            rest = rest.dropFirst()
        }
        self.uuids = uuids
    }

    /// The list as GVariant text, for `gsettings set`.
    var text: String {
        "["
            + uuids.map { "'" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" }
            .joined(separator: ", ") + "]"
    }
}

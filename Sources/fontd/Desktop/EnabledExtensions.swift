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
        let text = try settings(environment).get(schema, key)
        guard let list = EnabledExtensions(text: text) else {
            throw Failure(description: "gsettings printed \(text) for \(schema) \(key), which is no list of strings")
        }
        return list
    }

    /// Writes the list with `gsettings set`, then reads it back: GLib falls back to a memory backend, which keeps
    /// nothing, when dconf cannot be reached, and says so only in a warning.
    func write(environment: [String: String]) throws(Failure) {
        try Self.settings(environment).set(Self.schema, Self.key, text)
        let written = try Self.read(environment: environment)
        guard written == self else {
            throw Failure(description: "gsettings did not keep \(Self.schema) \(Self.key) (is dconf reachable on the session bus?)")
        }
    }

    /// `gsettings` in `environment`, each failure said as this list's.
    private static func settings(_ environment: [String: String]) throws(Failure) -> Settings {
        // dconf, GNOME's settings backend, is reached through the session bus: without one GLib keeps nothing.
        if let missing = SessionBusNames.missingBus(environment: environment) { throw Failure(description: missing) }
        return Settings(gsettings: GSettings(environment: environment))
    }

    /// GSettings whose failures are this list's.
    private struct Settings {
        let gsettings: GSettings

        func get(_ schema: String, _ key: String) throws(Failure) -> String {
            do { return try gsettings.get(schema, key) } catch { throw Failure(description: "gsettings get failed: \(error.reason)") }
        }

        func set(_ schema: String, _ key: String, _ value: String) throws(Failure) {
            do { try gsettings.set(schema, key, value) } catch { throw Failure(description: "gsettings set failed: \(error.reason)") }
        }
    }

    init(uuids: [String]) { self.uuids = uuids }

    /// The GVariant text of an array of strings, as `gsettings get` prints it: `['a@b', "it's"]`, or `@as []`.
    init?(text: String) {
        guard let uuids = GSettings.strings(parsing: text) else { return nil }
        self.uuids = uuids
    }

    /// The list as GVariant text, for `gsettings set`.
    var text: String { GSettings.text(of: uuids) }
}

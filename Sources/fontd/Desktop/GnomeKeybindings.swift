import DynamicType
import Foundation

/// fontd's two GNOME custom keybindings, Super+Ctrl+plus and Super+Ctrl+minus, which run `fontd
/// category bigger | smaller` (docs/DESIGN.md §37 (The reader's control)): appended to the reader's
/// own list of custom keybindings, which keeps every binding of theirs, and taken out again leaving
/// the list as it was.
struct GnomeKeybindings {
    /// The schema that lists the custom keybindings (gnome-settings-daemon's media keys).
    static let schema = "org.gnome.settings-daemon.plugins.media-keys"
    /// Its key: the paths of the custom keybindings, each a relocatable `bindingSchema`.
    static let listKey = "custom-keybindings"
    /// The relocatable schema of one custom keybinding: `name`, `command`, `binding`.
    static let bindingSchema = "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding"
    /// Where GNOME Settings keeps custom keybindings; fontd's are named after their step.
    static let folder = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"

    /// One of fontd's keybindings.
    struct Binding: Equatable {
        var step: CategoryStep
        /// The keys, as GNOME writes an accelerator.
        var keys: String
        /// The name GNOME Settings lists it by.
        var name: String
        /// Its path in dconf, which the list names.
        var path: String { GnomeKeybindings.folder + "fontd-\(step.rawValue)/" }
        /// `schema:path` for `gsettings`.
        var located: String { GnomeKeybindings.bindingSchema + ":" + path }
    }

    /// fontd's two keybindings.
    static let bindings = [
        Binding(step: .bigger, keys: "<Super><Control>plus", name: "Larger text (fontd)"),
        Binding(step: .smaller, keys: "<Super><Control>minus", name: "Smaller text (fontd)"),
    ]

    let settings: GSettings
    /// The `fontd` the keys run: the installed one's absolute path.
    let executable: String

    /// The command a binding runs, as gnome-settings-daemon parses it (a shell's quoting, no shell).
    func command(_ binding: Binding) -> String {
        let plain = executable.allSatisfy { $0.isLetter || $0.isNumber || "/._+-".contains($0) }
        let program = plain ? executable : "'" + executable.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        return "\(program) category \(binding.step.rawValue)"
    }

    /// The keys and commands in words, for the report.
    static var described: String {
        bindings.map { "\($0.keys) (fontd category \($0.step.rawValue))" }.joined(separator: " and ")
    }

    /// Adds fontd's keybindings after the reader's own; the line that says what it did (a line
    /// beginning `unchanged` or `left` changed nothing).
    func install() -> String {
        if let missing = unreachable { return "left GNOME's keybindings alone: \(missing)" }
        do {
            let list = try currentList()
            let wanted = list + Self.bindings.map(\.path).filter { !list.contains($0) }
            var changed = wanted != list
            for binding in Self.bindings {
                let values = [("name", binding.name), ("command", command(binding)), ("binding", binding.keys)]
                for (key, value) in values.map({ ($0, GSettings.quoted($1)) }) {
                    guard try settings.get(binding.located, key) != value else { continue }
                    try settings.set(binding.located, key, value)
                    changed = true
                }
            }
            guard changed else { return "unchanged GNOME keybindings \(Self.described)" }
            if wanted != list { try settings.set(Self.schema, Self.listKey, GSettings.text(of: wanted)) }
            // gsettings exits 0 even when dconf could not be reached: read the list back.
            guard try currentList() == wanted else {
                return
                    "left GNOME's keybindings alone: gsettings could not write \(Self.schema) \(Self.listKey) (is the session bus there for dconf?)"
            }
            return "added GNOME keybindings \(Self.described) after your own"
        } catch {
            return error.noSchema
                ? "left GNOME's keybindings alone: the schema \(Self.schema) is not installed (Debian: gnome-settings-daemon-common)"
                : "left GNOME's keybindings alone: \(error.reason)"
        }
    }

    /// Takes fontd's keybindings out of the list, keeping the reader's in their order (the list
    /// reset when nothing else is in it, as before install), and resets fontd's keys; nil when
    /// there was nothing of fontd's.
    func uninstall() -> String? {
        guard unreachable == nil else { return nil }
        do {
            let list = try currentList()
            let kept = list.filter { path in !Self.bindings.contains { $0.path == path } }
            if kept != list {
                if kept.isEmpty {
                    try settings.reset(Self.schema, Self.listKey)
                } else {
                    try settings.set(Self.schema, Self.listKey, GSettings.text(of: kept))
                }
            }
            for binding in Self.bindings {
                for key in ["name", "command", "binding"] { try settings.reset(binding.located, key) }
            }
            return kept != list ? "removed GNOME keybindings \(Self.described); your own are kept" : nil
        } catch {
            return error.noSchema ? nil : "could not take out fontd's GNOME keybindings: \(error.reason)"
        }
    }

    /// Why GSettings cannot be reached: dconf, the desktop's backend, is written by dconf-service
    /// on the session bus, and without one `gsettings` would only warn; nil when it can be (or when
    /// `GSETTINGS_BACKEND` names another backend).
    var unreachable: String? {
        let backend = settings.environment["GSETTINGS_BACKEND"] ?? "dconf"
        guard backend == "dconf" else { return nil }
        return SessionBusNames.missingBus(environment: settings.environment)
    }

    /// The reader's list of custom keybindings now.
    private func currentList() throws(GSettings.Failure) -> [String] {
        let text = try settings.get(Self.schema, Self.listKey)
        guard let list = GSettings.strings(parsing: text) else {
            throw GSettings.Failure(reason: "gsettings answered \(text) for \(Self.schema) \(Self.listKey)")
        }
        return list
    }
}

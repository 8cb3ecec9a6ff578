import DesktopBridge
import DynamicType
import ScopedPreferences

/// The Settings portal backend (docs/DESIGN.md §28 (The Settings portal backend)): `org.freedesktop.impl.portal.Settings` at
/// `/org/freedesktop/portal/desktop`, which xdg-desktop-portal asks on behalf of every application
/// and merges with the other backends' answers. Namespace `org.fontd.DynamicType` holds the served
/// scope's preferences (the keys of `org.fontd.Fontd1` but the scope and the fonts' generation);
/// with `--portal-text-scaling-factor`, `org.gnome.desktop.interface text-scaling-factor` too,
/// the value the GNOME bridge writes.
struct SettingsPortal: Sendable {
    static let busName = "org.freedesktop.impl.portal.desktop.fontd"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.impl.portal.Settings"
    static let namespace = "org.fontd.DynamicType"
    static let notFound = "org.freedesktop.portal.Error.NotFound"
    static let version: UInt32 = 1
    /// The keys of `org.fontd.Fontd1` the portal leaves out: they mean nothing to an application.
    static let leftOut: Set<String> = [BusPreferences.Extra.scope.rawValue, BusPreferences.Extra.fontGeneration.rawValue]

    /// Whether GNOME's `text-scaling-factor` is answered too.
    let textScalingFactor: Bool
    let ratios: TextScalingRatios

    /// Every namespace and its keys for `preferences`.
    func settings(_ preferences: BusPreferences) -> [(namespace: String, entries: [BusEntry])] {
        var settings = [(Self.namespace, preferences.entries.filter { !Self.leftOut.contains($0.key) })]
        if textScalingFactor, case .string(let raw)? = preferences[ReaderPreference.category.declaration.busKey],
           let category = ContentSizeCategory(rawValue: raw)
        {
            settings.append((DesktopBridge.schema, [BusEntry(DesktopBridge.key, .double(ratios.factor(for: category)))]))
        }
        return settings
    }

    /// The reads the bus library answers at once for `preferences` (docs/DESIGN.md §27 (The session bus)): `Read` of
    /// each key but `sequence` (see `FontdObject.answeredAtOnce`), and `version`. Every other call
    /// comes to `handle`.
    func answers(_ preferences: BusPreferences) -> [BusAnswer] {
        settings(preferences).flatMap { namespace, entries in
            entries.filter { FontdObject.answeredAtOnce.contains($0.key) || namespace != Self.namespace }.map { entry in
                BusAnswer(Self.path, Self.interface, "Read", BusValue.tuple(.string(namespace), .string(entry.key)), .variant(entry.value))
            }
        } + [BusAnswer.property(Self.path, Self.interface, "version", .uint32(Self.version))]
    }

    /// Answers `call` from `preferences`, at once.
    func handle(_ call: BusCall, preferences: BusPreferences) {
        let settings = settings(preferences)
        switch call.member {
        case "ReadAll":
            let patterns = call.arguments.first?.values ?? []
            let asked = settings.filter { Self.matches($0.namespace, patterns) }
            call.reply(BusValue.tuple(.plainDictionary(asked.map { BusEntry($0.namespace, .dictionary($0.entries)) })))
        case "Read":
            let namespace = call.arguments.first?.values.first ?? ""
            let key = call.arguments.dropFirst().first?.values.first ?? ""
            guard let value = settings.first(where: { $0.namespace == namespace })?.entries.first(where: { $0.key == key })?.value else {
                return call.fail(BusError(name: Self.notFound, message: "Requested setting not found: \(namespace) \(key)"))
            }
            call.answer(.success(.variant(value)))
        default:
            call.fail(BusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "\(Self.interface) has no method \(call.member)"))
        }
    }

    /// The `SettingChanged` signals from `before` to `after`: one per key whose value changed.
    func changes(from before: BusPreferences, to after: BusPreferences) -> [String] {
        let old = settings(before)
        return settings(after).flatMap { namespace, entries in
            entries.compactMap { entry in
                let previous = old.first { $0.namespace == namespace }?.entries.first { $0.key == entry.key }?.value
                guard previous != entry.value else { return nil }
                return BusValue.tuple(.string(namespace), .string(entry.key), .variant(entry.value))
            }
        }
    }

    /// Whether `namespace` is asked for by `patterns`: none, or an empty one, ask for all; a
    /// trailing `*` matches any rest, as xdg-desktop-portal's front end does.
    static func matches(_ namespace: String, _ patterns: [String]) -> Bool {
        if patterns.isEmpty || patterns.contains("") { return true }
        return patterns.contains { pattern in
            pattern.hasSuffix("*") ? namespace.hasPrefix(pattern.dropLast()) : namespace == pattern
        }
    }
}

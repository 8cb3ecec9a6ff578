import DesktopBridge
import DynamicType
import ScopedPreferences

/// The Settings portal backend (docs/DESIGN.md §28 (The Settings portal backend)): `org.freedesktop.impl.portal.Settings` at
/// `/org/freedesktop/portal/desktop`, which xdg-desktop-portal asks on behalf of every application
/// and merges with the other backends' answers. Namespace `org.fontd.DynamicType` holds the
/// preferences of its scope, `desktop/portal` below the desktop scope or the bus API's (the keys
/// of `org.fontd.Fontd1` but the scope and the fonts' generation; the category clamped into that
/// scope's bounds, §30 (KDE Plasma, X11, and per-target limits)); with `--portal-text-scaling-factor`,
/// `org.gnome.desktop.interface text-scaling-factor` too, the value the GNOME bridge writes.
/// Excluded, it withholds the text size (`withheld`): as if fontd had no value for it.
struct SettingsPortal: Sendable {
    static let busName = "org.freedesktop.impl.portal.desktop.fontd"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.impl.portal.Settings"
    static let namespace = "org.fontd.DynamicType"
    static let notFound = "org.freedesktop.portal.Error.NotFound"
    /// The portal's error for arguments it does not take (too large, `BusArgumentLimits`).
    static let invalidArgument = "org.freedesktop.portal.Error.InvalidArgument"
    static let version: UInt32 = 1
    /// The keys of `org.fontd.Fontd1` the portal leaves out: they mean nothing to an application.
    static let leftOut: Set<String> = [FontdObject.ExtraKey.scope.rawValue, FontdObject.ExtraKey.fontGeneration.rawValue]

    /// The keys an excluded portal does not answer: the text size, in fontd's namespace and GNOME's.
    static let withheld: Set<String> = [
        ReaderPreference.category.declaration.busKey, FontdObject.ExtraKey.textScale.rawValue, DesktopBridge.key,
    ]

    /// The scope whose preferences the portal answers.
    let scope: PreferenceScope
    let hub: ScopeHub
    /// Whether GNOME's `text-scaling-factor` is answered too.
    let textScalingFactor: Bool
    let ratios: TextScalingRatios

    /// The portal scope's preferences now, as `GET /preferences` answers them.
    var preferences: Preferences { hub.answer(for: scope) }

    /// Every namespace and its keys for `preferences`; without the text size when `excluded`.
    func settings(_ preferences: Preferences, excluded: Bool) -> [(namespace: String, entries: [BusEntry])] {
        // Applications read the size the scope's bounds allow: the category clamped (the answer's), not the one requested.
        let categoryKey = ReaderPreference.category.declaration.busKey
        let own = FontdObject.entries(of: preferences, ratios: ratios).filter { !Self.leftOut.contains($0.key) }.map { entry in
            entry.key == categoryKey ? BusEntry(categoryKey, .string(preferences.category.rawValue)) : entry
        }
        var settings: [(namespace: String, entries: [BusEntry])] = [(Self.namespace, own)]
        if textScalingFactor {
            settings.append((DesktopBridge.schema, [BusEntry(DesktopBridge.key, .double(ratios.factor(for: preferences.category)))]))
        }
        guard excluded else { return settings }
        return settings.map { setting in (setting.namespace, setting.entries.filter { !Self.withheld.contains($0.key) }) }
            .filter { !$0.entries.isEmpty }
    }

    /// The reads the bus library answers at once for `preferences` (docs/DESIGN.md §27 (The session bus)): `Read` of
    /// each key but `sequence` (see `FontdObject.answeredAtOnce`), and `version`. Every other call
    /// comes to `handle`.
    func answers(_ preferences: Preferences, excluded: Bool) -> [BusAnswer] {
        settings(preferences, excluded: excluded).flatMap { namespace, entries in
            entries.filter { FontdObject.answeredAtOnce.contains($0.key) || namespace != Self.namespace }.map { entry in
                BusAnswer(Self.path, Self.interface, "Read", BusValue.tuple(.string(namespace), .string(entry.key)), .variant(entry.value))
            }
        } + [BusAnswer.property(Self.path, Self.interface, "version", .uint32(Self.version))]
    }

    /// Answers `call` from `preferences`, at once.
    func handle(_ call: BusCall, preferences: Preferences, excluded: Bool) {
        let settings = settings(preferences, excluded: excluded)
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

    /// The `SettingChanged` signals from `before` to `after`: one per key whose value changed or
    /// that came back. None when only `sequence` moved (a change of the reader's that the portal
    /// scope's bounds clamp away, or one of a withheld key): the portal's keys are as they were.
    func changes(from before: Preferences, excluded wasExcluded: Bool, to after: Preferences, excluded: Bool) -> [String] {
        let old = settings(before, excluded: wasExcluded)
        let changed = settings(after, excluded: excluded).flatMap { namespace, entries in
            entries.compactMap { entry -> (key: String, signal: String)? in
                let previous = old.first { $0.namespace == namespace }?.entries.first { $0.key == entry.key }?.value
                guard previous != entry.value else { return nil }
                return (entry.key, BusValue.tuple(.string(namespace), .string(entry.key), .variant(entry.value)))
            }
        }
        guard changed.contains(where: { $0.key != FontdObject.ExtraKey.sequence.rawValue }) else { return [] }
        return changed.map(\.signal)
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

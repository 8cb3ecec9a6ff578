import DesktopBridge
import Dispatch
import DynamicType
import ScopedPreferences

/// `org.fontd.Fontd1` at `/org/fontd/Fontd1` (docs/DESIGN.md §27 (The session bus)): the served scope's preferences
/// read, set and cleared, fonts resolved, and every change announced. Reads answer from the hub;
/// `Set` and `Clear` call the reader API (docs/DESIGN.md §38 (One domain in the middle)), so their
/// rules are the ones every front door follows, and its refusals become D-Bus errors in one place
/// (`BusError(_: ReaderError)`); `Resolve` asks `fonts`.
struct FontdObject: Sendable {
    static let busName = "org.fontd.Fontd1"
    static let path = "/org/fontd/Fontd1"
    static let interface = "org.fontd.Fontd1"
    /// An error's name is this and the code of docs/DESIGN.md §8 (Errors) with its first letter upper-cased.
    static let errorPrefix = "org.fontd.Fontd1.Error."
    static let version: UInt32 = 1

    let scope: PreferenceScope
    let reader: ReaderAPI
    let ratios: TextScalingRatios
    let fonts: any FontAnswering

    /// The served scope's preferences now, as `GET /preferences` answers them.
    var preferences: Preferences { reader.preferences(of: scope) }

    /// The served scope's keys and values now.
    var entries: [BusEntry] { Self.entries(of: preferences, ratios: ratios) }

    /// The keys whose value moves only with a change the watch reports: `sequence` also moves with a
    /// change that leaves the effective preferences as they were, `font-generation` with the fonts.
    static let answeredAtOnce = keys.filter { $0 != ExtraKey.sequence.rawValue && $0 != ExtraKey.fontGeneration.rawValue }

    /// The reads the bus library answers at once for `entries` (docs/DESIGN.md §27 (The session bus)): `ReadOne`
    /// of `answeredAtOnce`, and `Version`. Every other call comes to `handle`.
    static func answers(_ entries: [BusEntry]) -> [BusAnswer] {
        entries.filter { answeredAtOnce.contains($0.key) }.map { entry in
            BusAnswer(path, interface, "ReadOne", BusValue.tuple(.string(entry.key)), .variant(entry.value))
        } + [BusAnswer.property(path, interface, "Version", .uint32(version))]
    }

    /// Answers `call`: at once for reads; for the others, from a thread of Dispatch's once the
    /// service has answered (the bus thread never waits for the preferences queue).
    func handle(_ call: BusCall) {
        switch call.member {
        case "ReadAll":
            call.answer(.success(.dictionary(entries)))
        case "ReadOne":
            let key = call.arguments.first?.values.first ?? ""
            guard let value = entries.first(where: { $0.key == key })?.value else {
                return call.fail(Self.unknownKey(key, among: Self.keys))
            }
            call.answer(.success(.variant(value)))
        case "Set":
            var settings = PerPreference<ScopeTree.Setting>(repeating: .keep)
            for (key, type, value) in call.arguments.first?.variants ?? [] {
                guard let preference = writable(key, call) else { return }
                guard type == "s" else {
                    return call.fail(
                        BusError(name: Self.errorPrefix + "InvalidBody", message: "'\(key)' must be a string, not \(type) (\(value))"))
                }
                do throws(ReaderError) {
                    settings[preference] = .set(try ReaderAPI.value(of: preference, named: value))
                } catch {
                    return call.fail(BusError(error))
                }
            }
            change(settings, call)
        case "Clear":
            var settings = PerPreference<ScopeTree.Setting>(repeating: .keep)
            for key in call.arguments.first?.values ?? [] {
                guard let preference = writable(key, call) else { return }
                settings[preference] = .clear
            }
            change(settings, call)
        case "Resolve":
            let style = call.arguments.first?.values.first ?? ""
            let options = (call.arguments.dropFirst().first?.pairs ?? []).map { (name: $0.0, value: $0.1) }
            DispatchQueue.global().async { [fonts, scope] in
                fonts.resolve(style: style, options: options, scope: scope) { answer in
                    call.answer(answer.map(BusValue.string).mapError { BusError(code: $0.code, message: $0.message) })
                }
            }
        default:
            call.fail(BusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "org.fontd.Fontd1 has no method \(call.member)"))
        }
    }

    /// The preference `key` names, when `Set` or `Clear` may change it; else the call is answered
    /// with why not.
    private func writable(_ key: String, _ call: BusCall) -> ReaderPreference? {
        if let preference = ReaderPreference.allCases.first(where: { $0.declaration.busKey == key }) { return preference }
        if Self.keys.contains(key) {
            call.fail(
                BusError(
                    name: Self.errorPrefix + "InvalidBody",
                    message: "'\(key)' is read-only; \(call.member) takes \(Self.writableKeys.joined(separator: ", "))"))
        } else {
            call.fail(Self.unknownKey(key, among: Self.writableKeys))
        }
        return nil
    }

    /// Changes the served scope by `settings` through the reader API, as the operator (any process
    /// of the session's user may call); answered with `ReadAll`'s answer once the change is
    /// committed, else with the API's refusal. Off the bus thread: the check reads the tree and
    /// the installed families, and the bus thread never waits for them.
    private func change(_ settings: PerPreference<ScopeTree.Setting>, _ call: BusCall) {
        DispatchQueue.global().async { [self] in
            do throws(ReaderError) {
                try reader.change(scope, settings, byOperator: true) { result in
                    call.answer(result.map { _ in .dictionary(entries) }.mapError(BusError.init))
                }
            } catch {
                call.fail(BusError(error))
            }
        }
    }
}

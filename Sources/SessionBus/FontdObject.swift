import DesktopBridge
import Dispatch
import DynamicType
import ScopedPreferences

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `org.fontd.Fontd1` at `/org/fontd/Fontd1` (docs/DESIGN.md §27 (The session bus)): the served scope's preferences
/// read, set and cleared, fonts resolved, and every change announced. Reads answer from the hub;
/// `Set`, `Clear` and `Resolve` go through the service's own `PUT /preferences` and `GET /font`, so
/// their rules, refusals and bytes are the HTTP API's.
struct FontdObject: Sendable {
    static let busName = "org.fontd.Fontd1"
    static let path = "/org/fontd/Fontd1"
    static let interface = "org.fontd.Fontd1"
    /// An error's name is this and the HTTP API's code with its first letter upper-cased.
    static let errorPrefix = "org.fontd.Fontd1.Error."
    static let version: UInt32 = 1

    let scope: PreferenceScope
    let hub: ScopeHub
    let ratios: TextScalingRatios
    let gateway: any ServiceGateway

    /// The served scope's preferences now.
    var preferences: BusPreferences { BusPreferences(hub.answer(for: scope), ratios: ratios) }

    /// The keys whose value moves only with a change the watch reports: `sequence` also moves with a
    /// change that leaves the effective preferences as they were, `font-generation` with the fonts.
    static let answeredAtOnce = BusPreferences.keys.filter {
        $0 != BusPreferences.Extra.sequence.rawValue && $0 != BusPreferences.Extra.fontGeneration.rawValue
    }

    /// The reads the bus library answers at once for `preferences` (docs/DESIGN.md §27 (The session bus)): `ReadOne`
    /// of `answeredAtOnce`, and `Version`. Every other call comes to `handle`.
    static func answers(_ preferences: BusPreferences) -> [BusAnswer] {
        answeredAtOnce.compactMap { key in
            preferences[key].map { BusAnswer(path, interface, "ReadOne", BusValue.tuple(.string(key)), .variant($0)) }
        } + [BusAnswer.property(path, interface, "Version", .uint32(version))]
    }

    /// Answers `call`: at once for reads; for the others, from a thread of Dispatch's once the
    /// service has answered (the bus thread never waits for the preferences queue).
    func handle(_ call: BusCall) {
        switch call.member {
        case "ReadAll":
            call.answer(.success(.dictionary(preferences.entries)))
        case "ReadOne":
            let key = call.arguments.first?.values.first ?? ""
            guard let value = preferences[key] else { return call.fail(BusPreferences.unknownKey(key, among: BusPreferences.keys)) }
            call.answer(.success(.variant(value)))
        case "Set":
            var body: [(wireName: String, value: String?)] = []
            for (key, type, value) in call.arguments.first?.variants ?? [] {
                guard let preference = writable(key, call) else { return }
                guard type == "s" else {
                    return call.fail(
                        BusError(name: Self.errorPrefix + "InvalidBody", message: "'\(key)' must be a string, not \(type) (\(value))"))
                }
                body.append((preference.wireName, value))
            }
            change(body, call)
        case "Clear":
            var body: [(wireName: String, value: String?)] = []
            for key in call.arguments.first?.values ?? [] {
                guard let preference = writable(key, call) else { return }
                body.append((preference.wireName, nil))
            }
            change(body, call)
        case "Resolve":
            let style = call.arguments.first?.values.first ?? ""
            var query = [("style", style)] + (call.arguments.dropFirst().first?.pairs ?? [])
            if !scope.isRoot, !query.contains(where: { $0.0 == "scope" }) { query.append(("scope", scope.path)) }
            let target = "/font?" + query.map { Self.percentEncoded($0.0) + "=" + Self.percentEncoded($0.1) }.joined(separator: "&")
            ask("GET", target, body: [], call) { answer in .success(.string(String(decoding: answer.body, as: UTF8.self))) }
        default:
            call.fail(BusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "org.fontd.Fontd1 has no method \(call.member)"))
        }
    }

    /// The preference `key` names, when `Set` or `Clear` may change it; else the call is answered
    /// with why not.
    private func writable(_ key: String, _ call: BusCall) -> ReaderPreference? {
        if let preference = ReaderPreference.allCases.first(where: { $0.declaration.busKey == key }) { return preference }
        if BusPreferences.keys.contains(key) {
            call.fail(
                BusError(
                    name: Self.errorPrefix + "InvalidBody",
                    message: "'\(key)' is read-only; \(call.member) takes \(BusPreferences.writableKeys.joined(separator: ", "))"))
        } else {
            call.fail(BusPreferences.unknownKey(key, among: BusPreferences.writableKeys))
        }
        return nil
    }

    /// `PUT /preferences` (on the served scope) with `body`'s fields, each a value or `null`;
    /// answered with `ReadAll`'s answer once the change is committed.
    private func change(_ body: [(wireName: String, value: String?)], _ call: BusCall) {
        let json =
            "{" + body.map { "\(Self.jsonString($0.wireName)): \($0.value.map(Self.jsonString) ?? "null")" }.joined(separator: ",") + "}"
        let target = "/preferences" + (scope.isRoot ? "" : "?scope=" + Self.percentEncoded(scope.path))
        ask("PUT", target, body: Array(json.utf8), call) { _ in .success(.dictionary(preferences.entries)) }
    }

    /// Asks the service off the bus thread and answers `call` with `success` of a 200, else with
    /// the HTTP API's error as `org.fontd.Fontd1.Error.<Code>`.
    private func ask(
        _ method: String, _ target: String, body: [UInt8], _ call: BusCall,
        success: @escaping @Sendable (ServiceAnswer) -> Result<BusValue, BusError>
    ) {
        DispatchQueue.global().async { [gateway] in
            gateway.answer(method: method, target: target, body: body) { answer in
                call.answer(answer.status == 200 ? success(answer) : .failure(Self.error(of: answer)))
            }
        }
    }

    /// The D-Bus error of an HTTP error answer: its code, first letter upper-cased, and its sentence.
    static func error(of answer: ServiceAnswer) -> BusError {
        guard let document = try? JSONDecoder().decode(ErrorDocument.self, from: Data(answer.body)) else {
            return BusError(
                name: errorPrefix + "Failed",
                message: "the service answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        }
        let code = document.error.rawValue
        return BusError(name: errorPrefix + code.prefix(1).uppercased() + code.dropFirst(), message: document.message)
    }

    /// `text` as a JSON string.
    static func jsonString(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// `text` percent-encoded for a query: everything but RFC 3986's unreserved characters.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return encoded
    }
}

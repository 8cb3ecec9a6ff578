import Foundation

/// Whether a name has an owner on the session bus now, asked with `gdbus call` (GLib's tool)
/// rather than through GIO, which the command line never loads (docs/DESIGN.md §28 (The Settings portal backend)).
enum SessionBusNames {
    /// The bus's answer for one name.
    enum Answer: Equatable {
        case owned, notOwned
        /// No session bus, or no way to ask it; the sentence says which.
        case unknown(String)
    }

    /// Why there is no session bus to ask in `environment`; nil when there is one.
    static func missingBus(environment: [String: String]) -> String? {
        guard environment["DBUS_SESSION_BUS_ADDRESS"] == nil else { return nil }
        // GLib would fall back to $XDG_RUNTIME_DIR/bus, then to autolaunching a bus under X11: never that.
        // A relative XDG_RUNTIME_DIR is invalid (the XDG Base Directory specification) and ignored.
        let socket = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 + "/bus" : nil }
        guard let socket, FileManager.default.fileExists(atPath: socket) else {
            let missing = socket.map { "there is no \($0)" } ?? "XDG_RUNTIME_DIR is not set to an absolute path"
            return "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(missing)"
        }
        return nil
    }

    /// Asks the session bus of `environment` whether each of `names` has an owner.
    static func owners(of names: [String], environment: [String: String]) -> [String: Answer] {
        if let missing = missingBus(environment: environment) {
            return Dictionary(uniqueKeysWithValues: names.map { ($0, .unknown(missing)) })
        }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, ask($0, environment: environment)) })
    }

    /// `gdbus call --session` of `method` on `object` of `destination`, with `arguments` in GVariant
    /// text; what gdbus printed, or the one line that says why there is no answer.
    static func call(
        _ destination: String, _ object: String, _ method: String, _ arguments: [String], environment: [String: String]
    ) -> Result<String, CallFailure> {
        let command = ["call", "--session", "--timeout", "5", "--dest", destination, "--object-path", object, "--method", method]
        guard let run = DesktopTool.gdbus.run(command + arguments, environment: environment) else {
            return .failure(CallFailure(reason: DesktopTool.gdbus.missing))
        }
        guard run.succeeded else { return .failure(CallFailure(reason: run.complaint)) }
        return .success(run.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A call that got no answer, in one line.
    struct CallFailure: Error {
        var reason: String
    }

    private static func ask(_ name: String, environment: [String: String]) -> Answer {
        let answer = call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", [name], environment: environment)
        switch answer {
        case .success("(true,)"): return .owned
        case .success("(false,)"): return .notOwned
        case .success(let other): return .unknown("cannot ask the session bus: gdbus answered \(other)")
        case .failure(let failure) where failure.reason == DesktopTool.gdbus.missing: return .unknown(failure.reason)
        case .failure(let failure): return .unknown("cannot ask the session bus: \(failure.reason)")
        }
    }
}

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

    /// Asks the session bus of `environment` whether each of `names` has an owner.
    static func owners(of names: [String], environment: [String: String]) -> [String: Answer] {
        if let missing = missingBus(environment: environment) {
            return Dictionary(uniqueKeysWithValues: names.map { ($0, .unknown(missing)) })
        }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, ask($0, environment: environment)) })
    }

    /// Why `environment` has no session bus to ask ("no session bus: …"); nil when it names one or its runtime folder
    /// has one. GLib would fall back to `$XDG_RUNTIME_DIR/bus`, then to autolaunching a bus under X11: never that.
    static func missingBus(environment: [String: String]) -> String? {
        guard environment["DBUS_SESSION_BUS_ADDRESS"] == nil else { return nil }
        // A relative XDG_RUNTIME_DIR is invalid (the XDG Base Directory specification) and ignored.
        let socket = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 + "/bus" : nil }
        if let socket, FileManager.default.fileExists(atPath: socket) { return nil }
        let missing = socket.map { "there is no \($0)" } ?? "XDG_RUNTIME_DIR is not set to an absolute path"
        return "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(missing)"
    }

    private static func ask(_ name: String, environment: [String: String]) -> Answer {
        let arguments = [
            "gdbus", "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.NameHasOwner", name,
        ]
        guard let gdbus = DesktopProgram.run(arguments, environment: environment) else {
            return .unknown("cannot run gdbus (Debian: apt install libglib2.0-bin)")
        }
        switch gdbus.output {
        case "(true,)": return .owned
        case "(false,)": return .notOwned
        default: return .unknown("cannot ask the session bus: \(gdbus.complaint ?? "gdbus exited with status \(gdbus.status)")")
        }
    }
}

import Foundation
import ProcessSpawning

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
        if environment["DBUS_SESSION_BUS_ADDRESS"] == nil {
            // GLib would fall back to $XDG_RUNTIME_DIR/bus, then to autolaunching a bus under X11: never that.
            // A relative XDG_RUNTIME_DIR is invalid (the XDG Base Directory specification) and ignored.
            let socket = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 + "/bus" : nil }
            guard let socket, FileManager.default.fileExists(atPath: socket) else {
                let missing = socket.map { "there is no \($0)" } ?? "XDG_RUNTIME_DIR is not set to an absolute path"
                let none = Answer.unknown("no session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(missing)")
                return Dictionary(uniqueKeysWithValues: names.map { ($0, none) })
            }
        }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, ask($0, environment: environment)) })
    }

    private static func ask(_ name: String, environment: [String: String]) -> Answer {
        let arguments = [
            "/usr/bin/env", "gdbus", "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.DBus", "--object-path",
            "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.NameHasOwner", name,
        ]
        var childEnvironment = environment
        childEnvironment["DISPLAY"] = nil  // no autolaunch of a bus
        guard let gdbus = try? SpawnedProcess(arguments, environment: childEnvironment, output: .pipe, error: .pipe),
            let output = gdbus.standardOutput, let error = gdbus.standardError
        else { return .unknown("cannot run gdbus (Debian: apt install libglib2.0-bin)") }
        let answer = String(decoding: SpawnedProcess.readToEnd(output), as: UTF8.self)
        let complaint = String(decoding: SpawnedProcess.readToEnd(error), as: UTF8.self)
        // The exit status, or the signal's number, as the sentence has always said it.
        let status =
            switch gdbus.wait() {
            case .exited(let status): status
            case .signalled(let signal): signal
            }
        switch answer.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "(true,)": return .owned
        case "(false,)": return .notOwned
        default:
            if status == 127 { return .unknown("cannot run gdbus (Debian: apt install libglib2.0-bin)") }
            let reason = complaint.split(separator: "\n").first.map(String.init) ?? "gdbus exited with status \(status)"
            return .unknown("cannot ask the session bus: \(reason)")
        }
    }
}

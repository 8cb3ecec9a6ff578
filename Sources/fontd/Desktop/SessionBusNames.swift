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
        if environment["DBUS_SESSION_BUS_ADDRESS"] == nil {
            // GLib would fall back to $XDG_RUNTIME_DIR/bus, then to autolaunching a bus under X11: never that.
            let socket = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
            guard let socket, FileManager.default.fileExists(atPath: socket) else {
                let missing = socket.map { "there is no \($0)" } ?? "neither is XDG_RUNTIME_DIR"
                let none = Answer.unknown("no session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(missing)")
                return Dictionary(uniqueKeysWithValues: names.map { ($0, none) })
            }
        }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, ask($0, environment: environment)) })
    }

    private static func ask(_ name: String, environment: [String: String]) -> Answer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "gdbus", "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.NameHasOwner", name,
        ]
        var childEnvironment = environment
        childEnvironment["DISPLAY"] = nil  // no autolaunch of a bus
        process.environment = childEnvironment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return .unknown("cannot run gdbus (Debian: apt install libglib2.0-bin)") }
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch answer.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "(true,)": return .owned
        case "(false,)": return .notOwned
        default:
            if process.terminationStatus == 127 { return .unknown("cannot run gdbus (Debian: apt install libglib2.0-bin)") }
            let reason = complaint.split(separator: "\n").first.map(String.init) ?? "gdbus exited with status \(process.terminationStatus)"
            return .unknown("cannot ask the session bus: \(reason)")
        }
    }
}

import FontdTestSupport
import Foundation

/// A client of a test's session bus, in Python with GIO (Debian's python3-gi): `run` calls what a
/// script asks and returns what it prints; `SessionBusSignals` follows signals. The script finds
/// `bus`, a connection to the bus, `GLib`, `Gio` and `json` ready, and `call(name, path,
/// interface, method, text)`, which answers `["ok", value]` or `["error", name, message]` with
/// the value unpacked to JSON's types.
public enum SessionBusScript {
    public struct ScriptError: Error, CustomStringConvertible {
        public var output: String
        public var description: String { "the bus client failed (is python3-gi installed?): \(output)" }
    }

    static let prelude = """
        import json, sys
        import gi
        gi.require_version("Gio", "2.0")
        from gi.repository import Gio, GLib
        bus = Gio.DBusConnection.new_for_address_sync(
            sys.argv[1], Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        def call(name, path, interface, method, text=None):
            try:
                answer = bus.call_sync(name, path, interface, method, GLib.Variant.parse(None, text, None, None) if text else None,
                                       None, Gio.DBusCallFlags.NONE, 5000, None)
                return ["ok", answer.unpack()[0] if answer.n_children() == 1 else answer.unpack()]
            except GLib.Error as error:
                name = Gio.DBusError.get_remote_error(error)
                prefix = "GDBus.Error:%s: " % name
                return ["error", name, error.message[len(prefix):] if error.message.startswith(prefix) else error.message]

        """

    /// Runs `script` against the bus at `address`; returns its stdout.
    public static func run(_ script: String, address: String, timeoutSeconds: Double = 20) throws -> String {
        let result = try CommandRunner.run(
            ["-c", prelude + script, address], executable: URL(fileURLWithPath: "/usr/bin/python3"),
            environment: ProcessInfo.processInfo.environment,
            timeoutSeconds: timeoutSeconds)
        guard result.status == 0 else { throw ScriptError(output: result.standardError) }
        return result.standardOutput
    }

    /// Runs `script`, which prints one JSON document, and reads it.
    public static func json(_ script: String, address: String) throws -> Any {
        let output = try run(script, address: address)
        return try JSONSerialization.jsonObject(with: Data(output.utf8), options: [.fragmentsAllowed])
    }

    /// `["ok", value]` or `["error", name, message]` for one call, as `call` in a script answers.
    public static func call(
        _ name: String, _ path: String, _ interface: String, _ method: String, _ text: String? = nil, address: String
    ) throws -> [Any] {
        let argument = text.map { "'''\($0.replacingOccurrences(of: "'", with: "\\'"))'''" } ?? "None"
        let answer = try json("print(json.dumps(call('\(name)', '\(path)', '\(interface)', '\(method)', \(argument))))", address: address)
        return answer as? [Any] ?? []
    }
}

import FontdTestSupport
import Foundation

/// A GNOME desktop of one test's own (docs/DESIGN.md §26 (The desktop bridge)): GSettings' keyfile backend under a
/// temporary `XDG_CONFIG_HOME` — or dconf, a desktop's backend, on a session bus of its own — with
/// GNOME's text-scaling-factor read and changed by the `gsettings` tool in a process of its own,
/// as GNOME Settings changes it.
public struct GnomeDesktop: Sendable {
    /// `gsettings` did not do what it was asked.
    public struct GsettingsError: Error, CustomStringConvertible {
        public var output: String
        public var description: String { "gsettings failed (is libglib2.0-bin installed, and gsettings-desktop-schemas?): \(output)" }
    }

    /// Where GSettings keeps the key.
    public enum Backend: Sendable {
        /// A file, `XDG_CONFIG_HOME/glib-2.0/settings/keyfile`, watched by each process; no bus.
        case keyfile
        /// dconf: a database under `XDG_CONFIG_HOME/dconf`, written by dconf-service, changes heard on the session bus.
        case dconf
    }

    public static let schema = "org.gnome.desktop.interface"
    public static let key = "text-scaling-factor"
    /// Debian's libglib2.0-bin.
    public static let gsettings = URL(fileURLWithPath: "/usr/bin/gsettings")

    /// `XDG_CONFIG_HOME`, where the backend keeps the key.
    public let configHome: URL
    /// `XDG_STATE_HOME`, where fontd keeps `gnome-base.json` and `desktop-status.json`.
    public let stateHome: URL
    /// The environment of a `fontd serve` and a `gsettings` sharing this desktop: `base` with
    /// `GSETTINGS_BACKEND` and `XDG_CONFIG_HOME`, and the session bus dconf needs (none for keyfile).
    public let environment: [String: String]
    /// dconf's session bus, held as long as the desktop.
    private let bus: PrivateSessionBus?

    public init(_ backend: Backend = .keyfile, base: [String: String] = PinnedFonts.environment) throws {
        let directory = try TestPaths.temporaryDirectory()
        configHome = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
        var environment = base
        environment["GSETTINGS_BACKEND"] = backend == .keyfile ? "keyfile" : "dconf"
        environment["XDG_CONFIG_HOME"] = configHome.path
        // fontd's own state (gnome-base.json, the targets' status): this desktop's, never the user's.
        stateHome = directory.appendingPathComponent("state")
        environment["XDG_STATE_HOME"] = stateHome.path
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        if backend == .dconf {
            // dconf-service keeps its shared memory in XDG_RUNTIME_DIR, which must be private.
            let runtime = directory.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            environment["XDG_RUNTIME_DIR"] = runtime.path
            let bus = try PrivateSessionBus(in: directory, environment: environment)
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
            self.bus = bus
        } else {
            bus = nil
        }
        self.environment = environment
    }

    /// `gsettings set org.gnome.desktop.interface text-scaling-factor VALUE`.
    public func set(_ factor: Double) throws {
        let result = try run(["set", Self.schema, Self.key, String(factor)])
        guard result.status == 0 else { throw GsettingsError(output: result.standardError) }
    }

    /// The key's value as `gsettings get` reads it.
    public func textScalingFactor() throws -> Double {
        let result = try run(["get", Self.schema, Self.key])
        let text = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, let factor = Double(text) else { throw GsettingsError(output: result.standardError + text) }
        return factor
    }

    /// Reads the key until it holds `expected`, for at most `seconds`; returns what it last read.
    @discardableResult
    public func waitForFactor(_ expected: Double, seconds: Double = Wait.defaultSeconds) throws -> Double {
        var factor = 0.0
        _ = try Wait.holds(seconds: seconds) {
            factor = try textScalingFactor()
            return factor == expected
        }
        return factor
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(arguments, executable: Self.gsettings, environment: environment, timeoutSeconds: 5)
    }
}

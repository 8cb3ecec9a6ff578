import FontdTestSupport
import Foundation

/// A session bus of one test's own (`PrivateSessionBus`) and the environment a `fontd serve` on it
/// sees: the pinned fonts and `DBUS_SESSION_BUS_ADDRESS` (docs/DESIGN.md §27 (The session bus)). `portal()` starts
/// Debian's xdg-desktop-portal on it with fontd's `.portal` file (§28 (The Settings portal backend)).
public final class SessionBusHarness: @unchecked Sendable {
    public let directory: URL
    public let bus: PrivateSessionBus
    /// `DBUS_SESSION_BUS_ADDRESS`.
    public var address: String { bus.address }
    /// The environment of a `fontd serve` (or any client) on this bus.
    public let environment: [String: String]

    /// `services`: D-Bus activation files (file name → contents) the bus reads from
    /// `$XDG_DATA_HOME/dbus-1/services` when it starts (docs/DESIGN.md §29 (A desktop service)).
    public init(base: [String: String] = PinnedFonts.environment, services: [String: String] = [:]) throws {
        directory = try TestPaths.temporaryDirectory()
        let serviceDirectory = directory.appendingPathComponent("data/dbus-1/services")
        try FileManager.default.createDirectory(at: serviceDirectory, withIntermediateDirectories: true)
        for (name, contents) in services {
            try Data(contents.utf8).write(to: serviceDirectory.appendingPathComponent(name))
        }
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var environment = base
        // The services the bus starts on demand (xdg-permission-store, for the portal) keep their files here.
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        bus = try PrivateSessionBus(in: directory, environment: environment)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        self.environment = environment
    }

    /// xdg-desktop-portal on this bus, with fontd's `.portal` file; ready when returned.
    public func portal() throws -> DesktopPortal {
        try DesktopPortal(address: address, in: directory)
    }

    /// What a script of `SessionBusScript` prints, against this bus.
    public func script(_ script: String) throws -> Any {
        try SessionBusScript.json(script, address: address)
    }

    /// One call: `["ok", value]` or `["error", name, message]`.
    public func call(_ name: String, _ path: String, _ interface: String, _ method: String, _ arguments: String? = nil) throws -> [Any] {
        try SessionBusScript.call(name, path, interface, method, arguments, address: address)
    }

    /// The signals of `interface` from now on.
    public func signals(of interface: String) throws -> SessionBusSignals {
        try SessionBusSignals(interface: interface, address: address)
    }
}

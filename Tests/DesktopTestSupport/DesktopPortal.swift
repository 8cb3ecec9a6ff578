import FontdTestSupport
import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's real xdg-desktop-portal (the front end applications call) on a test's session bus,
/// with fontd's `.portal` file (`data/fontd.portal`) the only backend it knows (docs/DESIGN.md
/// §28 (The Settings portal backend)): `XDG_DESKTOP_PORTAL_DIR` a directory holding that file, `XDG_CURRENT_DESKTOP` one of its
/// `UseIn` desktops, `GSETTINGS_BACKEND=memory` so it touches no dconf. Ready once its name is on
/// the bus (`gdbus wait`); stopped when released.
///
/// Started as a `SpawnedProcess` (an empty signal mask), so SIGTERM stops it.
public final class DesktopPortal: @unchecked Sendable {
    public enum StartError: Error, CustomStringConvertible {
        case notStarted(Int32)
        case notOnTheBus(String)

        public var description: String {
            switch self {
            case .notStarted(let error):
                "xdg-desktop-portal did not start (is xdg-desktop-portal installed?): \(String(cString: strerror(error)))"
            case .notOnTheBus(let log): "xdg-desktop-portal did not take its name on the bus: \(log)"
            }
        }
    }

    /// Debian 12's xdg-desktop-portal 1.16.
    public static let executable = "/usr/libexec/xdg-desktop-portal"
    /// The front end's name, object and interface of settings.
    public static let busName = "org.freedesktop.portal.Desktop"
    public static let path = "/org/freedesktop/portal/desktop"
    public static let settingsInterface = "org.freedesktop.portal.Settings"
    /// fontd's `.portal` file, as committed.
    public static let portalFile = TestPaths.packageRoot.appendingPathComponent("data/fontd.portal")
    /// A desktop the `.portal` file's `UseIn` names.
    public static let desktop = "sway"

    /// Where its log (`--verbose`) goes.
    public let logPath: String
    private var program: SpawnedProcess?

    /// Starts the portal on the bus at `address`; returns once its name is on the bus.
    public init(address: String, in directory: URL) throws {
        let portals = directory.appendingPathComponent("portals")
        try FileManager.default.createDirectory(at: portals, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.portalFile, to: portals.appendingPathComponent("fontd.portal"))
        let runtime = directory.appendingPathComponent("portal-runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        logPath = directory.appendingPathComponent("xdg-desktop-portal.log").path
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["XDG_DESKTOP_PORTAL_DIR"] = portals.path
        environment["XDG_CURRENT_DESKTOP"] = Self.desktop
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("portal-config").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("portal-data").path

        do {
            program = try SpawnedProcess([Self.executable, "--verbose", "--replace"], environment: environment, outputPath: logPath)
        } catch {
            throw StartError.notStarted(error.errno)
        }

        // gdbus wait returns once the name has an owner (or fails after its timeout).
        var waitEnvironment = ProcessInfo.processInfo.environment
        waitEnvironment["DBUS_SESSION_BUS_ADDRESS"] = address
        let wait = try CommandRunner.run(
            ["wait", "--session", "--timeout", "10", Self.busName], executable: URL(fileURLWithPath: "/usr/bin/gdbus"),
            environment: waitEnvironment, timeoutSeconds: 15)
        guard wait.status == 0 else {
            stop()
            throw StartError.notOnTheBus(wait.standardError + log)
        }
    }

    deinit { stop() }

    /// What the portal has logged so far.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Stops the portal (SIGTERM; SIGKILL after 5 s).
    public func stop() {
        program?.stop()
        program = nil
    }
}

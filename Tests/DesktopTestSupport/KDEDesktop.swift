import FontdTestSupport
import Foundation

/// A KDE Plasma desktop of one test's own (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): `kdeglobals` in a
/// temporary `XDG_CONFIG_HOME`, fontd's base record under a temporary `XDG_STATE_HOME`, a session
/// bus of its own for the signals, and `kwriteconfig5`/`kreadconfig5` (Debian's libkf5config-bin) in
/// processes of their own, as System Settings writes and reads the file.
public final class KDEDesktop: @unchecked Sendable {
    /// `kwriteconfig5` or `kreadconfig5` did not do what it was asked.
    public struct KConfigToolError: Error, CustomStringConvertible {
        public var output: String
        public var description: String { "kwriteconfig5/kreadconfig5 failed (is libkf5config-bin installed?): \(output)" }
    }

    public static let kwriteconfig = URL(fileURLWithPath: "/usr/bin/kwriteconfig5")
    public static let kreadconfig = URL(fileURLWithPath: "/usr/bin/kreadconfig5")

    /// `XDG_CONFIG_HOME`, which holds `kdeglobals`.
    public let configHome: URL
    /// `$XDG_CONFIG_HOME/kdeglobals`.
    public var globals: URL { configHome.appendingPathComponent("kdeglobals") }
    /// `$XDG_STATE_HOME/fontd/kde-base.json`.
    public let basesFile: URL
    public let harness: SessionBusHarness
    /// The environment of a `fontd serve` and the KConfig tools sharing this desktop.
    public let environment: [String: String]

    /// A desktop whose `kdeglobals` holds `globals` (none when nil); `configHome` replaces the temporary one.
    public init(globals: String?, configHome: URL? = nil) throws {
        harness = try SessionBusHarness()
        let directory = try TestPaths.temporaryDirectory()
        self.configHome = configHome ?? directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: self.configHome, withIntermediateDirectories: true)
        basesFile = directory.appendingPathComponent("state/fontd/kde-base.json")
        var environment = harness.environment
        environment["XDG_CONFIG_HOME"] = self.configHome.path
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        environment["XDG_CURRENT_DESKTOP"] = "KDE"
        self.environment = environment
        if let globals { try Data(globals.utf8).write(to: self.globals) }
    }

    /// The file's text now.
    public func text() throws -> String { try String(contentsOf: globals, encoding: .utf8) }

    /// `kwriteconfig5 --file kdeglobals --group GROUP --key KEY VALUE`.
    public func write(group: String, key: String, _ value: String) throws {
        let result = try CommandRunner.run(
            ["--file", "kdeglobals", "--group", group, "--key", key, value], executable: Self.kwriteconfig, environment: environment,
            timeoutSeconds: 10)
        guard result.status == 0 else { throw KConfigToolError(output: result.standardError) }
    }

    /// `kreadconfig5 --file kdeglobals --group GROUP --key KEY`.
    public func read(group: String, key: String) throws -> String {
        let result = try CommandRunner.run(
            ["--file", "kdeglobals", "--group", group, "--key", key], executable: Self.kreadconfig, environment: environment,
            timeoutSeconds: 10)
        guard result.status == 0 else { throw KConfigToolError(output: result.standardError) }
        return result.standardOutput.trimmingCharacters(in: .newlines)
    }

    /// Reads the file until `isDone` accepts it, for at most `seconds`; returns what it last read.
    @discardableResult
    public func waitForText(seconds: Double = Wait.defaultSeconds, until isDone: (String) -> Bool) throws -> String {
        var text = ""
        _ = try Wait.holds(seconds: seconds) {
            text = try self.text()
            return isDone(text)
        }
        return text
    }
}

import FontResolution
import Foundation

/// A fontconfig setup that sees only the DejaVu fonts, so answers are the same on any machine.
///
/// The generated `fonts.conf` `<include>`s `/etc/fonts/conf.d` for the generic-family aliases
/// (without them `sans-serif` resolves to "DejaVu Math TeX Gyre"), lists only the DejaVu
/// directory and keeps its own cache under `.build/`. It is used through `FONTCONFIG_FILE`.
public enum PinnedFonts {
    /// The only font directory the tests' fontconfig scans.
    public static let fontDirectory = "/usr/share/fonts/truetype/dejavu"

    /// The generated configuration file; creating it also points this process's fontconfig at it.
    /// Touch it before the first fontconfig call of the process.
    public static let configFile: String = {
        let file = writeConfiguration(named: "test-fontconfig", directories: [fontDirectory])
        setenv("FONTCONFIG_FILE", file, 1)
        return file
    }()

    /// Writes a `fonts.conf` under `.build/NAME/` that scans only `directories` (plus the generic-family
    /// aliases of `/etc/fonts/conf.d`) and keeps its cache beside it; returns its path.
    ///
    /// A configuration that scans a test's own folder (`TestPaths.temporaryDirectory()`) is of no
    /// use once that folder is gone, so it is removed with it when the test process exits.
    public static func writeConfiguration(named name: String, directories: [String]) -> String {
        let directory = TestPaths.packageRoot.appendingPathComponent(".build/\(name)")
        if directories.contains(where: RemovedAtExit.willRemove) { RemovedAtExit.register(directory.path) }
        let file = directory.appendingPathComponent("fonts.conf").path
        let configuration = FontconfigConfiguration(
            fontDirectories: directories, cacheDirectory: directory.appendingPathComponent("cache").path, system: .rules)
        // Not fatal here: every test that uses the file fails if it could not be written.
        _ = try? configuration.write(to: file)
        return file
    }

    /// The environment for a child process that must see only the font files in `directory`.
    public static func environment(seeingOnly directory: URL) -> [String: String] {
        var environment = Self.environment
        environment["FONTCONFIG_FILE"] = writeConfiguration(
            named: "test-fontconfig-\(directory.lastPathComponent)", directories: [directory.path])
        return environment
    }

    /// The environment for a child process that must see only the pinned fonts.
    ///
    /// Its command line's answer cache (docs/DESIGN.md §18 (The command line)) is under `.build/test-answer-cache/`,
    /// not the user's: the tests run through it, so a stale or altered answer fails them too.
    public static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = configFile
        environment["XDG_CACHE_HOME"] = answerCacheHome
        // No session bus: `fontd serve` joins the one named here (docs/DESIGN.md §27 (The session bus)), and a test's
        // server must never take names on the session of whoever runs the tests.
        // No X display either: `--desktop auto` writes Xft.dpi to the one named here (docs/DESIGN.md §30 (KDE Plasma,
        // X11, and per-target limits)); a test that wants X starts an `X11Display` of its own.
        for name in ["FONTD_STYLES", "FONTD_NO_CACHE", "FONTD_CACHE_TRACE", "DBUS_SESSION_BUS_ADDRESS", "DISPLAY"] {
            environment.removeValue(forKey: name)
        }
        return environment
    }

    /// The `XDG_CACHE_HOME` of the tests' `fontd` runs.
    public static let answerCacheHome = TestPaths.packageRoot.appendingPathComponent(".build/test-answer-cache").path
}

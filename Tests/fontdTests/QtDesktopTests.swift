import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd serve --desktop qt5ct` / `qt6ct` with real PyQt5 and PyQt6 applications themed by Debian's
/// qt5ct and qt6ct under Xvfb (docs/DESIGN.md §34 (The reader's own sizes)): the reader's own
/// `[Fonts]` sizes (general 10, fixed 11) are the bases, a running application applies base × ratio
/// (to half a point) live, and `exclude` puts the file back byte for byte.
@Suite(.ownThread) struct QtDesktopTests {
    /// Prints `fonts GENERAL FIXED` (points) at start and whenever they change.
    static let probe = """
        import sys
        if sys.argv[1] == "5":
            from PyQt5.QtWidgets import QApplication
            from PyQt5.QtGui import QFontDatabase
            from PyQt5.QtCore import QTimer
            fixed = QFontDatabase.FixedFont
        else:
            from PyQt6.QtWidgets import QApplication
            from PyQt6.QtGui import QFontDatabase
            from PyQt6.QtCore import QTimer
            fixed = QFontDatabase.SystemFont.FixedFont
        app = QApplication(sys.argv[:1])
        last = None
        def report():
            global last
            now = (app.font().pointSizeF(), QFontDatabase.systemFont(fixed).pointSizeF())
            if now != last:
                last = now
                print("fonts %r %r" % now, flush=True)
        report()
        timer = QTimer()
        timer.timeout.connect(report)
        timer.start(50)
        app.exec()
        """

    /// The reader's file: their own sizes, and lines of theirs fontd must keep.
    static let readersFile = """
        [Appearance]
        style=Fusion

        [Fonts]
        fixed="DejaVu Sans Mono,11,-1,5,50,0,0,0,0,0"
        general="DejaVu Sans,10,-1,5,50,0,0,0,0,0"

        [Interface]
        wheel_scroll_lines=3

        """

    /// `base` × `category`'s ratio in the default table, to the nearest half point.
    private func points(_ base: Double, _ category: ContentSizeCategory) throws -> Double {
        ((base * (try #require(Fixtures.defaultTable.textScalingRatios))[category]) * 2).rounded() / 2
    }

    private func setCategory(_ server: ServerProcess, _ category: ContentSizeCategory) throws {
        #expect(try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#).status == 200)
    }

    /// A display of a home of the test's own, with `text` as `tool`'s configuration (none when nil).
    private func readersDisplay(_ tool: String, _ text: String?) throws -> (TemporaryHome, X11Display, URL) {
        let home = try TemporaryHome()
        let folder = home.configHome.appendingPathComponent(tool)
        let file = folder.appendingPathComponent(tool + ".conf")
        if let text {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return (home, try X11Display(base: home.environment()), file)
    }

    /// The probe under PyQt `version`, themed by `theme`, on `display`.
    private func startApplication(version: String, theme: String, home: TemporaryHome, display: X11Display) throws -> TerminalProcess {
        let runtime = home.root.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var environment = display.environment
        environment["QT_QPA_PLATFORMTHEME"] = theme
        environment["XDG_RUNTIME_DIR"] = runtime.path
        return try TerminalProcess(["/usr/bin/python3", "-c", Self.probe, version], environment: environment, in: home.root)
    }

    /// PyQt5 themed by qt5ct, PyQt6 by qt6ct, and PyQt6 by `qt5ct` — the one value `fontd desktop
    /// install --qt` sets, which Debian's qt6ct plugin answers to, reading `qt6ct.conf`.
    @Test(arguments: [("5", "qt5ct", "qt5ct"), ("6", "qt6ct", "qt6ct"), ("6", "qt6ct", "qt5ct")])
    func aRunningApplicationFollowsAndExcludePutsTheFileBack(version: String, tool: String, theme: String) throws {
        let (home, display, file) = try readersDisplay(tool, Self.readersFile)
        defer { display.stop() }
        let application = try startApplication(version: version, theme: theme, home: home, display: display)
        defer { application.stop() }
        #expect(application.waitForLog(containing: "fonts 10.0 11.0", seconds: 60), "\(application.log())")

        let server = try ServerProcess(["--desktop", tool], environment: display.environment)
        defer { server.stop() }
        try setCategory(server, .accessibilityMedium)
        let general = try points(10, .accessibilityMedium)
        let fixed = try points(11, .accessibilityMedium)
        // The tool applies a change to the running application about 3 s after its folder changes.
        #expect(application.waitForLog(containing: "fonts \(general) \(fixed)", seconds: 60), "\(application.log())")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text
                == Self.readersFile.replacingOccurrences(of: "Mono,11,", with: "Mono,\(written(fixed)),")
                .replacingOccurrences(of: "Sans,10,", with: "Sans,\(written(general)),"))

        let excluded = try CommandRunner.run(["desktop", "exclude", tool], environment: display.environment)
        #expect(excluded.status == 0, "\(excluded.standardError)")
        #expect(try Data(contentsOf: file) == Data(Self.readersFile.utf8))
        #expect(application.waitForLog(containing: "fonts 10.0 11.0", count: 2, seconds: 60), "\(application.log())")
        #expect(server.terminate() == 0)
    }

    /// A reader without a file, nor the tool's folder: the tool's default, 12 points, is the base, and
    /// fontd's file and folder go on `exclude`. qt5ct and qt6ct watch the folder only if it exists
    /// when the application starts, so here an application started after the change shows it.
    @Test func withoutAFileTheToolsDefaultIsTheBaseAndExcludeRemovesFontdsFile() throws {
        let (home, display, file) = try readersDisplay("qt6ct", nil)
        defer { display.stop() }
        let before = try startApplication(version: "6", theme: "qt6ct", home: home, display: display)
        defer { before.stop() }
        #expect(before.waitForLog(containing: "fonts 12.0 12.0", seconds: 60), "\(before.log())")

        let server = try ServerProcess(["--desktop", "qt6ct"], environment: display.environment)
        defer { server.stop() }
        try setCategory(server, .accessibilityMedium)
        let size = try points(12, .accessibilityMedium)
        let general = "general=\"Sans Serif,\(written(size)),"
        #expect(before.waitUntil(seconds: 60) { ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains(general) })
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("fixed=\"Monospace,\(written(size)),"), "\(text)")
        let after = try startApplication(version: "6", theme: "qt6ct", home: home, display: display)
        defer { after.stop() }
        #expect(after.waitForLog(containing: "fonts \(size) \(size)", seconds: 60), "\(after.log())")

        #expect(try CommandRunner.run(["desktop", "exclude", "qt6ct"], environment: display.environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // The folder fontd made for it too.
        #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
    }

    /// `fontd desktop uninstall`, after the server stopped, puts the reader's file back byte for byte.
    @Test func uninstallPutsTheReadersFileBack() throws {
        let home = try TemporaryHome()
        let file = home.configHome.appendingPathComponent("qt5ct/qt5ct.conf")
        try home.write(Self.readersFile, to: "config/qt5ct/qt5ct.conf")
        let server = try ServerProcess(["--desktop", "qt5ct"], environment: home.environment())
        defer { server.stop() }
        try setCategory(server, .extraExtraLarge)
        let general = "Sans,\(written(try points(10, .extraExtraLarge))),"
        let text = { (try? String(contentsOf: file, encoding: .utf8)) ?? "no file" }
        try Wait.until("qt5ct.conf at xxl's size", seen: text) { text().contains(general) }
        #expect(server.terminate() == 0)

        let uninstall = try CommandRunner.run(["desktop", "uninstall"], environment: home.environment())
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        #expect(uninstall.standardOutput.contains("qt5ct: put back your own [Fonts] sizes"), "\(uninstall.standardOutput)")
        #expect(try Data(contentsOf: file) == Data(Self.readersFile.utf8))
    }

    @Test func aFileWithoutPointSizesIsReportedAndLeftUntouched() throws {
        let text = "[Fonts]\ngeneral=@Variant(\\0\\0\\0@\\0\\0\\0\\x12\\0S\\0\\x61\\0n\\0s)\nfixed=\"Monospace,11,-1,5,50,0,0,0,0,0\"\n"
        let (_, display, file) = try readersDisplay("qt6ct", text)
        defer { display.stop() }
        let server = try ServerProcess(["--desktop", "qt6ct"], environment: display.environment)
        defer { server.stop() }
        try setCategory(server, .accessibilityMedium)
        // Awaited: the target runs on its own queue.
        var target: [String: Any]?
        _ = Wait.holds {
            guard let status = try? CommandRunner.run(["desktop", "status", "--json"], environment: display.environment),
                let document = try? JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
            else { return false }
            target = (document["targets"] as? [String: [String: Any]])?["qt6ct"]
            return target?["state"] as? String == "failed"
        }
        #expect(target?["state"] as? String == "failed", "\(String(describing: target))")
        let detail = try #require(target?["detail"] as? String)
        #expect(detail.contains("[Fonts] general holds no QFont size in points"), "\(detail)")
        #expect(try Data(contentsOf: file) == Data(text.utf8))
    }

    /// A size as Qt writes it: `16.5`, `18`.
    private func written(_ points: Double) -> String {
        points == points.rounded() ? String(Int(points)) : String(points)
    }
}

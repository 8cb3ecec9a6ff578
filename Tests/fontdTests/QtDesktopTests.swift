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
@Suite struct QtDesktopTests {
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

    /// A display of a home of the test's own, with `text` as `tool`'s configuration.
    private func readersDisplay(_ tool: String, _ text: String) throws -> (TemporaryHome, X11Display, URL) {
        let home = try TemporaryHome()
        let folder = home.configHome.appendingPathComponent(tool)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(tool + ".conf")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (home, try X11Display(base: home.environment()), file)
    }

    @Test(arguments: [("5", "qt5ct"), ("6", "qt6ct")])
    func aRunningApplicationFollowsAndExcludePutsTheFileBack(version: String, tool: String) throws {
        let (home, display, file) = try readersDisplay(tool, Self.readersFile)
        defer { display.stop() }
        let runtime = home.root.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var environment = display.environment
        environment["QT_QPA_PLATFORMTHEME"] = tool
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let application = try TerminalProcess(["/usr/bin/python3", "-c", Self.probe, version], environment: environment, in: home.root)
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

    @Test func aFileWithoutPointSizesIsReportedAndLeftUntouched() throws {
        let text = "[Fonts]\ngeneral=@Variant(\\0\\0\\0@\\0\\0\\0\\x12\\0S\\0\\x61\\0n\\0s)\nfixed=\"Monospace,11,-1,5,50,0,0,0,0,0\"\n"
        let (_, display, file) = try readersDisplay("qt6ct", text)
        defer { display.stop() }
        let server = try ServerProcess(["--desktop", "qt6ct"], environment: display.environment)
        defer { server.stop() }
        try setCategory(server, .accessibilityMedium)
        // Awaited: the target runs on its own queue.
        let deadline = Date().addingTimeInterval(30)
        var target: [String: Any]?
        while Date() < deadline {
            let status = try CommandRunner.run(["desktop", "status", "--json"], environment: display.environment)
            let document = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
            target = (document?["targets"] as? [String: [String: Any]])?["qt6ct"]
            if target?["state"] as? String == "failed" { break }
            usleep(50_000)
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

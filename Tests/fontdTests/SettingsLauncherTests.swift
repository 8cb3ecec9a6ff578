import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd settings` and the launcher that runs it, `org.fontd.Settings.desktop` (docs/DESIGN.md §37
/// (The reader's control)): the control page opened with the real `xdg-open` where there is a
/// display, its address printed where there is none; the launcher valid by `desktop-file-validate`
/// and installed and removed by `fontd desktop install | uninstall`.
@Suite(.ownThread) struct SettingsLauncherTests {
    static let launcher = TestPaths.packageRoot.appendingPathComponent("data/org.fontd.Settings.desktop")

    /// `desktop-file-validate` (desktop-file-utils) on `file`: its status and what it said.
    private func validate(_ file: URL) throws -> CommandResult {
        try CommandRunner.run([file.path], executable: URL(fileURLWithPath: "/usr/bin/desktop-file-validate"))
    }

    @Test func theLauncherIsValidAndNamesTheTextSizeSettings() throws {
        let result = try validate(Self.launcher)
        #expect(
            result.status == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty,
            "\(result.standardOutput)\(result.standardError)")
        let text = try String(contentsOf: Self.launcher, encoding: .utf8)
        for line in [
            "Name=Text Size", "Keywords=font;text;size;zoom;accessibility;", "Exec=fontd settings", "Icon=preferences-desktop-font",
        ] {
            #expect(text.split(separator: "\n").contains(Substring(line)), "\(line)")
        }
    }

    @Test func desktopInstallPutsTheLauncherRunningThisFontdAndUninstallTakesItAway() throws {
        let home = try TemporaryHome()
        let portal = try DesktopInstallTests.standInPortal(version: "1.20.1", under: try TestPaths.temporaryDirectory())
        let arguments = ["--portal-executable", portal.path]
        let install = try CommandRunner.run(["desktop", "install"] + arguments, environment: home.environment())
        #expect(install.status == 0, "\(install.standardError)")
        let installed = home.dataHome.appendingPathComponent("applications/org.fontd.Settings.desktop")
        let fontd = try #require(TestPaths.fontdExecutable).resolvingSymlinksInPath().path
        let expected = try String(contentsOf: Self.launcher, encoding: .utf8)
            .replacingOccurrences(of: "\nExec=fontd settings\n", with: "\nExec=\(fontd) settings\n")
        #expect(try String(contentsOf: installed, encoding: .utf8) == expected)
        let result = try validate(installed)
        #expect(result.status == 0 && result.standardOutput.isEmpty, "\(result.standardOutput)\(result.standardError)")

        let uninstall = try CommandRunner.run(["desktop", "uninstall"] + arguments, environment: home.environment())
        #expect(uninstall.status == 0 && uninstall.standardOutput.contains("removed \(installed.path)"), "\(uninstall.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: installed.path))
    }

    @Test func withoutADisplaySettingsPrintsTheControlPagesAddress() throws {
        let server = try ServerProcess()
        let home = try TemporaryHome()
        let page = "http://127.0.0.1:\(server.port)/"
        let result = try CommandRunner.run(["settings", "--server", page], environment: home.environment(["WAYLAND_DISPLAY": ""]))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "\(page) (not opened: no display, as neither DISPLAY nor WAYLAND_DISPLAY is set; open it in a browser)\n")
        let printed = try CommandRunner.run(["settings", "--print", "--server", page], environment: home.environment(["DISPLAY": ":5"]))
        #expect(printed.standardOutput == "\(page)\n")
    }

    @Test func withADisplaySettingsOpensThePageWithXdgOpen() throws {
        let server = try ServerProcess()
        let home = try TemporaryHome()
        // The real xdg-open, on no known desktop and with no URL handler installed, runs $BROWSER:
        // here a script that writes down what it was asked to open.
        let opened = home.root.appendingPathComponent("opened")
        try home.write("#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(opened.path)'\n", to: "browser", mode: 0o755)
        let environment = home.environment([
            "DISPLAY": ":5", "BROWSER": home.root.appendingPathComponent("browser").path,
            "XDG_DATA_DIRS": home.root.appendingPathComponent("system-data").path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus",
        ])
        let page = "http://127.0.0.1:\(server.port)/"
        let result = try CommandRunner.run(["settings", "--server", page], environment: environment)
        #expect(
            result.status == 0 && result.standardOutput == "Opened \(page) with xdg-open.\n",
            "\(result.standardOutput)\(result.standardError)")
        let asked = try Wait.value("the browser to be asked to open the page") { try? String(contentsOf: opened, encoding: .utf8) }
        #expect(asked == page + "\n")
    }

    @Test func settingsFailsWhenNoServerAnswers() throws {
        let home = try TemporaryHome()
        let result = try CommandRunner.run(["settings", "--server", "http://127.0.0.1:1"], environment: home.environment())
        #expect(result.status == 1 && result.standardError.contains("Cannot reach fontd at http://127.0.0.1:1"), "\(result.standardError)")
    }
}

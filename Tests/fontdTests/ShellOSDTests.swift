import DesktopTestSupport
import FontdTestSupport
import Foundation
import ProcessSpawning
import ServerTestSupport
import Testing

/// With a real GNOME Shell 43 up (headless, `--unsafe-mode`, on a private session bus), a `fontd
/// category bigger` step is shown by the Shell's own on-screen display (docs/DESIGN.md §37 (The
/// reader's control)): `dbus-monitor` on that bus sees `org.gnome.Shell.ShowOSD` with the
/// category's words and level, no notification is sent, and the Shell's OSD window shows the words.
@Suite(.ownThread, .serialized) struct ShellOSDTests {
    @Test func aStepIsShownByTheShellsOwnOSD() throws {
        let shell = try HeadlessShell()
        defer { shell.stop() }
        try shell.start()
        let server = try ServerProcess()
        #expect(try server.client.put("/category", #"{"category":"xxl"}"#).status == 200)

        let log = shell.directory.appendingPathComponent("dbus-monitor.log").path
        let monitor = try SpawnedProcess(
            [
                "/usr/bin/dbus-monitor", "--address", shell.sessionBusAddress,
                "type='method_call',interface='org.gnome.Shell',member='ShowOSD'",
                "type='method_call',interface='org.freedesktop.Notifications'",
            ], environment: shell.environment, outputPath: log)
        defer { monitor.stop() }
        // dbus-monitor prints the bus's NameAcquired for it once it monitors.
        try Wait.until("dbus-monitor to start monitoring") { Self.text(log).contains("member=NameAcquired") }

        let step = try CommandRunner.run(
            ["category", "bigger", "--server", "http://127.0.0.1:\(server.port)"], environment: shell.environment)
        #expect(step.status == 0 && step.standardOutput.hasPrefix("xxxl (was xxl)\n"), "\(step.standardOutput)\(step.standardError)")

        let call = try Wait.value("ShowOSD on the bus", seen: { Self.text(log) }) { () -> String? in
            let text = Self.text(log)
            guard let start = text.range(of: "member=ShowOSD") else { return nil }
            // The call's arguments follow its header, up to the next message.
            let rest = text[start.upperBound...]
            guard rest.contains("\"level\"") else { return nil }
            return String(rest)
        }
        #expect(call.contains("string \"label\"") && call.contains("variant             string \"Extra Extra Extra Large\""), "\(call)")
        // xxxl is the seventh of twelve: level 6 ÷ 11, as dbus-monitor prints a double (six decimals).
        let level = call.split(separator: "\n").first { $0.contains("double") }?.split(separator: " ").last.flatMap { Double($0) }
        #expect(abs((level ?? -1) - 6.0 / 11) < 1e-5, "\(call)")
        #expect(!Self.text(log).contains("member=Notify"), "\(Self.text(log))")
        // The Shell shows it: its OSD window's label holds the words.
        let shown = try Wait.value("the Shell's OSD window to show the category") { () -> [String]? in
            let labels = try shell.eval("Main.osdWindowManager._osdWindows.filter(w => w.visible).map(w => w._label.text)") as? [String]
            return labels?.contains("Extra Extra Extra Large") == true ? labels : nil
        }
        #expect(shown.contains("Extra Extra Extra Large"))
    }

    private static func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
}

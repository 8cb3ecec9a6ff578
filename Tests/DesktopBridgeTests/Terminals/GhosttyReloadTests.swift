import DesktopBridge
import DesktopTestSupport
import FontdTestSupport
import Foundation
import Testing

/// Ghostty told to reload over a private session bus (docs/DESIGN.md §31 (Terminals and
/// editors)): Ghostty is not packaged in Debian 12, so a stand-in owns its name: a GIO
/// application `com.mitchellh.ghostty` with a `reload-config` action, as Ghostty's GTK
/// application exports it.
@Suite(.ownThread) struct GhosttyReloadTests {
    static let standIn = """
        from gi.repository import Gio
        app = Gio.Application(application_id="com.mitchellh.ghostty", flags=Gio.ApplicationFlags.FLAGS_NONE)
        action = Gio.SimpleAction.new("reload-config", None)
        action.connect("activate", lambda action, parameter: print("reload-config", flush=True))
        app.add_action(action)
        def activate(application):
            application.hold()
            print("ready", flush=True)
        app.connect("activate", activate)
        app.run([])
        """

    @Test func aRunningGhosttyIsAskedToReloadOncePerChange() throws {
        let home = try TemporaryHome()
        let bus = try PrivateSessionBus(in: home.root, environment: PinnedFonts.environment)
        defer { bus.stop() }
        let environment = home.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"])
        let ghostty = try Ghostty(environment: environment)
        let small = TerminalFontSize(points: 19, family: "DejaVu Sans Mono")
        #expect(try ghostty.apply(small) == .applied("font-size 19; no Ghostty running"))

        let standIn = try TerminalProcess(["/usr/bin/python3", "-c", Self.standIn], environment: environment, in: home.root)
        defer { standIn.stop() }
        #expect(standIn.waitForLog(containing: "ready"), "\(standIn.log())")
        let large = TerminalFontSize(points: 23.5, family: "DejaVu Sans Mono")
        #expect(try ghostty.apply(large) == .applied("font-size 23.5; the running Ghostty reloaded it"))
        #expect(standIn.waitForLog(containing: "reload-config"), "\(standIn.log())")
        #expect(try ghostty.apply(large) == .unchanged)
        #expect(home.text("config/ghostty/fontd")?.hasSuffix("font-size = 23.5\n") == true)
        #expect(standIn.log().components(separatedBy: "reload-config").count - 1 == 1)
    }
}

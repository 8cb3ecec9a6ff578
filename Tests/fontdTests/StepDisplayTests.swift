import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Where a `fontd category bigger | smaller` step shows the reader's category when GNOME Shell does
/// not (docs/DESIGN.md §37 (The reader's control)): a desktop notification on the session bus that
/// replaces the previous step's.
///
/// The notification server is python3-dbusmock's `notification_daemon` template on a private bus:
/// every real server (GNOME Shell, notification-daemon, dunst) needs a display and draws what it
/// receives, while the behaviour under test is only what fontd sends it — `Notify` with the previous
/// id as `replaces_id` — which the mock implements as the specification says and logs call by call.
@Suite(.ownThread) struct StepDisplayTests {
    /// A session bus with a notification server on it, and the environment of a command on it.
    struct Session {
        let bus: SessionBusHarness
        let notifications: DBusMock
        var environment: [String: String] { bus.environment }

        init() throws {
            bus = try SessionBusHarness()
            notifications = try DBusMock(
                template: "notification_daemon", name: "org.freedesktop.Notifications", environment: bus.environment, in: bus.directory)
        }

        /// `fontd category arguments… --server` `server` on this session.
        func fontd(_ arguments: [String], _ server: ServerProcess, extra: [String: String] = [:]) throws -> CommandResult {
            try CommandRunner.run(
                ["category"] + arguments + ["--server", "http://127.0.0.1:\(server.port)"], environment: environment.merging(extra) { $1 })
        }

        /// The `Notify` calls the server took, each line's arguments.
        var notifies: [String] { notifications.log.split(separator: "\n").filter { $0.contains(" Notify ") }.map(String.init) }
    }

    @Test func eachStepsNotificationReplacesTheLastOne() throws {
        let session = try Session()
        let server = try ServerProcess()
        let first = try session.fontd(["bigger"], server)
        #expect(first.status == 0, "\(first.standardError)")
        let second = try session.fontd(["bigger"], server)
        #expect(second.status == 0 && second.standardOutput.hasPrefix("xxl (was xl)\n"), "\(second.standardOutput)")
        let notifies = session.notifies
        try #require(notifies.count == 2, "\(session.notifications.log)")
        // The first asks for a new notification (replaces_id 0) and is given 1; the second replaces 1.
        #expect(notifies[0].contains(#" Notify "fontd" 0 "preferences-desktop-font" "Text size" "Extra Large (xl)" [] "#), "\(notifies[0])")
        #expect(
            notifies[1].contains(#" Notify "fontd" 1 "preferences-desktop-font" "Text size" "Extra Extra Large (xxl)" [] "#),
            "\(notifies[1])")
        #expect(notifies[1].contains(#""transient": True"#) && notifies[1].contains(#""value": 45"#), "\(notifies[1])")
        let kept = session.environment["XDG_RUNTIME_DIR"].map { $0 + "/fontd/step-notification" }
        #expect(try String(contentsOfFile: try #require(kept), encoding: .utf8) == "1\n")
    }

    @Test func atTheEndTheNotificationSaysSo() throws {
        let session = try Session()
        let server = try ServerProcess()
        #expect(try server.client.put("/category", #"{"category":"xs"}"#).status == 200)
        #expect(try session.fontd(["smaller"], server).status == 0)
        let notifies = session.notifies
        #expect(notifies.count == 1 && notifies[0].contains(#""Extra Small (xs): already the smallest""#), "\(notifies)")
    }

    @Test func noShowAndNoBusShowNothing() throws {
        let session = try Session()
        let server = try ServerProcess()
        #expect(try session.fontd(["bigger", "--no-show"], server).status == 0)
        let unbussed = try session.fontd(["bigger"], server, extra: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        #expect(unbussed.status == 0 && unbussed.standardError.isEmpty, "\(unbussed.standardError)")
        #expect(try server.client.get("/category").member("category") == .string("xxl"))
        #expect(session.notifies.isEmpty, "\(session.notifications.log)")
    }

    @Test func aShellThatRefusesShowOSDLeavesItToTheNotification() throws {
        let session = try Session()
        // A stand-in org.gnome.Shell whose ShowOSD refuses, as a Shell 41 or later refuses it to all
        // but GNOME Settings and its media keys.
        let shell = try DBusMock(
            name: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.gnome.Shell", environment: session.environment,
            in: session.bus.directory)
        let added = try CommandRunner.run(
            [
                "call", "--session", "--dest", "org.gnome.Shell", "--object-path", "/org/gnome/Shell", "--method",
                "org.freedesktop.DBus.Mock.AddMethod", "org.gnome.Shell", "ShowOSD", "a{sv}", "",
                "raise dbus.exceptions.DBusException('ShowOSD is not allowed', name='org.freedesktop.DBus.Error.AccessDenied')",
            ], executable: URL(fileURLWithPath: "/usr/bin/gdbus"), environment: session.environment)
        #expect(added.status == 0, "\(added.standardError)")
        let server = try ServerProcess()
        #expect(try session.fontd(["bigger"], server).status == 0)
        #expect(shell.log.contains("ShowOSD"), "\(shell.log)")
        #expect(session.notifies.count == 1, "\(session.notifications.log)")
    }
}

import FontdTestSupport
import Foundation
import ProcessSpawning
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
    import DesktopTestSupport
#endif

/// `fontd desktop status`, and the install seen by Debian's real xdg-desktop-portal 1.16
/// (docs/DESIGN.md §28 (The Settings portal backend), "Registration"): files, the portal's view, and fontd's names on a
/// private session bus.
@Suite(.ownThread) struct DesktopStatusTests {
    static let portalName = "org.freedesktop.impl.portal.desktop.fontd"

    private func run(_ arguments: [String], in home: TemporaryHome, _ extra: [String: String] = [:]) throws -> CommandResult {
        try CommandRunner.run(["desktop"] + arguments, environment: home.environment(extra), timeoutSeconds: 10)
    }

    @Test func statusBeforeAndAfterInstall() throws {
        let home = try TemporaryHome()
        let before = try run(["status"], in: home)
        #expect(before.status == 1)
        #expect(before.standardOutput.contains("not installed: no \(home.stateHome.path)/fontd/desktop/record.json"))
        #expect(
            before.standardOutput.contains(
                "org.fontd.Fontd1, org.freedesktop.impl.portal.desktop.fontd: cannot say whether owned, no session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no \(home.root.path)/runtime/bus"
            ))

        // Debian 12's 1.16 cannot see the user's file: installed, and said to have failed.
        #expect(try run(["install"], in: home).status == 1)
        let after = try run(["status"], in: home)
        #expect(
            after.standardOutput.contains(
                "\(home.dataHome.path)/xdg-desktop-portal/portals/fontd.portal: as installed (created by install)"))
        #expect(
            after.standardOutput.contains("\(home.portalConfig.path)/portals.conf: fontd is first for org.freedesktop.impl.portal.Settings")
        )
        // Debian 12's 1.16 reads only its system folder: installed, but not seen.
        #expect(
            after.standardOutput.contains("xdg-desktop-portal 1.16.0 reads .portal files only from /usr/share/xdg-desktop-portal/portals"))
        #expect(after.standardOutput.contains("install the fontd package"))
        #expect(after.status == 1)

        try home.write("[preferred]\ndefault=kde;\n", to: "config/xdg-desktop-portal/portals.conf")
        #expect(try run(["status"], in: home).standardOutput.contains("portals.conf: edited since install"))
    }

    @Test func statusIsZeroWhenThePortalReadsTheInstalledFile() throws {
        let home = try TemporaryHome()
        let portals = home.root.appendingPathComponent("portals").path
        #expect(try run(["install"], in: home, ["XDG_DESKTOP_PORTAL_DIR": portals]).status == 0)
        let status = try run(["status"], in: home, ["XDG_DESKTOP_PORTAL_DIR": portals])
        #expect(status.standardOutput.contains("xdg-desktop-portal 1.16.0 reads fontd.portal from \(portals)"), "\(status.standardOutput)")
        #expect(status.status == 0)
    }

    /// A later xdg-desktop-portal (a stand-in that prints only its version: the folders follow from
    /// it) reads the user's own portals folder, so install alone is enough and status is 0.
    @Test(arguments: [("1.20.1", true), ("1.20.0", false)])
    func laterVersionsSeeTheUsersPortalsFolder(version: String, seen: Bool) throws {
        let home = try TemporaryHome()
        try home.write("#!/bin/sh\necho xdg-desktop-portal \(version)\n", to: "libexec/xdg-desktop-portal", mode: 0o755)
        let portal = ["--portal-executable", home.root.appendingPathComponent("libexec/xdg-desktop-portal").path]
        let install = try run(["install"] + portal, in: home)
        // Installed only where the portal sees it (docs/DESIGN.md §28 (The Settings portal backend), "Registration").
        #expect(install.status == (seen ? 0 : 1))
        #expect(
            install.standardOutput.contains(
                "xdg-desktop-portal \(version) reads fontd.portal from \(home.dataHome.path)/xdg-desktop-portal/portals.") == seen)
        #expect(install.standardOutput.contains("cannot see a backend of the user's without root") == !seen)
        let status = try run(["status"] + portal, in: home)
        #expect(status.status == (seen ? 0 : 1), "\(status.standardOutput)")
    }

    @Test func statusSaysWhetherFontdsNamesHaveAnOwner() throws {
        let home = try TemporaryHome()
        let bus = try PrivateSessionBus(in: home.root, environment: home.environment())
        defer { bus.stop() }
        let onBus = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let unowned = try run(["status"], in: home, onBus).standardOutput
        #expect(unowned.contains("\(Self.portalName): not owned on the session bus"), "\(unowned)")

        let owner = try BusNameOwner(Self.portalName, environment: home.environment(onBus))
        defer { owner.stop() }
        let owned = try run(["status"], in: home, onBus).standardOutput
        #expect(owned.contains("\(Self.portalName): owned on the session bus"), "\(owned)")
        #expect(owned.contains("org.fontd.Fontd1: not owned on the session bus"))
    }

    /// Debian's xdg-desktop-portal 1.16 started on a private bus with `XDG_DESKTOP_PORTAL_DIR`
    /// where install put fontd.portal: it loads it and uses it for the Settings interface.
    @Test func theRealPortalUsesTheInstalledFile() throws {
        let home = try TemporaryHome()
        let portals = home.root.appendingPathComponent("portals").path
        let desktop = ["XDG_DESKTOP_PORTAL_DIR": portals, "XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "memory"]
        #expect(try run(["install"], in: home, desktop).status == 0)
        let bus = try PrivateSessionBus(in: home.root, environment: home.environment(desktop))
        defer { bus.stop() }
        let portal = try BusNameOwner(
            command: ["/usr/libexec/xdg-desktop-portal", "--verbose"],
            environment: home.environment(desktop.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }),
            waitingFor: "Using fontd.portal for org.freedesktop.impl.portal.Settings")
        portal.stop()
    }
}

/// A process on the session bus that the test waits for: by default Python's GIO owning a name
/// (GLib's own tools cannot own one), else any command, until a line of its output appears.
final class BusNameOwner {
    private let process: ChildProcess

    convenience init(_ name: String, environment: [String: String]) throws {
        let script = """
            from gi.repository import Gio, GLib
            Gio.bus_own_name(Gio.BusType.SESSION, "\(name)", Gio.BusNameOwnerFlags.NONE, None, lambda *a: print("owned", flush=True), lambda *a: print("lost", flush=True))
            GLib.MainLoop().run()
            """
        try self.init(command: ["/usr/bin/python3", "-c", script], environment: environment, waitingFor: "owned")
    }

    /// Starts `command` and returns once `line` is in its output (stdout or stderr), within 10 s.
    init(command: [String], environment: [String: String], waitingFor line: String) throws {
        process = try ChildProcess(command, environment: environment, output: .pipe, error: .standardOutput)
        let output = process.spawned.standardOutput ?? -1
        // A command that falls silent without the line is killed at the deadline, which ends the read.
        let found = LineFound()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { if !found.value.load(ordering: .relaxed) { kill(pid, SIGKILL) } }
        var seen = ""
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !seen.contains(line) {
            var count = read(output, &chunk, chunk.count)
            while count < 0, errno == EINTR { count = read(output, &chunk, chunk.count) }
            guard count > 0 else {
                close(output)
                found.value.store(true, ordering: .relaxed)  // nothing left to kill at the deadline
                stop()
                Issue.record("\(command[0]) never printed \"\(line)\"; it printed: \(seen)")
                return
            }
            seen += String(decoding: chunk[..<count], as: UTF8.self)
        }
        found.value.store(true, ordering: .relaxed)
        // Keep draining, so that a full pipe never stops it.
        Thread.detachNewThread { SpawnedProcess.read(output) { _ in } }
    }

    /// Kills it (SIGKILL) and reaps it.
    func stop() {
        process.kill()
    }
}

/// Whether the awaited line came, read by the deadline's thread.
private final class LineFound: Sendable {
    let value = Atomic(false)
}

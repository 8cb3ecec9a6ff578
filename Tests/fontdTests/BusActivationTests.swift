import DesktopTestSupport
import FontdTestSupport
import Foundation
import Testing

/// D-Bus activation (docs/DESIGN.md §29 (A desktop service)): with fontd's activation files in the bus's service
/// directory and no fontd running, the first call of its name starts fontd, and that call is
/// answered. The bus here is a private dbus-daemon without systemd, so it runs the files' `Exec=`
/// itself (as a session without systemd does; `SystemdService=` is kept, and ignored by it).
@Suite(.ownThread) struct BusActivationTests {
    static let fontdName = "org.fontd.Fontd1", portalName = "org.freedesktop.impl.portal.desktop.fontd"

    /// The activation file as installed, but for `Exec=`: the built fontd, on a port of the kernel's
    /// choice and a store of the test's own, after the options the file gives.
    private static func activationFile(_ name: String, store: String) throws -> String {
        let installed = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("data/dbus-1/services/\(name).service"), encoding: .utf8)
        let fontd = try #require(TestPaths.fontdExecutable)
        let lines = installed.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("Exec=@bindir@/fontd ")
                ? line.replacingOccurrences(of: "@bindir@/fontd", with: fontd.path) + " --port 0 --store \(store)"
                : String(line)
        }
        #expect(lines.contains("Name=\(name)") && lines.contains("SystemdService=fontd.service"), "\(installed)")
        #expect(lines.filter { $0.hasPrefix("Exec=\(fontd.path) serve --dbus on ") }.count == 1, "\(installed)")
        return lines.joined(separator: "\n")
    }

    /// Stops the fontd that owns `name`, if one does, and waits until it has left.
    private static func stopOwner(of name: String, on harness: SessionBusHarness) throws {
        let answer = try harness.call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID", "('\(name)',)")
        guard answer.first as? String == "ok", let pid = answer.last as? Int else { return }
        kill(pid_t(pid), SIGTERM)
        try Wait.until("fontd \(pid) to stop on SIGTERM") { kill(pid_t(pid), 0) != 0 }
    }

    private static func hasOwner(_ name: String, on harness: SessionBusHarness) throws -> Bool {
        let answer = try harness.call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", "('\(name)',)")
        return answer.last as? Bool == true
    }

    @Test func aCallOfOrgFontdFontd1StartsFontdAndIsAnswered() throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let harness = try SessionBusHarness(services: ["\(Self.fontdName).service": try Self.activationFile(Self.fontdName, store: store)])
        defer { try? Self.stopOwner(of: Self.fontdName, on: harness) }
        #expect(try !Self.hasOwner(Self.fontdName, on: harness))

        let answer = try harness.call(Self.fontdName, "/org/fontd/Fontd1", "org.fontd.Fontd1", "ReadOne", "('content-size-category',)")
        #expect(answer.first as? String == "ok" && answer.last as? String == "l", "\(answer)")
        // Both of fontd's names are its own once it has started for one of them.
        #expect(try Self.hasOwner(Self.portalName, on: harness))
        #expect(FileManager.default.fileExists(atPath: store), "the activated fontd did not open the store it was given")
    }

    /// The portal backend's name starts fontd too: xdg-desktop-portal (1.16 here) calls its
    /// backends as it starts, which starts fontd, and an application reading through it has its answer.
    @Test func aPortalReadStartsFontdThroughItsBackendName() throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let harness = try SessionBusHarness(services: ["\(Self.portalName).service": try Self.activationFile(Self.portalName, store: store)]
        )
        defer { try? Self.stopOwner(of: Self.portalName, on: harness) }
        #expect(try !Self.hasOwner(Self.portalName, on: harness))
        let portal = try harness.portal()

        let answer = try harness.call(
            DesktopPortal.busName, DesktopPortal.path, DesktopPortal.settingsInterface, "Read",
            "('org.fontd.DynamicType', 'content-size-category')")
        #expect(answer.first as? String == "ok" && answer.last as? String == "l", "\(answer)\n\(portal.log)")
        #expect(try Self.hasOwner(Self.fontdName, on: harness))
    }
}

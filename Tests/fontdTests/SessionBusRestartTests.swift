import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The session bus dies and a new one comes up at the same address (docs/DESIGN.md §27 (The
/// session bus), "The bus going away"): fontd says so once, says nothing per change while it is
/// away, joins the new bus with both names, and answers and announces there.
@Suite(.ownThread) struct SessionBusRestartTests {
    static let name = "org.fontd.Fontd1", path = "/org/fontd/Fontd1", interface = "org.fontd.Fontd1"
    static let wentAway = "went away"

    @Test func aNewBusAtTheSameAddressIsJoinedAfterOneLine() throws {
        let harness = try SessionBusHarness()
        let server = try ServerProcess(["--dbus", "on"], environment: harness.environment)
        defer { server.stop() }
        #expect(try harness.call(Self.name, Self.path, Self.interface, "ReadOne", "('content-size-category',)").last as? String == "l")

        harness.bus.kill()
        #expect(Wait.holds(seconds: 30) { server.standardError().contains(Self.wentAway) }, "\(server.standardError())")
        // Changes while the bus is away: each would be a Changed and SettingChanged signals.
        for category in ["xl", "xxl", "ax1", "xs", "s"] {
            #expect(try server.client.put("/category", #"{"category":"\#(category)"}"#).status == 200)
        }

        try harness.bus.startAgain()
        // The next attempt to connect comes at most 10 s after the last (docs/DESIGN.md §27 (The session bus)).
        let rejoined = try Wait.holds(seconds: 60) {
            try harness.call(Self.name, Self.path, Self.interface, "ReadOne", "('content-size-category',)").last as? String == "s"
        }
        #expect(rejoined, "\(server.standardError())")
        let portalName = try harness.call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
            "('org.freedesktop.impl.portal.desktop.fontd',)")
        #expect(portalName.last as? Bool == true, "\(portalName)")
        let signals = try harness.signals(of: Self.interface)
        #expect(try server.client.put("/category", #"{"category":"xxxl"}"#).status == 200)
        #expect(try signals.next().contains("'content-size-category': <'xxxl'>"))

        let log = server.standardError()
        #expect(log.components(separatedBy: Self.wentAway).count == 2, "one line when the bus went away: \(log)")
        #expect(log.components(separatedBy: "joined the session bus at").count == 2, "\(log)")
        #expect(!log.contains("was not sent"), "no warning per change while the bus was away: \(log)")
    }
}

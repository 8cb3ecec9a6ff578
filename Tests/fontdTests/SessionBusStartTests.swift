import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// How `fontd serve --dbus` starts (docs/DESIGN.md §27 (The session bus)): `on` stops with one line when it cannot
/// join or own its names, `auto` says why once and serves, and no command but `serve` loads GIO.
@Suite(.ownThread) struct SessionBusStartTests {
    /// `fontd serve --port 0 arguments…` with a store of its own, expected to stop at start with one
    /// line on stderr; returns that line.
    private func refusal(_ arguments: [String], environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let result = try CommandRunner.run(
            ["serve", "--port", "0", "--store", store] + arguments, environment: environment, timeoutSeconds: 10)
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
        #expect(
            result.standardError.split(separator: "\n").count == 1 && result.standardError.hasPrefix("fontd: error: "),
            "\(result.standardError)", sourceLocation: sourceLocation)
        return result.standardError
    }

    @Test func onWithoutABusStopsWithOneLine() throws {
        let line = try refusal(["--dbus", "on"], environment: PinnedFonts.environment)
        #expect(
            line
                == "fontd: error: cannot join the session bus: DBUS_SESSION_BUS_ADDRESS is not set; run fontd in the desktop session, or give --dbus off\n"
        )
        var unreachable = PinnedFonts.environment
        unreachable["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + (try TestPaths.temporaryDirectory().appendingPathComponent("no-bus").path)
        #expect(try refusal(["--dbus", "on"], environment: unreachable).contains("cannot join the session bus: the bus at unix:path="))
    }

    @Test func autoWithoutABusServesAndSaysSoOnce() throws {
        let server = try ServerProcess([], environment: PinnedFonts.environment)
        #expect(try server.client.get("/category").status == 200)
        let log = try server.waitForLog(containing: "listening")
        #expect(log.components(separatedBy: "serving without the session bus (--dbus auto)").count == 2, "\(log)")
        #expect(log.contains("DBUS_SESSION_BUS_ADDRESS is not set"))
    }

    @Test func aSecondServerOnTheBusCannotOwnTheNames() throws {
        let harness = try SessionBusHarness()
        let first = try ServerProcess(["--dbus", "on"], environment: harness.environment)
        #expect(try first.client.get("/healthz").status == 200)
        let line = try refusal(["--dbus", "on"], environment: harness.environment)
        #expect(line.contains("another program owns org.fontd.Fontd1"), "\(line)")
    }

    @Test func busOptionsAreRefusedWithTheBusOff() throws {
        for arguments in [
            ["--dbus", "off", "--dbus-scope", "alice"], ["--dbus", "off", "--portal-text-scaling-factor"], ["--dbus-scope", "a//b"],
            ["--dbus", "maybe"],
        ] {
            let result = try CommandRunner.run(
                ["serve", "--port", "0"] + arguments, environment: PinnedFonts.environment, timeoutSeconds: 10)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.hasPrefix("fontd: error: "), "\(arguments): \(result.standardError)")
        }
    }

    /// Only `serve` loads GIO, and only when it joins the bus: the loader's own account.
    @Test func onlyServeOnTheBusLoadsGIO() throws {
        let harness = try SessionBusHarness()
        var environment = harness.environment
        environment["LD_DEBUG"] = "libs"
        environment["FONTD_NO_CACHE"] = "1"
        let local = try CommandRunner.run(["query", "body"], environment: environment)
        #expect(local.status == 0)
        #expect(local.standardError.contains("libfontconfig"), "LD_DEBUG=libs reports nothing here")
        #expect(!local.standardError.contains("libgio") && !local.standardError.contains("libfontd-bus"))
        let server = try ServerProcess([], environment: environment)
        try server.waitForLog(containing: "serving on the session bus")
        #expect(server.standardError().contains("libfontd-bus.so") && server.standardError().contains("libgio-2.0.so"))
    }
}

import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The target board (docs/DESIGN.md §36 (The target board)): `GET /desktop` from a real `fontd
/// serve`, and what `fontd category set`, `fontd legibility set` and `fontd desktop status` say of
/// it — against a plain server, which bridges nothing, and one with `--desktop x11 --bridge kitty`
/// on a real Xvfb with kitty configured in the test's home.
@Suite(.ownThread) struct DesktopBoardTests {
    private func fontd(_ arguments: [String], _ server: ServerProcess, _ environment: [String: String]) throws -> CommandResult {
        try CommandRunner.run(arguments + ["--server", server.url.absoluteString], environment: environment, timeoutSeconds: 10)
    }

    private func board(_ server: ServerProcess) throws -> [String: Any] {
        let answer = try server.client.get("/desktop")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type")?.hasPrefix("application/json") == true)
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    @Test func aPlainServerSaysNothingFollows() throws {
        let home = try TemporaryHome()
        let environment = home.environment()
        let server = try ServerProcess([], environment: environment)
        defer { server.stop() }
        let board = try board(server)
        #expect(board["bridges"] as? Bool == false)
        #expect((board["targets"] as? [String: Any])?.isEmpty == true)
        #expect(board["pid"] as? Int == Int(server.process.processIdentifier))

        let set = try fontd(["category", "set", "xl"], server, environment)
        #expect(set.status == 0, "\(set.standardError)")
        let lines = set.standardOutput.split(separator: "\n")
        #expect(lines.first == "xl (was l)")
        #expect(
            lines.last
                == "Nothing on this desktop follows it: this fontd serve runs without --desktop or --bridge (start it with fontd serve --desktop auto --bridge auto --dbus auto).",
            "\(set.standardOutput)")
        let bold = try fontd(["legibility", "set", "bold"], server, environment)
        #expect(bold.standardOutput.hasPrefix("bold (was regular)\nNothing on this desktop follows it"), "\(bold.standardOutput)")

        let status = try fontd(["desktop", "status"], server, environment)
        #expect(
            status.standardOutput.contains(
                "desktop targets (fontd serve, pid \(server.process.processIdentifier) at \(server.url.absoluteString), is running but bridges nothing: start it with fontd serve --desktop auto --bridge auto --dbus auto):"
            ), "\(status.standardOutput)")
        #expect(status.standardOutput.contains("  x11: not running\n"), "\(status.standardOutput)")
        server.stop()
        let stopped = try fontd(["desktop", "status"], server, environment)
        #expect(
            stopped.standardOutput.contains("desktop targets (fontd serve is not running: nothing answers at"), "\(stopped.standardOutput)")
    }

    @Test func aBridgingServerNamesWhoFollows() throws {
        let home = try TemporaryHome()
        try home.write("font_family DejaVu Sans Mono\n", to: "config/kitty/kitty.conf")
        let display = try X11Display(base: home.environment())
        defer { display.stop() }
        try display.mergeResources("Xft.dpi: 192\n")
        let environment = display.environment
        let server = try ServerProcess(["--desktop", "x11", "--bridge", "kitty"], environment: environment)
        defer { server.stop() }

        let set = try fontd(["category", "set", "xl"], server, environment)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput == "xl (was l)\nkitty and X11 follow.\n", "\(set.standardOutput)")
        let ratio = try #require(Fixtures.defaultTable.textScalingRatios)[.extraLarge]
        let dpi = Int((192 * ratio).rounded())
        #expect(try display.waitForXftDPI(dpi) == dpi)

        let board = try board(server)
        #expect(board["bridges"] as? Bool == true)
        #expect(board["scope"] as? String == "")
        let targets = try #require(board["targets"] as? [String: [String: Any]])
        #expect(Set(targets.keys) == ["kitty", "x11"])
        #expect(targets["x11"]?["state"] as? String == "applied")
        #expect(targets["x11"]?["base"] as? String == "Xft.dpi 192")
        #expect(targets["x11"]?["value"] as? String == "Xft.dpi \(dpi)")
        #expect(targets["x11"]?["category"] as? String == "xl")
        #expect(targets["kitty"]?["state"] as? String == "applied")

        // Status says what the board says, target for target.
        let status = try fontd(["desktop", "status", "--json"], server, environment)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let server_ = try #require(document["server"] as? [String: Any])
        #expect(server_["bridges"] as? Bool == true)
        #expect(server_["pid"] as? Int == Int(server.process.processIdentifier))
        let reported = try #require(document["targets"] as? [String: [String: Any]])
        for name in ["x11", "kitty"] {
            #expect(reported[name]?["state"] as? String == targets[name]?["state"] as? String)
            #expect(reported[name]?["base"] as? String == targets[name]?["base"] as? String)
        }
        #expect(reported["gnome"]?["state"] as? String == "not run")
        let text = try fontd(["desktop", "status"], server, environment).standardOutput
        #expect(text.contains("  x11: applied xl (Xft.dpi \(dpi)) at "), "\(text)")
        #expect(text.contains("; your own: Xft.dpi 192\n"), "\(text)")

        // A scope the desktop does not follow reaches none of them.
        let alice = try fontd(["category", "set", "xs", "--scope", "alice"], server, environment)
        #expect(
            alice.standardOutput.hasSuffix(
                "Nothing on this desktop follows it: the desktop follows the root scope (--desktop-scope), not alice.\n"))
    }
}

import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd desktop install` adds GNOME custom keybindings for `fontd category bigger | smaller`
/// after the reader's own, and `uninstall` leaves the reader's list as it was (docs/DESIGN.md §37
/// (The reader's control)): real dconf (dconf-service on a private session bus), read and written
/// by the real `gsettings` and `dconf` tools, as GNOME Settings and gnome-settings-daemon read it.
@Suite(.ownThread) struct GnomeKeybindingsTests {
    static let schema = "org.gnome.settings-daemon.plugins.media-keys"
    static let folder = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"
    static let binding = "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding"

    /// A home of the test's own with dconf on a session bus of its own.
    struct Desktop {
        let home: TemporaryHome
        let bus: PrivateSessionBus
        let environment: [String: String]

        init() throws {
            home = try TemporaryHome()
            var environment = home.environment(["GSETTINGS_BACKEND": "dconf"])
            // dconf-service, which the bus starts, writes where this home's XDG_CONFIG_HOME says.
            bus = try PrivateSessionBus(in: home.root, environment: environment)
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
            self.environment = environment
        }

        /// `program arguments…` (gsettings, dconf) on this desktop; its output, trimmed.
        func run(_ program: String, _ arguments: [String]) throws -> String {
            let result = try CommandRunner.run(arguments, executable: URL(fileURLWithPath: "/usr/bin/" + program), environment: environment)
            #expect(result.status == 0, "\(program) \(arguments): \(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func gsettings(_ arguments: String...) throws -> String { try run("gsettings", arguments) }

        /// `fontd desktop arguments…` for a stand-in xdg-desktop-portal 1.20.1.
        func fontd(_ arguments: [String]) throws -> CommandResult {
            let portal = try DesktopInstallTests.standInPortal(version: "1.20.1", under: try TestPaths.temporaryDirectory())
            return try CommandRunner.run(
                ["desktop"] + arguments + ["--portal-executable", portal.path], environment: environment, timeoutSeconds: 60)
        }
    }

    @Test func theReadersOwnKeybindingSurvivesInstallAndUninstallAndFontdsRunTheSteps() throws {
        let desktop = try Desktop()
        let own = Self.folder + "custom0/"
        _ = try desktop.gsettings("set", Self.schema, "custom-keybindings", "['\(own)']")
        for (key, value) in [("name", "Terminal"), ("command", "kitty"), ("binding", "<Super>Return")] {
            _ = try desktop.gsettings("set", "\(Self.binding):\(own)", key, value)
        }
        let before = try desktop.run("dconf", ["dump", "/org/gnome/settings-daemon/plugins/media-keys/"])

        let install = try desktop.fontd(["install"])
        #expect(install.status == 0, "\(install.standardOutput)\(install.standardError)")
        #expect(
            install.standardOutput.contains("added GNOME keybindings <Super><Control>plus (fontd category bigger)"),
            "\(install.standardOutput)")
        let list = try desktop.gsettings("get", Self.schema, "custom-keybindings")
        #expect(list == "['\(own)', '\(Self.folder)fontd-bigger/', '\(Self.folder)fontd-smaller/']")
        #expect(try desktop.gsettings("get", "\(Self.binding):\(own)", "command") == "'kitty'")
        #expect(try desktop.gsettings("get", "\(Self.binding):\(Self.folder)fontd-bigger/", "binding") == "'<Super><Control>plus'")
        #expect(try desktop.gsettings("get", "\(Self.binding):\(Self.folder)fontd-smaller/", "binding") == "'<Super><Control>minus'")

        // Each binding's command, read back, run as gnome-settings-daemon runs it, steps a real server.
        let server = try ServerProcess()
        for (step, expected) in [("bigger", "xl"), ("smaller", "l")] {
            let command = try desktop.gsettings("get", "\(Self.binding):\(Self.folder)fontd-\(step)/", "command")
            let fontd = try #require(TestPaths.fontdExecutable).resolvingSymlinksInPath().path
            #expect(command == "'\(fontd) category \(step)'")
            var environment = desktop.environment
            environment["FONTD_SERVER"] = "http://127.0.0.1:\(server.port)"
            let run = try CommandRunner.run(
                ["-c", String(command.dropFirst().dropLast())], executable: URL(fileURLWithPath: "/bin/sh"), environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try server.client.get("/category").member("category") == .string(expected))
        }

        let again = try desktop.fontd(["install"])
        #expect(again.standardOutput.contains("unchanged GNOME keybindings"), "\(again.standardOutput)")

        let uninstall = try desktop.fontd(["uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        #expect(uninstall.standardOutput.contains("removed GNOME keybindings"), "\(uninstall.standardOutput)")
        #expect(try desktop.run("dconf", ["dump", "/org/gnome/settings-daemon/plugins/media-keys/"]) == before)
        #expect(try desktop.gsettings("get", "\(Self.binding):\(Self.folder)fontd-bigger/", "command") == "''")
    }

    @Test func aReaderWithoutCustomKeybindingsHasNoneLeftAfterUninstall() throws {
        let desktop = try Desktop()
        #expect(try desktop.gsettings("get", Self.schema, "custom-keybindings") == "@as []")
        #expect(try desktop.fontd(["install"]).status == 0)
        #expect(try desktop.gsettings("get", Self.schema, "custom-keybindings").contains("fontd-bigger"))
        #expect(try desktop.fontd(["uninstall"]).status == 0)
        // Reset, not written empty: dconf holds nothing of it, as before install.
        #expect(try desktop.run("dconf", ["dump", "/org/gnome/settings-daemon/plugins/media-keys/"]) == "")
    }

    @Test func withoutGnomesSchemaInstallSaysItLeftTheKeybindingsInOneLine() throws {
        let home = try TemporaryHome()
        // No system data folder: no GSettings schema at all.
        let environment = home.environment([
            "GSETTINGS_BACKEND": "memory", "XDG_DATA_DIRS": home.root.appendingPathComponent("system-data").path,
        ])
        let portal = try DesktopInstallTests.standInPortal(version: "1.20.1", under: try TestPaths.temporaryDirectory())
        let install = try CommandRunner.run(["desktop", "install", "--portal-executable", portal.path], environment: environment)
        #expect(install.status == 0, "\(install.standardError)")
        let lines = install.standardOutput.split(separator: "\n").filter { $0.contains("keybindings") }
        #expect(
            lines == [
                "left GNOME's keybindings alone: the schema org.gnome.settings-daemon.plugins.media-keys is not installed (Debian: gnome-settings-daemon-common)"
            ], "\(install.standardOutput)")
    }
}

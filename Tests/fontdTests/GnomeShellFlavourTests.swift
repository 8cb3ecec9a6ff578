import DesktopTestSupport
import FontdTestSupport
import Foundation
import Testing

/// The two flavours of fontd's GNOME Shell extension as `fontd desktop install` writes them, and its entry in
/// `org.gnome.shell enabled-extensions` (docs/DESIGN.md §37 (The reader's control)), without a running Shell: a
/// stand-in `gnome-shell` says the version, and Debian's gjs loads the GNOME 45 flavour as an ES module.
@Suite(.ownThread) struct GnomeShellFlavourTests {
    static let uuid = "fontd@fontd.org"
    static let source = TestPaths.packageRoot.appendingPathComponent("data/gnome-shell/fontd@fontd.org")

    /// An executable that prints only `GNOME Shell VERSION`, as `gnome-shell --version` does.
    static func standInShell(version: String) throws -> URL {
        let executable = try TestPaths.temporaryDirectory().appendingPathComponent("gnome-shell")
        try "#!/bin/sh\necho GNOME Shell \(version)\n".write(to: executable, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        return executable
    }

    /// `fontd desktop arguments…` in `home`, for a portal that reads the user's folder (1.20.1).
    private func desktop(_ arguments: [String], in home: TemporaryHome, _ environment: [String: String]) throws -> CommandResult {
        let portal = try DesktopInstallTests.standInPortal(version: "1.20.1", under: try TestPaths.temporaryDirectory())
        return try CommandRunner.run(
            ["desktop"] + arguments + ["--portal-executable", portal.path], environment: environment, timeoutSeconds: 30)
    }

    private func installed(_ home: TemporaryHome, _ name: String) throws -> Data {
        try Data(contentsOf: home.dataHome.appendingPathComponent("gnome-shell/extensions/\(Self.uuid)/\(name)"))
    }

    private func shellVersions(_ metadata: Data) throws -> [String] {
        let fields = try #require(try JSONSerialization.jsonObject(with: metadata) as? [String: Any])
        #expect(fields["uuid"] as? String == Self.uuid)
        return fields["shell-version"] as? [String] ?? []
    }

    @Test func forGNOME43TheSourceTreeIsInstalledAsItIs() throws {
        let home = try TemporaryHome()
        let shell = try Self.standInShell(version: "43.9")
        let install = try desktop(["install", "--gnome-shell", shell.path], in: home, home.environment())
        #expect(install.status == 0, "\(install.standardError)")
        for name in ["extension.js", "control.js"] {
            #expect(try installed(home, name) == (try Data(contentsOf: Self.source.appendingPathComponent(name))), "\(name)")
        }
        #expect(try shellVersions(try installed(home, "metadata.json")) == ["43", "44"])
        // The source tree's own metadata is the imports flavour's: the folder works as it is on 43 and 44.
        #expect(try shellVersions(try Data(contentsOf: Self.source.appendingPathComponent("metadata.json"))) == ["43", "44"])
        // No session bus here: the extension is in place, and the line says why it is not enabled.
        #expect(
            install.standardOutput.contains("left fontd@fontd.org out of org.gnome.shell enabled-extensions: no session bus"),
            "\(install.standardOutput)")
    }

    @Test func withoutGnomeShellInstallSaysItLeftTheExtensionOutAndSucceeds() throws {
        let home = try TemporaryHome()
        let emptyBin = try TestPaths.temporaryDirectory()
        let install = try desktop(["install"], in: home, home.environment(["PATH": emptyBin.path]))
        #expect(install.status == 0, "\(install.standardError)")
        let lines = install.standardOutput.split(separator: "\n").filter { $0.contains("GNOME Shell extension") }
        #expect(lines == ["left the GNOME Shell extension fontd@fontd.org out: gnome-shell is not installed"], "\(install.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: home.dataHome.appendingPathComponent("gnome-shell").path))
    }

    /// Install appends fontd's extension to the reader's list; uninstall takes out only fontd's, and the files.
    @Test func theReadersOtherExtensionsStayThroughInstallAndUninstall() throws {
        let home = try TemporaryHome()
        var environment = home.environment(["GSETTINGS_BACKEND": "dconf"])
        let bus = try PrivateSessionBus(in: home.root, environment: environment)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let gsettings = { (arguments: [String]) throws -> String in
            let result = try CommandRunner.run(arguments, executable: GnomeDesktop.gsettings, environment: environment, timeoutSeconds: 10)
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let list = ["get", "org.gnome.shell", "enabled-extensions"]
        _ = try gsettings(["set", "org.gnome.shell", "enabled-extensions", "['reader@example.org', \"it's@example.org\"]"])
        let before = try gsettings(list)
        let shell = try Self.standInShell(version: "43.9")

        let install = try desktop(["install", "--gnome-shell", shell.path], in: home, environment)
        #expect(install.status == 0, "\(install.standardError)")
        #expect(try gsettings(list) == #"['reader@example.org', "it's@example.org", 'fontd@fontd.org']"#)
        let folder = home.dataHome.appendingPathComponent("gnome-shell/extensions/\(Self.uuid)").path
        let status = try desktop(["status", "--gnome-shell", shell.path], in: home, environment)
        #expect(
            status.standardOutput.contains("GNOME Shell 43.9: fontd@fontd.org is in \(folder), and in org.gnome.shell enabled-extensions"),
            "\(status.standardOutput)")
        let again = try desktop(["install", "--gnome-shell", shell.path], in: home, environment)
        #expect(again.standardOutput.contains("Nothing to change"), "\(again.standardOutput)")
        #expect(try gsettings(list) == #"['reader@example.org', "it's@example.org", 'fontd@fontd.org']"#)

        let uninstall = try desktop(["uninstall", "--gnome-shell", shell.path], in: home, environment)
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        #expect(
            uninstall.standardOutput.contains("removed fontd@fontd.org from org.gnome.shell enabled-extensions"),
            "\(uninstall.standardOutput)")
        #expect(try gsettings(list) == before)
        #expect(!FileManager.default.fileExists(atPath: home.dataHome.appendingPathComponent("gnome-shell").path))
    }

    /// The GNOME 45 flavour cannot run in Debian 12's Shell: Debian's gjs evaluates it as an ES module with the Shell's
    /// `resource:///org/gnome/shell/…` modules stubbed in a GResource, and its default export is the extension class.
    @Test func theGNOME45FlavourEvaluatesAsAnESModuleInGjs() throws {
        let home = try TemporaryHome()
        let shell = try Self.standInShell(version: "47.1")
        let install = try desktop(["install", "--gnome-shell", shell.path], in: home, home.environment())
        #expect(install.status == 0, "\(install.standardError)")
        #expect(try shellVersions(try installed(home, "metadata.json")) == ["45", "46", "47", "48", "49", "50"])

        let work = try TestPaths.temporaryDirectory()
        let stubs: [String: String] = [
            "ui/main.js": "export const panel = {statusArea: {}};\n",
            "ui/popupMenu.js": "export class PopupMenuItem {}\n",
            "ui/quickSettings.js": """
            import GObject from 'gi://GObject';
            export const QuickSlider = GObject.registerClass(class QuickSlider extends GObject.Object {});
            export const QuickToggle = GObject.registerClass(class QuickToggle extends GObject.Object {});
            export const SystemIndicator = GObject.registerClass(class SystemIndicator extends GObject.Object {});

            """,
            "extensions/extension.js": "export class Extension { constructor(metadata) { this.metadata = metadata; } }\n",
        ]
        var files = ""
        for (path, text) in stubs {
            let file = work.appendingPathComponent("org/gnome/shell/\(path)")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            files += "<file>org/gnome/shell/\(path)</file>"
        }
        try #"<?xml version="1.0"?><gresources><gresource prefix="/">\#(files)</gresource></gresources>"#
            .write(to: work.appendingPathComponent("stubs.xml"), atomically: true, encoding: .utf8)
        let compiled = try CommandRunner.run(
            [
                "--sourcedir", work.path, "--target", work.appendingPathComponent("stubs.gresource").path,
                work.appendingPathComponent("stubs.xml").path,
            ],
            executable: URL(fileURLWithPath: "/usr/bin/glib-compile-resources"), environment: [:], timeoutSeconds: 30)
        #expect(compiled.status == 0, "\(compiled.standardError)")

        let folder = home.dataHome.appendingPathComponent("gnome-shell/extensions/\(Self.uuid)")
        try """
        import Gio from 'gi://Gio';
        import GLib from 'gi://GLib';
        import system from 'system';
        Gio.Resource.load(system.programArgs[0])._register();
        const {Extension} = await import('resource:///org/gnome/shell/extensions/extension.js');
        const module = await import(`file://${system.programArgs[1]}/extension.js`);
        const extension = new module.default({uuid: 'fontd@fontd.org'});
        print(JSON.stringify({
            name: module.default.name, isExtension: extension instanceof Extension,
            enable: typeof extension.enable, disable: typeof extension.disable,
        }));
        """.write(to: work.appendingPathComponent("load.js"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        // St and Clutter, which the flavour imports, are the Shell's and mutter's own libraries.
        environment["GI_TYPELIB_PATH"] = "/usr/lib/gnome-shell:/usr/lib/x86_64-linux-gnu/mutter-11"
        environment["LD_LIBRARY_PATH"] = "/usr/lib/gnome-shell:/usr/lib/x86_64-linux-gnu/mutter-11"
        let loaded = try CommandRunner.run(
            ["-m", work.appendingPathComponent("load.js").path, work.appendingPathComponent("stubs.gresource").path, folder.path],
            executable: URL(fileURLWithPath: "/usr/bin/gjs"), environment: environment, timeoutSeconds: 60)
        #expect(loaded.status == 0, "\(loaded.standardError)")
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(loaded.standardOutput.utf8)) as? [String: Any], "\(loaded.standardOutput)")
        #expect(answer["name"] as? String == "FontdExtension")
        #expect(answer["isExtension"] as? Bool == true)
        #expect(answer["enable"] as? String == "function" && answer["disable"] as? String == "function")
    }
}

import FontdTestSupport
import Foundation
import Testing

/// `fontd desktop install` and `uninstall` through the real binary in a home of the test's own
/// (docs/DESIGN.md §28 (The Settings portal backend), "Registration"): the user's files after install, and byte for byte as
/// they were after uninstall.
@Suite(.ownThread) struct DesktopInstallTests {
    static let settings = "org.freedesktop.impl.portal.Settings"

    /// A portals.conf a user could have: comments, another group, keys in their own order, odd spacing.
    static let userConfiguration = """
        # my portals
        [preferred]
        default=gnome;gtk;
        # the file chooser stays GTK's
        org.freedesktop.impl.portal.FileChooser = gtk;
        org.freedesktop.impl.portal.Settings=gnome;gtk

        [extra]
        keep=this;   

        """

    /// `fontd desktop arguments…` in `home`, for a stand-in xdg-desktop-portal of `portalVersion`
    /// (1.20.1, which reads the user's portals folder, unless said) kept outside the home; the
    /// installed one (Debian 12's 1.16.0) when `portalVersion` is nil.
    private func run(
        _ arguments: [String], in home: TemporaryHome, _ extra: [String: String] = [:], portalVersion: String? = "1.20.1"
    ) throws -> CommandResult {
        var portal: [String] = []
        if let portalVersion {
            let executable = try Self.standInPortal(version: portalVersion, under: try TestPaths.temporaryDirectory())
            portal = ["--portal-executable", executable.path]
        }
        return try CommandRunner.run(["desktop"] + arguments + portal, environment: home.environment(extra), timeoutSeconds: 10)
    }

    /// An executable that prints only `xdg-desktop-portal VERSION`, at `prefix/libexec/xdg-desktop-portal`:
    /// fontd takes the portal's folders from its version and its prefix (`prefix/share/xdg-desktop-portal/portals`).
    static func standInPortal(version: String, under prefix: URL) throws -> URL {
        let executable = prefix.appendingPathComponent("libexec/xdg-desktop-portal")
        try FileManager.default.createDirectory(at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "#!/bin/sh\necho xdg-desktop-portal \(version)\n".write(to: executable, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        return executable
    }

    @Test func onDebian12sPortalWithoutTheSystemsFileInstallFailsAndNamesTheFix() throws {
        let home = try TemporaryHome()
        // The installed xdg-desktop-portal, 1.16.0, reads /usr/share/xdg-desktop-portal/portals only.
        let install = try run(["install"], in: home, portalVersion: nil)
        #expect(install.status == 1, "\(install.standardOutput)")
        #expect(!install.standardOutput.contains("fontd is installed as your Settings portal backend"), "\(install.standardOutput)")
        #expect(
            install.standardError.contains(
                "xdg-desktop-portal 1.16.0 cannot see fontd.portal, so it will not ask fontd; install the fontd package (sudo apt install ./fontd.deb), or run: sudo install -D -m 644 \(home.dataHome.path)/xdg-desktop-portal/portals/fontd.portal /usr/share/xdg-desktop-portal/portals/fontd.portal"
            ), "\(install.standardError)")
    }

    @Test func installSucceedsWhereThePortalSeesTheSystemsFile() throws {
        let home = try TemporaryHome()
        let prefix = try TestPaths.temporaryDirectory()
        let executable = try Self.standInPortal(version: "1.16.0", under: prefix)
        let portal = ["--portal-executable", executable.path]
        let systemFolder = prefix.appendingPathComponent("share/xdg-desktop-portal/portals")
        let unseen = try CommandRunner.run(["desktop", "install"] + portal, environment: home.environment(), timeoutSeconds: 10)
        #expect(unseen.status == 1)
        #expect(unseen.standardError.contains("\(systemFolder.path)/fontd.portal"), "\(unseen.standardError)")

        // What the package installs (scripts/install puts data/fontd.portal there for /usr).
        try FileManager.default.createDirectory(at: systemFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.packageRoot.appendingPathComponent("data/fontd.portal"), to: systemFolder.appendingPathComponent("fontd.portal"))
        let seen = try CommandRunner.run(["desktop", "install"] + portal, environment: home.environment(), timeoutSeconds: 10)
        #expect(seen.status == 0, "\(seen.standardError)")
        #expect(
            seen.standardOutput.contains("xdg-desktop-portal 1.16.0 reads fontd.portal from \(systemFolder.path)."),
            "\(seen.standardOutput)")
    }

    /// Installs, checks with `check`, uninstalls, and expects the home exactly as it was.
    private func installAndUndo(
        _ home: TemporaryHome, _ extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation,
        check: (CommandResult) throws -> Void
    ) throws {
        let before = try home.snapshot()
        let install = try run(["install"], in: home, extra)
        #expect(install.status == 0, "\(install.standardError)", sourceLocation: sourceLocation)
        #expect(install.standardOutput.contains("systemctl --user restart xdg-desktop-portal"), sourceLocation: sourceLocation)
        try check(install)
        let uninstall = try run(["uninstall"], in: home, extra)
        #expect(uninstall.status == 0, "\(uninstall.standardError)", sourceLocation: sourceLocation)
        #expect(try home.snapshot() == before, "\(uninstall.standardOutput)", sourceLocation: sourceLocation)
    }

    @Test func withoutPortalsConfInstallCreatesItAndUninstallRemovesEverything() throws {
        let home = try TemporaryHome()
        // A state folder that is not there yet: the folders made for the record go too.
        try installAndUndo(home, ["XDG_STATE_HOME": home.root.appendingPathComponent("fresh/state").path]) { install in
            let portalFile = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("data/fontd.portal"), encoding: .utf8)
            #expect(home.text("data/xdg-desktop-portal/portals/fontd.portal") == portalFile)
            #expect(home.text("config/xdg-desktop-portal/portals.conf") == "[preferred]\n\(Self.settings)=fontd;\n")
            #expect(home.text("config/fontd/portal.conf")?.contains("text-scaling-factor=false\n") == true)
            #expect(install.standardOutput.contains("created \(home.portalConfig.path)/portals.conf"))
        }
    }

    @Test func anExistingPortalsConfChangesInOneLineAndComesBackByteForByte() throws {
        let home = try TemporaryHome()
        try home.write(Self.userConfiguration, to: "config/xdg-desktop-portal/portals.conf", mode: 0o640)
        try installAndUndo(home) { _ in
            let expected = Self.userConfiguration.replacingOccurrences(of: "Settings=gnome;gtk\n", with: "Settings=fontd;gnome;gtk;\n")
            #expect(home.text("config/xdg-desktop-portal/portals.conf") == expected)
            let mode = try home.snapshot()["config/xdg-desktop-portal/portals.conf"]?.prefix(4)
            #expect(mode == "640 ")
        }
    }

    @Test func aPortalsConfThatIsALinkStaysALink() throws {
        let home = try TemporaryHome()
        try home.write(Self.userConfiguration, to: "dotfiles/portals.conf")
        try FileManager.default.createDirectory(at: home.portalConfig, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: home.portalConfig.appendingPathComponent("portals.conf").path,
            withDestinationPath: home.root.appendingPathComponent("dotfiles/portals.conf").path)
        try installAndUndo(home) { _ in
            #expect(home.text("dotfiles/portals.conf")?.contains("Settings=fontd;gnome;gtk;\n") == true)
            let link = try? FileManager.default.destinationOfSymbolicLink(
                atPath: home.portalConfig.appendingPathComponent("portals.conf").path)
            #expect(link == home.root.appendingPathComponent("dotfiles/portals.conf").path)
        }
    }

    @Test func theDesktopsOwnFileIsTheOneChanged() throws {
        let home = try TemporaryHome()
        let desktopFile = "# GNOME only\n[preferred]\ndefault=gnome;gtk;\n\n# end\n"
        try home.write(desktopFile, to: "config/xdg-desktop-portal/gnome-portals.conf")
        try home.write(Self.userConfiguration, to: "config/xdg-desktop-portal/portals.conf")
        try installAndUndo(home, ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) { _ in
            #expect(
                home.text("config/xdg-desktop-portal/gnome-portals.conf")
                    == "# GNOME only\n[preferred]\ndefault=gnome;gtk;\n\(Self.settings)=fontd;gnome;gtk;\n\n# end\n")
            #expect(home.text("config/xdg-desktop-portal/portals.conf") == Self.userConfiguration)
        }
    }

    @Test func withoutAFileOfTheUsersTheSystemsIsCopiedSoOtherPortalsKeepTheirBackends() throws {
        let home = try TemporaryHome()
        try home.write("[preferred]\ndefault=gnome;gtk;\n", to: "system-config/xdg-desktop-portal/gnome-portals.conf")
        try installAndUndo(home, ["XDG_CURRENT_DESKTOP": "GNOME"]) { _ in
            #expect(
                home.text("config/xdg-desktop-portal/gnome-portals.conf")
                    == "[preferred]\ndefault=gnome;gtk;\n\(Self.settings)=fontd;gnome;gtk;\n")
            #expect(home.text("config/xdg-desktop-portal/portals.conf") == nil)
        }
    }

    @Test func withNoConfigurationAnywhereTheBackendsThatVolunteerForTheDesktopFollowFontd() throws {
        let home = try TemporaryHome()
        let portals = home.root.appendingPathComponent("portals").path
        try home.write(
            "[portal]\nDBusName=org.freedesktop.impl.portal.desktop.gnome\nInterfaces=org.freedesktop.impl.portal.Settings;\nUseIn=gnome\n",
            to: "portals/gnome.portal")
        try home.write(
            "[portal]\nDBusName=org.freedesktop.impl.portal.desktop.kde\nInterfaces=org.freedesktop.impl.portal.Settings;\nUseIn=KDE\n",
            to: "portals/kde.portal")
        try installAndUndo(home, ["XDG_CURRENT_DESKTOP": "GNOME", "XDG_DESKTOP_PORTAL_DIR": portals]) { _ in
            #expect(home.text("config/xdg-desktop-portal/portals.conf") == "[preferred]\n\(Self.settings)=fontd;gnome;\n")
            #expect(home.text("portals/fontd.portal") == home.text("data/xdg-desktop-portal/portals/fontd.portal"))
        }
    }

    /// The XDG Base Directory specification: a relative path in an XDG variable is invalid and
    /// ignored. A relative `XDG_DESKTOP_PORTAL_DIR` that leads (from fontd's working directory, the
    /// test's) into the home is neither written to nor read from.
    @Test func aRelativePortalFolderIsIgnored() throws {
        let home = try TemporaryHome()
        let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents.dropFirst()
        let relative = String(repeating: "../", count: working.count) + home.root.appendingPathComponent("portals").path.dropFirst()
        try home.write(
            "[portal]\nDBusName=org.freedesktop.impl.portal.desktop.kde\nInterfaces=org.freedesktop.impl.portal.Settings;\nUseIn=gnome\n",
            to: "portals/kde.portal")
        #expect(FileManager.default.fileExists(atPath: relative + "/kde.portal"), "the relative path leads into the home")
        try installAndUndo(home, ["XDG_CURRENT_DESKTOP": "GNOME", "XDG_DESKTOP_PORTAL_DIR": relative]) { install in
            #expect(home.text("portals/fontd.portal") == nil, "\(install.standardOutput)")
            #expect(home.text("data/xdg-desktop-portal/portals/fontd.portal") != nil)
            // The backend in the relative folder is not one the portal would ask, so portals.conf does not name it.
            #expect(home.text("config/xdg-desktop-portal/portals.conf")?.contains("kde") == false, "\(install.standardOutput)")
        }
    }

    @Test func installingTwiceIsInstallingOnce() throws {
        let home = try TemporaryHome()
        try home.write(Self.userConfiguration, to: "config/xdg-desktop-portal/portals.conf")
        try installAndUndo(home) { _ in
            let once = try home.snapshot()
            let again = try run(["install"], in: home)
            #expect(again.status == 0)
            #expect(again.standardOutput.contains("Nothing to change"))
            #expect(!again.standardOutput.contains("systemctl"))
            let twice = try home.snapshot()
            #expect(twice == once)
        }
    }

    @Test func theTextScalingFactorChoiceIsRecordedAndRemoved() throws {
        let home = try TemporaryHome()
        let before = try home.snapshot()
        #expect(try run(["install", "--text-scaling-factor"], in: home).status == 0)
        #expect(home.text("config/fontd/portal.conf")?.contains("text-scaling-factor=true\n") == true)
        #expect(try run(["status"], in: home).standardOutput.contains("answers text-scaling-factor: yes"))
        #expect(try run(["install"], in: home).standardOutput.contains("changed \(home.configHome.path)/fontd/portal.conf"))
        #expect(try run(["status"], in: home).standardOutput.contains("answers text-scaling-factor: no"))
        #expect(try run(["uninstall"], in: home).status == 0)
        #expect(try home.snapshot() == before)
    }

    @Test func aFileEditedSinceInstallKeepsTheUsersVersion() throws {
        let home = try TemporaryHome()
        try home.write(Self.userConfiguration, to: "config/xdg-desktop-portal/portals.conf")
        #expect(try run(["install"], in: home).status == 0)
        let edited = "[preferred]\ndefault=kde;\n"
        try home.write(edited, to: "config/xdg-desktop-portal/portals.conf")
        let uninstall = try run(["uninstall"], in: home)
        #expect(uninstall.status == 0)
        #expect(uninstall.standardOutput.contains("kept \(home.portalConfig.path)/portals.conf: it was edited since fontd desktop install"))
        #expect(home.text("config/xdg-desktop-portal/portals.conf") == edited)
        #expect(home.text("state/fontd/desktop/portals.conf.before-install") == Self.userConfiguration)
        #expect(home.text("data/xdg-desktop-portal/portals/fontd.portal") == nil)
    }

    @Test func anUnparsableLineIsNamedAndNothingChanges() throws {
        let home = try TemporaryHome()
        try home.write("[preferred]\ndefault=gnome;\nthis is not a key\n", to: "config/xdg-desktop-portal/portals.conf")
        let before = try home.snapshot()
        let install = try run(["install"], in: home)
        #expect(install.status != 0)
        #expect(install.standardOutput.isEmpty)
        #expect(install.standardError.hasPrefix("fontd: error: \(home.portalConfig.path)/portals.conf line 3 is not a [group], key=value"))
        #expect(try home.snapshot() == before)
    }

    /// What systemd's user manager gives the reader's next login from the environment.d folders: its
    /// own generator, run on the home's `$XDG_CONFIG_HOME`.
    private func loginEnvironment(_ home: TemporaryHome) throws -> String {
        let generator = "/usr/lib/systemd/user-environment-generators/30-systemd-environment-d-generator"
        let result = try CommandRunner.run(
            [], executable: URL(fileURLWithPath: generator),
            environment: ["XDG_CONFIG_HOME": home.configHome.path, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test func installQtChoosesQt5ctForTheNextLoginAndUninstallRemovesExactlyThat() throws {
        let home = try TemporaryHome()
        try home.write("# mine\nEDITOR=vi\n", to: "config/environment.d/50-mine.conf")
        let before = try home.snapshot()
        #expect(!(try loginEnvironment(home)).contains("QT_QPA_PLATFORMTHEME="))
        let install = try run(["install", "--qt"], in: home)
        #expect(install.status == 0, "\(install.standardError)")
        let file = "config/environment.d/60-fontd-qt.conf"
        #expect(
            install.standardOutput.contains("created \(home.configHome.path)/environment.d/60-fontd-qt.conf"), "\(install.standardOutput)")
        #expect(install.standardOutput.contains("Qt applications started after your next login"), "\(install.standardOutput)")
        #expect(home.text(file)?.hasSuffix("\nQT_QPA_PLATFORMTHEME=qt5ct\n") == true, "\(home.text(file) ?? "none")")
        let login = try loginEnvironment(home)
        #expect(login.contains("\nQT_QPA_PLATFORMTHEME=qt5ct\n") || login.hasPrefix("QT_QPA_PLATFORMTHEME=qt5ct\n"), "\(login)")
        #expect(login.contains("EDITOR=vi"), "\(login)")
        #expect(home.text("config/environment.d/50-mine.conf") == "# mine\nEDITOR=vi\n")
        // Again, in the login it made: nothing changes.
        let again = try run(["install", "--qt"], in: home, ["QT_QPA_PLATFORMTHEME": "qt5ct"])
        #expect(
            again.standardOutput.contains("unchanged \(home.configHome.path)/environment.d/60-fontd-qt.conf"), "\(again.standardOutput)")
        #expect(again.standardOutput.contains("Nothing to change"), "\(again.standardOutput)")
        let uninstall = try run(["uninstall"], in: home)
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        #expect(
            uninstall.standardOutput.contains("removed \(home.configHome.path)/environment.d/60-fontd-qt.conf"),
            "\(uninstall.standardOutput)")
        #expect(try home.snapshot() == before)
        #expect(!(try loginEnvironment(home)).contains("QT_QPA_PLATFORMTHEME="))
    }

    @Test func installQtLeavesAQtThemeChosenElsewhereAlone() throws {
        let home = try TemporaryHome()
        // A file of the reader's sets it (after a comment and another variable).
        try home.write("# mine\nEDITOR=vi\n QT_QPA_PLATFORMTHEME = gtk3\n", to: "config/environment.d/50-mine.conf")
        let byFile = try run(["install", "--qt"], in: home)
        #expect(byFile.status == 0, "\(byFile.standardError)")
        #expect(
            byFile.standardOutput.contains(
                "left QT_QPA_PLATFORMTHEME alone: \(home.configHome.path)/environment.d/50-mine.conf sets QT_QPA_PLATFORMTHEME=gtk3"),
            "\(byFile.standardOutput)")
        #expect(home.text("config/environment.d/60-fontd-qt.conf") == nil)
        #expect(try run(["uninstall"], in: home).status == 0)

        // The environment sets it (a profile script, say).
        let other = try TemporaryHome()
        let before = try other.snapshot()
        let byEnvironment = try run(["install", "--qt"], in: other, ["QT_QPA_PLATFORMTHEME": "kde"])
        #expect(byEnvironment.status == 0, "\(byEnvironment.standardError)")
        #expect(
            byEnvironment.standardOutput.contains("left QT_QPA_PLATFORMTHEME alone: the environment sets QT_QPA_PLATFORMTHEME=kde"),
            "\(byEnvironment.standardOutput)")
        #expect(other.text("config/environment.d/60-fontd-qt.conf") == nil)
        #expect(try run(["uninstall"], in: other).status == 0)
        #expect(try other.snapshot() == before)
    }

    @Test func uninstallWithNothingInstalledSaysSo() throws {
        let home = try TemporaryHome()
        let uninstall = try run(["uninstall"], in: home)
        #expect(uninstall.status == 0)
        #expect(uninstall.standardOutput.hasPrefix("Nothing to undo"))
    }

    /// What the parser refuses, one line each, naming the subcommand or option meant (docs/DESIGN.md §18 (The command line)).
    @Test(arguments: [
        (
            ["instal"],
            "Unknown command 'instal' for fontd desktop. Did you mean 'install'? The commands: install, uninstall, status, exclude, include; see 'fontd desktop --help'."
        ),
        (["install", "--text-scaling"], "Unknown option '--text-scaling'. Did you mean '--text-scaling-factor'?"),
    ])
    func aMistypedSubcommandOrFlagIsRefused(arguments: [String], message: String) throws {
        let home = try TemporaryHome()
        let before = try home.snapshot()
        let result = try run(arguments, in: home)
        #expect(result.status != 0)
        #expect(result.standardError == "fontd: error: \(message)\n", "\(result.standardError)")
        #expect(try home.snapshot() == before)
    }
}

import Foundation

/// fontd as the user's Settings portal backend: the files `fontd desktop install` writes, where
/// the installed xdg-desktop-portal reads them, and the choices `fontd serve` takes from them
/// (docs/DESIGN.md §28 (The Settings portal backend), "Registration").
struct DesktopInstallation {
    /// The `.portal` file, byte for byte the repository's `data/fontd.portal` (a test compares them).
    static let portalFileText = """
        [portal]
        DBusName=org.freedesktop.impl.portal.desktop.fontd
        Interfaces=org.freedesktop.impl.portal.Settings;
        UseIn=GNOME;KDE;XFCE;LXQt;LXDE;MATE;X-Cinnamon;Budgie;Pantheon;Unity;Deepin;COSMIC;sway;Hyprland;wlroots;

        """

    /// The `.portal` file's name; xdg-desktop-portal calls the backend by it without `.portal`.
    static let portalFileName = "fontd.portal"

    /// The key of `$XDG_CONFIG_HOME/fontd/portal.conf` that says whether the portal backend also
    /// answers `org.gnome.desktop.interface text-scaling-factor`.
    static let textScalingFactorKey = "text-scaling-factor"

    let paths: DesktopPaths
    /// The xdg-desktop-portal installed here; nil when there is none.
    let portal: XDGDesktopPortal?
    /// The GNOME Shell installed here, whose version decides the extension's flavour; nil when there is none.
    let gnomeShell: GnomeShell?
    /// The reader's environment, in which `gsettings` runs.
    let environment: [String: String]

    init(environment: [String: String], portalExecutable: String? = nil, gnomeShellExecutable: String? = nil) throws(DesktopInstallError) {
        paths = try DesktopPaths(environment: environment)
        portal = try XDGDesktopPortal.installed(executable: portalExecutable)
        gnomeShell = try GnomeShell.installed(executable: gnomeShellExecutable, environment: environment)
        self.environment = environment
    }

    /// Whether the user chose, with `fontd desktop install --text-scaling-factor`, that the portal
    /// backend also answers GNOME's `text-scaling-factor`: the default of `fontd serve
    /// --portal-text-scaling-factor`. False when nothing is installed or the environment has no home.
    static func textScalingFactorChosen(environment: [String: String]) -> Bool {
        guard let paths = try? DesktopPaths(environment: environment),
            let data = try? UserFiles.read(paths.portalChoicesFile)
        else { return false }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .contains { $0.trimmingWhitespace == "\(textScalingFactorKey)=true" }
    }

    /// The text of fontd's own `portal.conf` for the choice.
    static func portalChoicesText(textScalingFactor: Bool) -> String {
        "# Written by fontd desktop install; read by fontd serve (docs: fontd desktop --help).\n\(textScalingFactorKey)=\(textScalingFactor)\n"
    }

    // MARK: Where things go

    /// The `.portal` files install writes: the user's folder (read since 1.20.1) and, when set,
    /// `$XDG_DESKTOP_PORTAL_DIR` (the one folder every version then reads).
    var portalFilePaths: [String] {
        [paths.userPortalDir + "/" + Self.portalFileName] + (paths.portalDirOverride.map { [$0 + "/" + Self.portalFileName] } ?? [])
    }

    /// The folder this xdg-desktop-portal reads fontd's `.portal` file from; nil when it reads none
    /// that holds it (1.16 to 1.20.0 without the package or `$XDG_DESKTOP_PORTAL_DIR`).
    var portalFileSeenIn: String? {
        let folders = portal?.portalDirs(paths) ?? [paths.userPortalDir]
        return folders.first { folder in
            guard let data = try? UserFiles.read(folder + "/" + Self.portalFileName) else { return false }
            return String(decoding: data, as: UTF8.self).contains("DBusName=org.freedesktop.impl.portal.desktop.fontd")
        }
    }

    /// The user's portal configuration to put fontd into: their `<desktop>-portals.conf` for the
    /// first current desktop that has one, else their `portals.conf`; when they have neither, the
    /// same name as the system's file in effect, started from its text (up to 1.21.0 a user's file
    /// hides the system's entirely, so it must keep what the system's chose for other portals).
    func portalsConfiguration() throws(DesktopInstallError) -> (path: String, seed: String?) {
        let userDir = paths.userPortalConfigDir
        for name in paths.currentDesktops.map({ "\($0)-portals.conf" }) + ["portals.conf"]
        where FileManager.default.fileExists(atPath: userDir + "/" + name) || UserFiles.isLink(userDir + "/" + name) {
            return (userDir + "/" + name, nil)
        }
        guard let system = try systemConfiguration() else { return (userDir + "/portals.conf", nil) }
        return (userDir + "/" + (system.path as NSString).lastPathComponent, system.text)
    }

    /// The system's portal configuration a user without one gets, the first that xdg-desktop-portal
    /// 1.17.1 and later find: per folder, `<desktop>-portals.conf` then `portals.conf`.
    func systemConfiguration() throws(DesktopInstallError) -> (path: String, text: String)? {
        let folders = (portal ?? XDGDesktopPortal.assumed).configDirsAfterUser(paths)
        for folder in folders {
            for name in paths.currentDesktops.map({ "\($0)-portals.conf" }) + ["portals.conf"] {
                let path = folder + "/" + name
                if let data = try UserFiles.read(path) { return (path, try Self.text(data, path: path)) }
            }
        }
        return nil
    }

    /// The desktop's own Settings backends: what the system's configuration names for Settings,
    /// else its `default`; with no configuration, the installed backends whose `UseIn` names a
    /// current desktop, as xdg-desktop-portal itself falls back to.
    func desktopSettingsBackends() throws(DesktopInstallError) -> [String] {
        guard let system = try systemConfiguration() else { return volunteeredSettingsBackends() }
        let configuration = try PortalsConfiguration(bytes: Array(system.text.utf8), path: system.path)
        return configuration.preferred(PortalsConfiguration.settingsKey) ?? configuration.preferred("default") ?? []
    }

    /// The other `.portal` files in the portal's folders that implement Settings and name a
    /// current desktop in `UseIn`, by file name.
    private func volunteeredSettingsBackends() -> [String] {
        var backends: [String] = []
        for folder in (portal ?? XDGDesktopPortal.assumed).portalDirs(paths) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".portal") && name != Self.portalFileName {
                guard let data = try? UserFiles.read(folder + "/" + name) else { continue }
                var values: [Substring: [String]] = [:]
                for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    values[parts[0].trimmingWhitespace] = parts[1].split(separator: ";").map { $0.trimmingWhitespace.lowercased() }
                }
                let backend = String(name.dropLast(".portal".count))
                guard values["Interfaces"]?.contains(PortalsConfiguration.settingsKey.lowercased()) == true,
                    values["UseIn"]?.contains(where: paths.currentDesktops.contains) == true, !backends.contains(backend)
                else { continue }
                backends.append(backend)
            }
        }
        return backends
    }

    /// `data` as text; refused when it is not UTF-8, as GLib's key files refuse it.
    static func text(_ data: Data, path: String) throws(DesktopInstallError) -> String {
        guard let text = String(data: data, encoding: .utf8) else { throw .notText(path: path) }
        return text
    }
}

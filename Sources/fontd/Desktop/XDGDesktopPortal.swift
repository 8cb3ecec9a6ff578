import Foundation

/// The xdg-desktop-portal installed here, its version, and where that version reads backends and
/// their choice from — the facts of docs/DESIGN.md §28 (The Settings portal backend), "Registration", taken from its sources.
struct XDGDesktopPortal: Sendable {
    /// Where distributions put the executable (Debian and Fedora: libexec; Arch: lib).
    static let knownExecutables = [
        "/usr/libexec/xdg-desktop-portal", "/usr/lib/xdg-desktop-portal", "/usr/local/libexec/xdg-desktop-portal",
    ]

    let executable: String
    let version: PortalVersion

    /// Debian's layout and the newest behaviour, for where a user's install goes when no
    /// xdg-desktop-portal is installed yet.
    static let assumed = XDGDesktopPortal(executable: knownExecutables[0], version: PortalVersion(1, 20, 1))

    /// The folder xdg-desktop-portal was built to read `.portal` files from: `DATADIR` of its
    /// prefix (`/usr/libexec/…` → `/usr/share/xdg-desktop-portal/portals`).
    var systemPortalDir: String { prefix + "/share/xdg-desktop-portal/portals" }

    /// `SYSCONFDIR/xdg-desktop-portal` of its prefix (`/etc` for `/usr`).
    var systemConfigDir: String { (prefix == "/usr" ? "" : prefix) + "/etc/xdg-desktop-portal" }

    /// `DATADIR/xdg-desktop-portal`, the last place 1.17.1 and later look for `portals.conf`.
    var dataConfigDir: String { prefix + "/share/xdg-desktop-portal" }

    private var prefix: String {
        var components = executable.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(min(2, components.count))
        return components.joined(separator: "/")
    }

    /// Whether it reads `portals.conf` at all (1.17.0 and later; 1.16 matches `UseIn` only).
    var readsPortalsConf: Bool { version >= PortalVersion(1, 17, 0) }

    /// Whether it reads the user's `$XDG_DATA_HOME/xdg-desktop-portal/portals` (1.20.1 and later).
    var readsUserPortalDir: Bool { version >= PortalVersion(1, 20, 1) }

    /// The folders this version reads `.portal` files from, in order.
    func portalDirs(_ paths: DesktopPaths) -> [String] {
        if let override = paths.portalDirOverride { return [override] }
        guard readsUserPortalDir else { return [systemPortalDir] }
        return [paths.userPortalDir] + paths.dataDirs.map { $0 + "/xdg-desktop-portal/portals" } + [systemPortalDir]
    }

    /// The configuration folders after the user's `$XDG_CONFIG_HOME/xdg-desktop-portal`, in the
    /// order 1.17.1 and later search them (the first file found is the one in effect up to 1.21.0).
    func configDirsAfterUser(_ paths: DesktopPaths) -> [String] {
        paths.configDirs.map { $0 + "/xdg-desktop-portal" } + [systemConfigDir, paths.dataHome + "/xdg-desktop-portal"]
            + paths.dataDirs.map { $0 + "/xdg-desktop-portal" } + [dataConfigDir]
    }

    /// The portal at `executable`, or the first of `knownExecutables` there is; nil when none is installed.
    static func installed(executable: String?) throws(DesktopInstallError) -> XDGDesktopPortal? {
        guard let path = executable ?? knownExecutables.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let output = versionOutput(of: path)
        let words = output.split(separator: " ")
        guard words.count == 2, words[0] == "xdg-desktop-portal", let version = PortalVersion(String(words[1])) else {
            throw .unknownPortal(path: path, output: output)
        }
        return XDGDesktopPortal(executable: path, version: version)
    }

    /// What `executable --version` prints, trimmed ("" when it cannot be run).
    private static func versionOutput(of executable: String) -> String {
        DesktopTool(name: executable, package: "xdg-desktop-portal").run(["--version"], environment: ProcessInfo.processInfo.environment)?
            .output.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }
}

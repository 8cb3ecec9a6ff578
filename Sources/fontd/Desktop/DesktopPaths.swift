/// The folders of the XDG Base Directory specification and the desktop names, read from one
/// environment, as xdg-desktop-portal (GLib's `g_get_user_config_dir` and friends) reads them.
struct DesktopPaths: Sendable {
    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`.
    let configHome: String
    /// `$XDG_DATA_HOME`, else `$HOME/.local/share`.
    let dataHome: String
    /// `$XDG_STATE_HOME`, else `$HOME/.local/state`: where fontd keeps its record of an installation.
    let stateHome: String
    /// `$XDG_CONFIG_DIRS`, else `/etc/xdg`.
    let configDirs: [String]
    /// `$XDG_DATA_DIRS`, else `/usr/local/share` and `/usr/share`.
    let dataDirs: [String]
    /// `$XDG_CURRENT_DESKTOP`, lower-cased and split at `:`, as xdg-desktop-portal 1.17 and later match file names.
    let currentDesktops: [String]
    /// `$XDG_DESKTOP_PORTAL_DIR`: when set to an absolute path, the only folder every version reads `.portal` files from.
    let portalDirOverride: String?

    init(environment: [String: String]) throws(DesktopInstallError) {
        // The specification ignores relative paths in these variables, and so does GLib.
        func absolute(_ name: String) -> String? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            return value
        }
        func list(_ name: String, default fallback: [String]) -> [String] {
            let values = (environment[name] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
            return values.isEmpty ? fallback : values
        }
        let home = absolute("HOME")
        guard let configHome = absolute("XDG_CONFIG_HOME") ?? home.map({ $0 + "/.config" }),
            let dataHome = absolute("XDG_DATA_HOME") ?? home.map({ $0 + "/.local/share" }),
            let stateHome = absolute("XDG_STATE_HOME") ?? home.map({ $0 + "/.local/state" })
        else { throw .noHome }
        self.configHome = configHome
        self.dataHome = dataHome
        self.stateHome = stateHome
        configDirs = list("XDG_CONFIG_DIRS", default: ["/etc/xdg"])
        dataDirs = list("XDG_DATA_DIRS", default: ["/usr/local/share", "/usr/share"])
        currentDesktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        portalDirOverride = absolute("XDG_DESKTOP_PORTAL_DIR")
    }

    /// `$XDG_CONFIG_HOME/xdg-desktop-portal`: the user's `portals.conf` and `<desktop>-portals.conf`.
    var userPortalConfigDir: String { configHome + "/xdg-desktop-portal" }
    /// `$XDG_DATA_HOME/xdg-desktop-portal/portals`: the user's `.portal` files (read since 1.20.1).
    var userPortalDir: String { dataHome + "/xdg-desktop-portal/portals" }
    /// `$XDG_STATE_HOME/fontd/desktop`: the record of what `fontd desktop install` did.
    var recordDir: String { stateHome + "/fontd/desktop" }
    /// `$XDG_CONFIG_HOME/fontd/portal.conf`: the choices `fontd serve` reads for its portal backend.
    var portalChoicesFile: String { configHome + "/fontd/portal.conf" }
}

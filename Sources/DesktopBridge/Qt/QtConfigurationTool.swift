import Glibc

/// qt5ct or qt6ct, the Qt platform themes Linux readers choose with `QT_QPA_PLATFORMTHEME` outside
/// KDE Plasma (docs/DESIGN.md §34 (The reader's own sizes)): each keeps the fonts of every Qt
/// application it themes in `$XDG_CONFIG_HOME/<tool>/<tool>.conf`, `[Fonts] general` and `fixed`,
/// as QFont strings, and applies a change to running applications about three seconds after the
/// file's folder changes (measured with Debian 12's qt5ct 1.5 and qt6ct 0.7 in real PyQt5 and PyQt6),
/// when that folder existed as the application started.
public enum QtConfigurationTool: String, CaseIterable, Sendable {
    case qt5ct, qt6ct

    /// One font of the tool's `[Fonts]` group.
    public struct FontKey: Sendable, Hashable {
        /// The key: `general`, `fixed`.
        public var key: String
        /// The QFont string the tool uses when the key is absent, which fontd writes when it adds it.
        public var absentValue: String
        /// The size of `absentValue`: the base when the reader has none.
        public var absentPoints: Double
    }

    /// The group holding the fonts.
    public static let fontsGroup = "Fonts"

    /// `general` and `fixed`, with what both tools use when the file or key is absent: Sans Serif and
    /// Monospace at 12 points (read from `QApplication.font()` and the fixed system font of PyQt5
    /// and PyQt6 started with an empty configuration folder).
    public static let fontKeys = [
        FontKey(key: "fixed", absentValue: "\"Monospace,12,-1,5,50,0,0,0,0,0\"", absentPoints: 12),
        FontKey(key: "general", absentValue: "\"Sans Serif,12,-1,5,50,0,0,0,0,0\"", absentPoints: 12),
    ]

    /// The target's name: `qt5ct`, `qt6ct`.
    public var name: String { rawValue }

    /// `$XDG_CONFIG_HOME/<tool>/<tool>.conf` (else under `$HOME/.config`); nil without either.
    public func configurationPath(environment: [String: String]) -> String? {
        let folder: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            folder = config
        } else if let home = environment["HOME"], !home.isEmpty {
            folder = home + "/.config"
        } else {
            return nil
        }
        return "\(folder)/\(rawValue)/\(rawValue).conf"
    }

    /// Whether `--desktop auto` adds the tool: it is on `PATH`, or `QT_QPA_PLATFORMTHEME` names it.
    public func isChosen(environment: [String: String]) -> Bool {
        if (environment["QT_QPA_PLATFORMTHEME"] ?? "").split(separator: ":").contains(where: { $0 == rawValue }) { return true }
        return (environment["PATH"] ?? "").split(separator: ":").contains { access("\($0)/\(rawValue)", X_OK) == 0 }
    }
}

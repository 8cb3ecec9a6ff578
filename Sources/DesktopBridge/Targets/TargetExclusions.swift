import Foundation

/// The targets the reader excluded, `$XDG_STATE_HOME/fontd/desktop-targets.json` (docs/DESIGN.md §30
/// (KDE Plasma, X11, and per-target limits)): this machine's files, so this machine's choice, not
/// the preferences store's (a `StateRecord`). `fontd desktop exclude|include` edit it; `fontd serve` watches it.
public struct TargetExclusions: StateRecord {
    /// The names excluded, sorted.
    public var excluded: [String]

    public init() { self.init(excluded: []) }

    public init(excluded: [String]) {
        self.excluded = Array(Set(excluded)).sorted()
    }

    /// The targets fontd knows (`fontd desktop exclude` refuses any other name): the desktop's,
    /// then every terminal and editor `--bridge` takes.
    public static let knownTargets = ["gnome", "kde", "portal", "x11"] + QtConfigurationTool.allCases.map(\.name) + TerminalPrograms.names

    /// `$XDG_STATE_HOME/fontd` (else `$HOME/.local/state/fontd`): where exclusions and status live.
    public static func stateFolder(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/fontd" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/fontd"
    }

    /// The file's name in the state folder.
    public static let fileName = "desktop-targets.json"

    public func contains(_ name: String) -> Bool { excluded.contains(name) }

    /// These exclusions with `name` excluded (or, with `excluded` false, included again); nil when
    /// it already was. `fontd desktop exclude|include` and the control page's switch both change them so.
    public func setting(_ name: String, excluded: Bool) -> TargetExclusions? {
        guard contains(name) != excluded else { return nil }
        return TargetExclusions(excluded: excluded ? self.excluded + [name] : self.excluded.filter { $0 != name })
    }
}

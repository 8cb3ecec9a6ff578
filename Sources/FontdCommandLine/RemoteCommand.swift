/// The commands that talk to a running `fontd serve`. They live in a second executable,
/// `fontd-remote`, which `fontd` hands its command line over to: only that one links
/// FoundationNetworking and so libcurl, whose ~30 libraries would otherwise be loaded at
/// every start of `fontd query` (git keeps `git-remote-https` apart for the same reason).
public enum RemoteCommand: String, CaseIterable, Sendable {
    case category, legibility, watch, health

    /// The executable that runs them, beside `fontd`.
    public static let executableName = "fontd-remote"

    /// What the command does, for both executables' help.
    public var abstract: String {
        switch self {
        case .category: "Show or set the reader's content-size category on a fontd server."
        case .legibility: "Show or set the reader's legibility weight (the \"Bold Text\" setting) on a fontd server."
        case .watch: "Print the reader's preferences, then one line per change, as they happen."
        case .health: "Check that a fontd server answers; exit 0 if it does (for container health checks)."
        }
    }

    /// Whether `fontd arguments…` (without the program name) is for `fontd-remote`: one of the
    /// commands above (or help on one), or `query` with `--server`.
    public static func isRemote(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        if Self(rawValue: first) != nil { return true }
        if first == "help", arguments.count > 1, Self(rawValue: arguments[1]) != nil { return true }
        if first == "query" {
            let options = arguments.prefix { $0 != "--" }
            return options.contains { $0 == "--server" || $0.hasPrefix("--server=") }
        }
        return false
    }
}

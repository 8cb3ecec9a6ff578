import Foundation

/// The GNOME Shell installed here, by what `gnome-shell --version` says ("GNOME Shell 43.9"): its major version
/// decides which flavour of fontd's extension it loads (docs/DESIGN.md §37 (The reader's control)).
struct GnomeShell: Sendable {
    /// What ran: `gnome-shell` (found in `PATH`) or the path `--gnome-shell` named.
    let executable: String
    /// The version as it printed it (`43.9`).
    let version: String
    /// Its major version (43).
    let major: Int

    /// The Shell at `executable`, or `gnome-shell` in `environment`'s `PATH`; nil when there is none. A Shell that
    /// runs but does not say "GNOME Shell X.Y" is refused.
    static func installed(executable: String?, environment: [String: String]) throws(DesktopInstallError) -> GnomeShell? {
        let program = executable ?? "gnome-shell"
        guard let run = DesktopTool(name: program, package: "gnome-shell").run(["--version"], environment: environment) else {
            if let executable { throw .unknownShell(path: executable, output: "it cannot be run") }
            return nil
        }
        let output = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = output.split(separator: " ")
        guard words.count == 3, words[0] == "GNOME", words[1] == "Shell",
            let major = words[2].split(separator: ".").first.flatMap({ Int($0) })
        else { throw .unknownShell(path: program, output: output) }
        return GnomeShell(executable: program, version: String(words[2]), major: major)
    }
}

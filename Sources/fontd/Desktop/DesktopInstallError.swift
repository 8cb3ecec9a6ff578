import DesktopBridge

/// Why `fontd desktop` changed nothing: each case names the file and what is wrong with it
/// (docs/DESIGN.md §28 (The Settings portal backend), "Registration").
enum DesktopInstallError: Error, CustomStringConvertible {
    /// A `portals.conf` line that is no group, key, comment or blank line, as GLib's key files refuse it.
    case unparsableConfiguration(path: String, line: Int, text: String)
    /// A file that exists but is not UTF-8 text (GLib's key files are UTF-8).
    case notText(path: String)
    /// A file or folder that could not be read or written, with the system's reason.
    case fileFailure(path: String, action: String, reason: String)
    /// fontd's record of what it installed is there but cannot be read.
    case unreadableRecord(path: String, reason: String)
    /// The xdg-desktop-portal named with `--portal-executable` does not say its version.
    case unknownPortal(path: String, output: String)
    /// The GNOME Shell (`gnome-shell`, or the one `--gnome-shell` names) does not say its version.
    case unknownShell(path: String, output: String)
    /// No home folder to install into.
    case noHome
    /// A reader's file fontd will not edit (docs/DESIGN.md §35 (Editing a reader's file)): a dangling
    /// link, a file without a write bit, a file another program changed meanwhile.
    case file(ReaderFileError)

    var description: String {
        switch self {
        case .unparsableConfiguration(let path, let line, let text):
            "\(path) line \(line) is not a [group], key=value, # comment or blank line: \(text); nothing was changed (fix or remove that line, then run fontd desktop install again)"
        case .notText(let path):
            "\(path) is not UTF-8 text, as xdg-desktop-portal requires; nothing was changed"
        case .fileFailure(let path, let action, let reason):
            "cannot \(action) \(path): \(reason); nothing more was changed"
        case .unreadableRecord(let path, let reason):
            "cannot read fontd's record of the installation, \(path): \(reason); remove it to start over (the files it names stay as they are)"
        case .unknownPortal(let path, let output):
            "\(path) did not print \"xdg-desktop-portal X.Y.Z\" for --version (it printed \"\(output)\"); name the xdg-desktop-portal executable with --portal-executable"
        case .unknownShell(let path, let output):
            "\(path) did not print \"GNOME Shell X.Y\" for --version (\(output)); name the gnome-shell executable with --gnome-shell"
        case .file(let error):
            "\(error); nothing was changed"
        case .noHome:
            "neither HOME nor XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_STATE_HOME is set to an absolute path: there is no home folder to install into"
        }
    }
}

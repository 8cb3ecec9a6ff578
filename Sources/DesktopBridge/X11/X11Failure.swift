import Glibc

/// What went wrong in carrying a category to X11; logged once per kind, never fatal (docs/DESIGN.md
/// §30 (KDE Plasma, X11, and per-target limits)): the next change tries again.
enum X11Failure: Error, CustomStringConvertible {
    /// `xrdb` could not be started (not installed, or not on PATH).
    case xrdbNotStarted(errno: Int32)
    /// `xrdb -merge` ran and failed (the display gone, say), with what it said.
    case xrdbFailed(status: Int32, message: String)
    /// An xsettingsd's configuration could not be read or edited (docs/DESIGN.md §35 (Editing a reader's file)).
    case configuration(ReaderFileError)
    /// An xsettingsd could not be told to reload.
    case reloadNotSignalled(pid: Int32, errno: Int32)
    /// The reader's own values (the bases) or fontd's write could not be recorded, so nothing is written.
    case basesNotRecorded(path: String, reason: String)

    /// The kind, for logging each once.
    var kind: String {
        switch self {
        case .xrdbNotStarted: "xrdbNotStarted"
        case .xrdbFailed: "xrdbFailed"
        case .configuration: "configuration"
        case .reloadNotSignalled: "reloadNotSignalled"
        case .basesNotRecorded: "basesNotRecorded"
        }
    }

    var description: String {
        switch self {
        case .xrdbNotStarted(let errno):
            "xrdb could not be started (\(SystemError.text(errno))); Debian: x11-xserver-utils"
        case .xrdbFailed(let status, let message):
            "xrdb -merge exited with \(status)" + (message.isEmpty ? "" : ": \(message)")
        case .configuration(let error):
            "the xsettingsd configuration \(error)"
        case .reloadNotSignalled(let pid, let errno):
            "xsettingsd (pid \(pid)) could not be sent SIGHUP (\(SystemError.text(errno)))"
        case .basesNotRecorded(let path, let reason):
            "the reader's own X11 values could not be recorded in \(path) (\(reason)); nothing was written"
        }
    }
}

/// `strerror`'s text for an error number.
enum SystemError {
    static func text(_ number: Int32) -> String {
        guard let text = strerror(number) else { return "errno \(number)" }
        return String(cString: text)
    }
}

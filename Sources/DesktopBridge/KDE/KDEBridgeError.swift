/// Why fontd cannot join KDE Plasma (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): each case says what to fix.
public enum KDEBridgeError: Error, CustomStringConvertible, Equatable {
    /// Neither `XDG_CONFIG_HOME` nor `HOME` says where `kdeglobals` is.
    case noConfigFolder
    /// The folder of `kdeglobals` cannot be watched (inotify's reason).
    case notWatched(folder: String, reason: String)
    /// The base sizes could not be recorded.
    case basesNotRecorded(path: String, reason: String)
    /// The desktop's font size could not be made the scope's category at start.
    case categoryNotSet(scope: String, reason: String)

    public var description: String {
        "cannot join the KDE Plasma desktop: " + reason
    }

    private var reason: String {
        switch self {
        case .noConfigFolder: "neither XDG_CONFIG_HOME nor HOME is set, so kdeglobals cannot be found"
        case .notWatched(let folder, let reason): "\(folder) cannot be watched for changes of kdeglobals (\(reason))"
        case .basesNotRecorded(let path, let reason): "the base font sizes cannot be recorded in \(path) (\(reason))"
        case .categoryNotSet(let scope, let reason): "the category of \(scope) could not be set from kdeglobals' font size (\(reason))"
        }
    }
}

/// Why `fontd serve --desktop x11` cannot start (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)).
public enum X11TargetError: Error, CustomStringConvertible, Equatable {
    /// No X display is named: there is no resource database to write to.
    case noDisplay

    public var description: String {
        switch self {
        case .noDisplay:
            "cannot join the X11 desktop: DISPLAY is not set; run fontd in the X session, or set DISPLAY"
        }
    }
}

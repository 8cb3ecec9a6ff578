import DesktopBridge
import DynamicType
import SessionBus

/// The desktop bridge `fontd serve --desktop` started (docs/DESIGN.md §26 (The desktop bridge), §30 (KDE Plasma, X11, and per-target limits)).
enum JoinedDesktop {
    case gnome(DesktopBridge)
    /// KDE's bridge and the connection its signals go out on (nil: no session bus, said in the log).
    case kde(KDEBridge, KDESignals?)

    /// The scope whose category follows the desktop.
    var scope: PreferenceScope {
        switch self {
        case .gnome(let bridge): bridge.scope
        case .kde(let bridge, _): bridge.scope
        }
    }

    /// The write side `fontd serve` runs as a target of its own (docs/DESIGN.md §30 (KDE Plasma, X11,
    /// and per-target limits)).
    var target: any DesktopTarget {
        switch self {
        case .gnome(let bridge): bridge
        case .kde(let bridge, _): bridge
        }
    }

    /// Leaves the desktop.
    func stop() {
        switch self {
        case .gnome(let bridge): bridge.stop()
        case .kde(let bridge, let signals):
            bridge.stop()
            signals?.close()
        }
    }
}

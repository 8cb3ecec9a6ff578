import DesktopBridge

/// Why fontd cannot serve on the session bus (docs/DESIGN.md §27 (The session bus)): each case says what to do.
public enum SessionBusError: Error, CustomStringConvertible, Equatable {
    /// DBUS_SESSION_BUS_ADDRESS is not set: there is no session bus to join.
    case noAddress
    /// libfontd-bus.so cannot be used: not found, not loading, or another fontd's.
    case library(BundledLibrary.Failure)
    /// The bus at the address cannot be reached.
    case notConnected(address: String, reason: String)
    /// An object could not be registered.
    case notExported(path: String, reason: String)
    /// Another program (another fontd) owns one of fontd's names.
    case nameTaken(String)
    /// A name could not be requested.
    case nameNotRequested(name: String, reason: String)
    /// The bus thread could not be started.
    case noThread(reason: String)

    public var description: String {
        "cannot join the session bus: " + reason
    }

    private var reason: String {
        switch self {
        case .noAddress:
            "DBUS_SESSION_BUS_ADDRESS is not set; run fontd in the desktop session, or give --dbus off"
        case .library(let failure): failure.description
        case .notConnected(let address, let reason):
            "the bus at \(address) (DBUS_SESSION_BUS_ADDRESS) cannot be reached (\(reason))"
        case .notExported(let path, let reason):
            "the object \(path) could not be registered (\(reason))"
        case .nameTaken(let name):
            "another program owns \(name) (another fontd serve?); stop it, or give --dbus off"
        case .nameNotRequested(let name, let reason):
            "the name \(name) could not be requested (\(reason))"
        case .noThread(let reason):
            "its thread could not be started (\(reason))"
        }
    }
}

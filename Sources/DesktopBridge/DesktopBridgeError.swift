/// Why fontd cannot join the GNOME desktop, or set its key (docs/DESIGN.md §26 (The desktop bridge)): each case says
/// what to install or set.
public enum DesktopBridgeError: Error, CustomStringConvertible, Equatable {
    /// libfontd-gnome.so is in none of the places fontd looks.
    case libraryNotFound(searched: [String])
    /// The library is there but does not load (GIO itself missing, say).
    case libraryNotLoaded(path: String, reason: String)
    /// The library is another fontd's: its interface has another version, or no entry point.
    case libraryIncompatible(path: String, reason: String)
    /// The schema is not installed where GIO looks.
    case noSchema(String)
    /// The schema has no key of that name holding a double.
    case noKey(schema: String, key: String)
    /// GIO chose a backend no other program shares (its memory backend: no dconf).
    case unsharedBackend(String)
    /// dconf needs the session bus, and it cannot be reached.
    case noSessionBus(reason: String)
    /// The settings thread could not be started.
    case noThread(reason: String)
    /// Neither the loaded style table nor the default one has a `body` style to take ratios from.
    case noBodyStyle(table: String)
    /// The desktop's value could not be made the scope's category at start.
    case categoryNotSet(scope: String, reason: String)
    /// GSettings refused to set the key (it is not writable: locked down, or its backend cannot write).
    case notWritten(factor: Double, found: Double)
    /// GSettings refused to reset the key to its default.
    case notReset(found: Double)

    public var description: String {
        switch self {
        case .notWritten, .notReset: reason
        default: "cannot join the GNOME desktop: " + reason
        }
    }

    /// What went wrong, without the "cannot join" prefix.
    var reason: String {
        switch self {
        case .libraryNotFound(let searched): BundledLibrary.Failure.notFound(searched: searched).description
        case .libraryNotLoaded(let path, let reason): BundledLibrary.Failure.notLoaded(path: path, reason: reason).description
        case .libraryIncompatible(let path, let reason): BundledLibrary.Failure.incompatible(path: path, reason: reason).description
        case .noSchema(let schema):
            "the GSettings schema \(schema) is not installed (Debian: gsettings-desktop-schemas); GIO looks in XDG_DATA_DIRS/glib-2.0/schemas and GSETTINGS_SCHEMA_DIR"
        case .noKey(let schema, let key):
            "the GSettings schema \(schema) has no key \(key) holding a number"
        case .unsharedBackend(let backend):
            "GSettings chose its \(backend) backend, which no other program sees (Debian: dconf-gsettings-backend; or set GSETTINGS_BACKEND=keyfile)"
        case .noSessionBus(let reason):
            "the dconf backend needs the session bus, which cannot be reached (\(reason)); run fontd in the desktop session, or set DBUS_SESSION_BUS_ADDRESS"
        case .noThread(let reason):
            "its thread could not be started (\(reason))"
        case .noBodyStyle(let table):
            "neither the style table \(table) nor the default table has a body style, whose sizes give each category's text-scaling factor"
        case .categoryNotSet(let scope, let reason):
            "the category of \(scope) could not be set from text-scaling-factor (\(reason))"
        case .notWritten(let factor, let found):
            "GSettings refused to set text-scaling-factor to \(factor): the key is not writable; it is left at \(found)"
        case .notReset(let found):
            "GSettings refused to reset text-scaling-factor: the key is not writable; it is left at \(found)"
        }
    }
}

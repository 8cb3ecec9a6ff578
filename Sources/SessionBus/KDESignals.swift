import Logging

/// The two signals that tell running KDE programs that `kdeglobals`' fonts changed
/// (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): `org.kde.KDEPlatformTheme.refreshFonts` on `/KDEPlatformTheme`
/// and `org.kde.KGlobalSettings.notifyChange(1, 0)` (FontChanged, no argument) on `/KGlobalSettings`,
/// sent from a session-bus connection of fontd's own through the bus library, which owns no name.
public final class KDESignals: Sendable {
    private let connection: BusConnection

    private init(connection: BusConnection) {
        self.connection = connection
    }

    /// Connects to the session bus at `environment`'s `DBUS_SESSION_BUS_ADDRESS`.
    public static func connect(environment: [String: String], logger: Logger) throws(SessionBusError) -> KDESignals {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { throw .noAddress }
        let library = try BusLibrary.load()
        let connection = try BusConnection(
            address: address, library: library,
            handler: { call in call.fail(BusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no object at \(call.path)"))
            },
            property: { _, _, _ in nil },
            log: { level, message in logger.log(level: level, "GLib: \(message)") })
        return KDESignals(connection: connection)
    }

    /// Emits both signals once, in that order.
    public func fontsChanged() {
        connection.emit("refreshFonts", of: "org.kde.KDEPlatformTheme", from: "/KDEPlatformTheme", signature: "()", "()")
        connection.emit("notifyChange", of: "org.kde.KGlobalSettings", from: "/KGlobalSettings", signature: "(ii)", "(1, 0)")
    }

    /// Closes the connection: no signal is sent after it returns.
    public func close() { connection.close() }
}

import CSessionBus
import DesktopBridge
import DynamicType
import Logging
import ScopedPreferences
import Synchronization

/// fontd on the session bus (docs/DESIGN.md §27 (The session bus), §28 (The Settings portal backend)): one connection owning `org.fontd.Fontd1`
/// and the Settings portal backend's name, both objects serving one scope, and every change of its
/// preferences announced — `Changed` once per change, `SettingChanged` once per changed key —
/// from the hub's watch of the scope (`PreferencesWatch`), whatever made the change.
///
/// Calls arrive on the bus library's thread; the watch reports on the hub's queue; signals are
/// handed to the bus thread in the order of the changes. `announced` is touched only by the reports.
public final class SessionBusService: Sendable {
    /// What `start` serves.
    public struct Options: Sendable {
        /// The served scope (`--dbus-scope`).
        public var scope: PreferenceScope
        /// Whether the portal answers GNOME's `text-scaling-factor` (`--portal-text-scaling-factor`).
        public var portalTextScalingFactor: Bool

        public init(scope: PreferenceScope, portalTextScalingFactor: Bool) {
            self.scope = scope
            self.portalTextScalingFactor = portalTextScalingFactor
        }
    }

    /// The bus address: `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let fontd: FontdObject
    private let portal: SettingsPortal
    private let links = Mutex<(connection: BusConnection, watch: PreferencesWatch)?>(nil)
    /// The preferences last announced; the next change's signals are the keys that differ from them.
    private let announced: Mutex<BusPreferences>

    private init(address: String, fontd: FontdObject, portal: SettingsPortal) {
        self.address = address
        self.fontd = fontd
        self.portal = portal
        announced = Mutex(fontd.preferences)
    }

    /// Joins the session bus at `environment`'s `DBUS_SESSION_BUS_ADDRESS`: loads the bus library,
    /// connects, registers both objects and takes both names; returns once callers can reach them.
    ///
    /// - Throws: `SessionBusError`, saying what is missing (the address, the library, the bus) or
    ///   which name another program holds.
    public static func start(
        options: Options, hub: ScopeHub, ratios: TextScalingRatios, gateway: any ServiceGateway, environment: [String: String],
        logger: Logger
    ) throws(SessionBusError) -> SessionBusService {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { throw .noAddress }
        let library = try BusLibrary.load()
        let service = SessionBusService(
            address: address, fontd: FontdObject(scope: options.scope, hub: hub, ratios: ratios, gateway: gateway),
            portal: SettingsPortal(textScalingFactor: options.portalTextScalingFactor, ratios: ratios))
        let connection = try BusConnection(
            address: address, library: library,
            handler: { [weak service] call in
                guard let service else { return call.fail(BusError(name: "org.freedesktop.DBus.Error.Failed", message: "fontd is stopping")) }
                service.handle(call)
            },
            property: { _, interface, name in Self.property(interface, name) },
            log: { level, message in logger.log(level: level, "GLib: \(message)") })
        do {
            try connection.export(String(cString: fontd_bus_fontd1_introspection()), at: FontdObject.path)
            try connection.export(String(cString: fontd_bus_portal_introspection()), at: SettingsPortal.path)
            let watch = PreferencesWatch(scope: options.scope, hub: hub) { [weak service] change in service?.changed(change) }
            service.links.withLock { $0 = (connection, watch) }
            service.announced.withLock { announced in
                announced = service.fontd.preferences
                connection.setAnswers(service.answers(announced))
            }
            try connection.own(FontdObject.busName)
            try connection.own(SettingsPortal.busName)
        } catch {
            service.stop()
            connection.close()
            throw error
        }
        logger.notice("serving on the session bus", metadata: [
            "names": "\(FontdObject.busName) \(SettingsPortal.busName)", "scope": "\(options.scope.isRoot ? "(root)" : options.scope.path)",
            "portalTextScalingFactor": "\(options.portalTextScalingFactor)", "library": "\(library.path)",
        ])
        return service
    }

    /// Leaves the bus: no call is answered and no change announced after it returns.
    public func stop() {
        guard let (connection, watch) = links.withLock({ links in defer { links = nil }; return links }) else { return }
        watch.cancel()
        connection.close()
    }

    /// A call of either object; on the bus thread.
    private func handle(_ call: BusCall) {
        switch call.path {
        case FontdObject.path: fontd.handle(call)
        case SettingsPortal.path: portal.handle(call, preferences: fontd.preferences)
        default: call.fail(BusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no object at \(call.path)"))
        }
    }

    /// The reads the bus library answers at once for `preferences`: both objects'.
    private func answers(_ preferences: BusPreferences) -> [BusAnswer] {
        FontdObject.answers(preferences) + portal.answers(preferences)
    }

    /// The constant properties: `Version` and the portal's `version`.
    private static func property(_ interface: String, _ name: String) -> BusValue? {
        switch (interface, name) {
        case (FontdObject.interface, "Version"): .uint32(FontdObject.version)
        case (SettingsPortal.interface, "version"): .uint32(SettingsPortal.version)
        default: nil
        }
    }

    /// The served scope's preferences changed; on the hub's queue, in the order of the changes. The
    /// reads answered at once are set before the change's signals are emitted, so a client that
    /// reads after a signal reads that change or a later one.
    private func changed(_ change: PreferencesWatch.Change) {
        let after = BusPreferences(change.answer, ratios: fontd.ratios)
        let connection = links.withLock { $0?.connection }
        let before = announced.withLock { announced in
            defer { announced = after }
            connection?.setAnswers(answers(after))
            return announced
        }
        guard let connection else { return }
        connection.emit("Changed", of: FontdObject.interface, from: FontdObject.path, BusValue.tuple(.dictionary(after.entries)))
        for arguments in portal.changes(from: before, to: after) {
            connection.emit("SettingChanged", of: SettingsPortal.interface, from: SettingsPortal.path, arguments)
        }
    }
}

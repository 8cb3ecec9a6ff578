import CSessionBus
import DesktopBridge
import DynamicType
import Logging
import ScopedPreferences
import Synchronization

/// fontd on the session bus (docs/DESIGN.md §27 (The session bus), §28 (The Settings portal backend)): one connection owning `org.fontd.Fontd1`
/// and the Settings portal backend's name, each object serving its scope — the bus API its own, the
/// portal `desktop/portal` below it (§30 (KDE Plasma, X11, and per-target limits)), so a bound
/// there limits what applications read through xdg-desktop-portal — and every change of their
/// preferences announced — `Changed` once per change, `SettingChanged` once per changed key —
/// from the hub's watches of the scopes (`ScopeWatch`), whatever made the change.
///
/// Calls arrive on the bus library's thread; the watches report on the hub's queue; signals are
/// handed to the bus thread in the order of the changes. `announced` is held by its lock.
public final class SessionBusService: Sendable {
    /// What `start` serves.
    public struct Options: Sendable {
        /// The scope `org.fontd.Fontd1` serves (`--dbus-scope`).
        public var scope: PreferenceScope
        /// The scope the portal serves: `desktop/portal` below the desktop scope or `scope`.
        public var portalScope: PreferenceScope
        /// Whether the portal answers GNOME's `text-scaling-factor` (`--portal-text-scaling-factor`).
        public var portalTextScalingFactor: Bool
        /// Whether the reader excluded the portal at start (`fontd desktop exclude portal`).
        public var portalExcluded: Bool

        public init(
            scope: PreferenceScope, portalScope: PreferenceScope? = nil, portalTextScalingFactor: Bool, portalExcluded: Bool = false
        ) {
            self.scope = scope
            self.portalScope = portalScope ?? scope
            self.portalTextScalingFactor = portalTextScalingFactor
            self.portalExcluded = portalExcluded
        }
    }

    /// The bus address: `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let fontd: FontdObject
    private let portal: SettingsPortal
    private let links = Mutex<(connection: BusConnection, watches: [ScopeWatch])?>(nil)
    /// What was last announced; the next change's signals are the keys that differ from it.
    private let announced: Mutex<Announced>

    /// Both objects' preferences as last announced (the bus API's as its keys), and whether the portal withholds the text size.
    private struct Announced {
        var fontd: [BusEntry]
        var portal: Preferences
        var portalExcluded: Bool
    }

    private init(address: String, fontd: FontdObject, portal: SettingsPortal, portalExcluded: Bool) {
        self.address = address
        self.fontd = fontd
        self.portal = portal
        announced = Mutex(Announced(fontd: fontd.entries, portal: portal.preferences, portalExcluded: portalExcluded))
    }

    /// Joins the session bus at `environment`'s `DBUS_SESSION_BUS_ADDRESS`: loads the bus library,
    /// connects, registers both objects and takes both names; returns once callers can reach them.
    ///
    /// - Throws: `SessionBusError`, saying what is missing (the address, the library, the bus) or
    ///   which name another program holds.
    public static func start(
        options: Options, reader: ReaderAPI, ratios: TextScalingRatios, fonts: any FontAnswering, environment: [String: String],
        logger: Logger
    ) throws(SessionBusError) -> SessionBusService {
        let hub = reader.hub
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { throw .noAddress }
        let library = try BusLibrary.load()
        let service = SessionBusService(
            address: address, fontd: FontdObject(scope: options.scope, reader: reader, ratios: ratios, fonts: fonts),
            portal: SettingsPortal(
                scope: options.portalScope, hub: hub, textScalingFactor: options.portalTextScalingFactor, ratios: ratios),
            portalExcluded: options.portalExcluded)
        let connection = try BusConnection(
            address: address, library: library,
            handler: { [weak service] call in
                guard let service else {
                    return call.fail(BusError(name: "org.freedesktop.DBus.Error.Failed", message: "fontd is stopping"))
                }
                service.handle(call)
            },
            property: { _, interface, name in Self.property(interface, name) },
            log: { level, message in logger.log(level: level, "GLib: \(message)") })
        do {
            try connection.export(String(cString: fontd_bus_fontd1_introspection()), at: FontdObject.path)
            try connection.export(String(cString: fontd_bus_portal_introspection()), at: SettingsPortal.path)
            let watches = [
                ScopeWatch(scope: options.scope, hub: hub) { [weak service] change in service?.fontdChanged(change) },
                ScopeWatch(scope: options.portalScope, hub: hub) { [weak service] change in service?.portalChanged(change) },
            ]
            service.links.withLock { $0 = (connection, watches) }
            service.announced.withLock { announced in
                announced.fontd = service.fontd.entries
                announced.portal = service.portal.preferences
                connection.setAnswers(service.answers(announced))
            }
            try connection.own(FontdObject.busName)
            try connection.own(SettingsPortal.busName)
        } catch {
            service.stop()
            connection.close()
            throw error
        }
        logger.notice(
            "serving on the session bus",
            metadata: [
                "names": "\(FontdObject.busName) \(SettingsPortal.busName)",
                "scope": "\(options.scope.isRoot ? "(root)" : options.scope.path)",
                "portalScope": "\(options.portalScope.path)", "portalExcluded": "\(options.portalExcluded)",
                "portalTextScalingFactor": "\(options.portalTextScalingFactor)", "library": "\(library.path)",
            ])
        return service
    }

    /// Leaves the bus: no call is answered and no change announced after it returns.
    public func stop() {
        guard
            let (connection, watches) = links.withLock({ links in
                defer { links = nil }
                return links
            })
        else { return }
        for watch in watches { watch.cancel() }
        connection.close()
    }

    /// Makes the portal withhold the text size (`exclude`, as if fontd had no value for it) or answer
    /// it again, with one `SettingChanged` per key that comes back; nothing when it already is so.
    public func setPortalExcluded(_ exclude: Bool) {
        let connection = links.withLock { $0?.connection }
        let signals: [String] = announced.withLock { announced in
            guard announced.portalExcluded != exclude else { return [] }
            let before = announced
            announced.portalExcluded = exclude
            connection?.setAnswers(answers(announced))
            return portal.changes(from: before.portal, excluded: before.portalExcluded, to: announced.portal, excluded: exclude)
        }
        for arguments in signals {
            connection?.emit("SettingChanged", of: SettingsPortal.interface, from: SettingsPortal.path, arguments)
        }
    }

    /// How large a call's arguments may be; past it, a call is refused before either object reads it.
    static let limits = BusArgumentLimits()

    /// A call of either object; on the bus thread. Arguments past `limits` are refused first, in
    /// each object's own terms: `PayloadTooLarge`, as over HTTP, and the portal's `InvalidArgument`.
    private func handle(_ call: BusCall) {
        let refusal = Self.limits.refusal(of: call)
        switch call.path {
        case FontdObject.path:
            guard let refusal else { return fontd.handle(call) }
            call.fail(BusError(name: FontdObject.errorPrefix + "PayloadTooLarge", message: refusal.description))
        case SettingsPortal.path:
            guard let refusal else {
                return portal.handle(call, preferences: portal.preferences, excluded: announced.withLock { $0.portalExcluded })
            }
            call.fail(BusError(name: SettingsPortal.invalidArgument, message: refusal.description))
        default: call.fail(BusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no object at \(call.path)"))
        }
    }

    /// The reads the bus library answers at once: both objects'.
    private func answers(_ announced: Announced) -> [BusAnswer] {
        FontdObject.answers(announced.fontd) + portal.answers(announced.portal, excluded: announced.portalExcluded)
    }

    /// The constant properties: `Version` and the portal's `version`.
    private static func property(_ interface: String, _ name: String) -> BusValue? {
        switch (interface, name) {
        case (FontdObject.interface, "Version"): .uint32(FontdObject.version)
        case (SettingsPortal.interface, "version"): .uint32(SettingsPortal.version)
        default: nil
        }
    }

    /// The bus API's scope changed; on the hub's queue, in the order of the changes. The reads
    /// answered at once are set before the change's signal is emitted, so a client that reads
    /// after a signal reads that change or a later one.
    private func fontdChanged(_ change: ScopeWatch.Change) {
        let after = FontdObject.entries(of: change.answer, ratios: fontd.ratios)
        let connection = links.withLock { $0?.connection }
        announced.withLock { announced in
            announced.fontd = after
            connection?.setAnswers(answers(announced))
        }
        connection?.emit("Changed", of: FontdObject.interface, from: FontdObject.path, BusValue.tuple(.dictionary(after)))
    }

    /// The portal's scope changed; as `fontdChanged`, with one `SettingChanged` per changed key.
    private func portalChanged(_ change: ScopeWatch.Change) {
        let after = change.answer
        let connection = links.withLock { $0?.connection }
        let signals: [String] = announced.withLock { announced in
            let before = announced.portal
            announced.portal = after
            connection?.setAnswers(answers(announced))
            return portal.changes(from: before, excluded: announced.portalExcluded, to: after, excluded: announced.portalExcluded)
        }
        for arguments in signals {
            connection?.emit("SettingChanged", of: SettingsPortal.interface, from: SettingsPortal.path, arguments)
        }
    }
}

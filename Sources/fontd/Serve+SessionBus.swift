import ArgumentParser
import DesktopBridge
import DynamicType
import FontService
import Logging
import ScopedPreferences
import SessionBus

extension Serve {
    /// The session bus `--dbus` asks for (docs/DESIGN.md §27 (The session bus), §28 (The Settings portal backend)), joined; nil with `off`, or with
    /// `auto` when it cannot be (said once in the log). The served scope is `--dbus-scope`, else
    /// the desktop bridge's (`bridgeScope`), else the root; the portal's is `desktop/portal` below
    /// the desktop scope with `--desktop`, else below `--dbus-scope` (§30 (KDE Plasma, X11, and
    /// per-target limits)). GNOME's key is answered with `--portal-text-scaling-factor`, or when
    /// `fontd desktop install --text-scaling-factor` chose it.
    func joinSessionBus(
        reader: ReaderAPI, service: FontService, table: StyleTable, bridgeScope: PreferenceScope?, portalExcluded: Bool,
        environment: [String: String], logger: Logger
    ) throws -> SessionBusService? {
        guard dbus != .off else { return nil }
        let scope = try dbusScopeParsed() ?? bridgeScope ?? .root
        let portalBase = desktop != nil ? try desktopScopeParsed() : try dbusScopeParsed() ?? .root
        let portalScope: PreferenceScope
        do { portalScope = try TargetRunner.scope(of: "portal", below: portalBase) } catch {
            guard desktop == nil else {
                throw ValidationError("The portal's scope below \(portalBase) (DESKTOP-SCOPE/desktop/portal) is no scope: \(error)")
            }
            // A --dbus-scope of three segments has no room below it: the portal serves it, as the bus API does.
            logger.notice(
                "the portal serves --dbus-scope itself: it has no room for desktop/portal below it", metadata: ["reason": "\(error)"])
            portalScope = scope
        }
        let options = SessionBusService.Options(
            scope: scope, portalScope: portalScope,
            portalTextScalingFactor: portalTextScalingFactor || DesktopInstallation.textScalingFactorChosen(environment: environment),
            portalExcluded: portalExcluded)
        do {
            return try SessionBusService.start(
                options: options, reader: reader, ratios: try TextScalingRatios.of(table), fonts: ServedFonts(service: service),
                environment: environment, logger: logger)
        } catch let error as SessionBusError where dbus == .auto {
            logger.notice("serving without the session bus (--dbus auto)", metadata: ["reason": "\(error)"])
            return nil
        }
    }

    /// `--dbus-scope` as a scope (read when the command line was parsed); nil when it is not given.
    private func dbusScopeParsed() throws -> PreferenceScope? {
        guard let dbusScope else { return nil }
        do {
            return try dbusScope.value()
        } catch {
            throw ValidationError("--dbus-scope: \(error)")
        }
    }

    /// `--dbus-scope` and `--portal-text-scaling-factor` need the bus; the scope must be one.
    func validateBusOptions() throws {
        if dbus == .off, dbusScope != nil { throw ValidationError("--dbus-scope needs --dbus auto or --dbus on, not --dbus off.") }
        if dbus == .off, portalTextScalingFactor {
            throw ValidationError("--portal-text-scaling-factor needs --dbus auto or --dbus on, not --dbus off.")
        }
        _ = try dbusScopeParsed()
    }
}

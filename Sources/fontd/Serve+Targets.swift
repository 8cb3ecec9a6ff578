import ArgumentParser
import DesktopBridge
import DynamicType
import FontService
import FontResolution
import Logging

extension Serve {
    /// X11 as `--desktop` asks for it (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)); nil for
    /// none, or with `auto` when `DISPLAY` is not set or `xrdb` is not installed (said once in the log).
    func joinX11(table: StyleTable, environment: [String: String], stateFolder: String?, logger: Logger) throws -> X11Target? {
        guard let desktop, desktop.x11 != .no else { return nil }
        if desktop.x11 == .optional, !X11Target.isAvailable(environment: environment) {
            logger.notice("serving without X11 (--desktop auto): DISPLAY is not set or xrdb is not installed")
            return nil
        }
        return try X11Target(ratios: try TextScalingRatios.of(table), environment: environment, stateFolder: stateFolder, logger: logger)
    }

    /// Runs each of `targets` on its scope below the desktop scope, excluded as the reader chose, its
    /// status kept (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)); nil when there are none.
    func startTargets(_ targets: [any DesktopTarget], service: FontService, stateFolder: String?, logger: Logger) throws -> DesktopTargets? {
        guard !targets.isEmpty else { return nil }
        guard let stateFolder else {
            throw ValidationError("--desktop and --bridge need XDG_STATE_HOME or HOME: the desktop targets' exclusions and status are kept there.")
        }
        let scope = try desktopScopeParsed()
        let started: DesktopTargets
        do {
            started = try DesktopTargets.start(targets, desktopScope: scope, hub: service.hub, stateFolder: stateFolder, logger: logger)
        } catch {
            throw ValidationError("Cannot start the desktop targets below \(scope) (each is DESKTOP-SCOPE/desktop/NAME): \(error)")
        }
        for runner in started.runners {
            logger.notice("desktop target", metadata: ["target": "\(runner.target.name)", "scope": "\(runner.scope.path)"])
        }
        return started
    }
}

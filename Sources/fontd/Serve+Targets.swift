import ArgumentParser
import DesktopBridge
import Logging
import ScopedPreferences

extension Serve {
    /// Runs each of `targets` on its scope below the desktop scope, excluded as the reader chose, its
    /// status kept (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)); nil when there are none.
    func startTargets(_ targets: [any DesktopTarget], hub: ScopeHub, stateFolder: String?, logger: Logger) throws -> DesktopTargets? {
        guard !targets.isEmpty else { return nil }
        guard let stateFolder else {
            throw ValidationError(
                "--desktop and --bridge need XDG_STATE_HOME or HOME: the desktop targets' exclusions and status are kept there.")
        }
        let scope = try desktopScopeParsed()
        let started: DesktopTargets
        do {
            started = try DesktopTargets.start(targets, desktopScope: scope, hub: hub, stateFolder: stateFolder, logger: logger)
        } catch {
            throw ValidationError("Cannot start the desktop targets below \(scope) (each is DESKTOP-SCOPE/desktop/NAME): \(error)")
        }
        for runner in started.runners {
            logger.notice("desktop target", metadata: ["target": "\(runner.target.name)", "scope": "\(runner.scope.path)"])
        }
        return started
    }
}

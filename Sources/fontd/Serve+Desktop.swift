import ArgumentParser
import DesktopBridge
import DynamicType
import FontService
import Logging
import ScopedPreferences
import SessionBus

extension Serve {
    /// The desktop bridge `--desktop` asks for (docs/DESIGN.md §26 (The desktop bridge), §30 (KDE Plasma, X11, and per-target limits)),
    /// started; nil for none, or with `auto` when the desktop cannot be reached (said once in the log).
    func joinDesktop(
        hub: ScopeHub, table: StyleTable, environment: [String: String], exclusions: TargetExclusions, logger: Logger
    ) throws -> JoinedDesktop? {
        guard let desktop, let (bothWays, need) = desktop.bothWays(environment: environment) else { return nil }
        do {
            let scope = try desktopScopeParsed()
            let ratios = try TextScalingRatios.of(table)
            switch bothWays {
            case .kde:
                let signals: KDESignals?
                do {
                    signals = try KDESignals.connect(environment: environment, logger: logger)
                } catch {
                    logger.warning("KDE programs will not be told when fontd sets their fonts", metadata: ["reason": "\(error)"])
                    signals = nil
                }
                do {
                    let bridge = try KDEBridge.start(
                        scope: scope, targetScope: try TargetRunner.scope(of: "kde", below: scope), hub: hub, ratios: ratios,
                        paths: try KDEBridge.Paths(environment: environment), excluded: exclusions.contains("kde"), logger: logger,
                        fontsChanged: { signals?.fontsChanged() })
                    return .kde(bridge, signals)
                } catch {
                    signals?.close()
                    throw error
                }
            case .gnome, .x11, .qt5ct, .qt6ct, .auto:
                return .gnome(
                    try DesktopBridge.start(
                        scope: scope, targetScope: try TargetRunner.scope(of: "gnome", below: scope), hub: hub, ratios: ratios,
                        originalPath: TargetExclusions.stateFolder(environment: environment).map { $0 + "/gnome-base.json" },
                        excluded: exclusions.contains("gnome"), logger: logger))
            }
        } catch  where need == .optional {
            logger.notice("serving without a desktop bridge (--desktop auto)", metadata: ["reason": "\(error)"])
            return nil
        }
    }

    /// `--desktop-scope` as a scope (read when the command line was parsed); the root scope when
    /// it is not given.
    func desktopScopeParsed() throws -> PreferenceScope {
        guard let desktopScope else { return .root }
        do {
            return try desktopScope.value()
        } catch {
            throw ValidationError("--desktop-scope: \(error)")
        }
    }

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

    /// qt5ct's and qt6ct's targets as `--desktop` asks for them (docs/DESIGN.md §34 (The reader's own
    /// sizes)); with `auto`, only a tool that is installed or named by `QT_QPA_PLATFORMTHEME`.
    func joinQt(table: StyleTable, environment: [String: String], stateFolder: String?, logger: Logger) throws -> [QtTarget] {
        guard let desktop else { return [] }
        var targets: [QtTarget] = []
        for tool in QtConfigurationTool.allCases {
            let need = desktop.qt(tool)
            if need == .no { continue }
            if need == .optional, !tool.isChosen(environment: environment) { continue }
            guard
                let target = QtTarget(
                    tool: tool, ratios: try TextScalingRatios.of(table), environment: environment, stateFolder: stateFolder, logger: logger)
            else {
                if need == .required { throw ValidationError("--desktop \(tool.name) needs XDG_CONFIG_HOME or HOME: its file is there.") }
                continue
            }
            targets.append(target)
        }
        return targets
    }
}

import Dispatch
import DynamicType
import Glibc
import Logging
import ScopedPreferences
import Synchronization

/// Carries one scope's category to X11, one way (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits)): `Xft.dpi` = round(96 × the category's ratio) merged into the X resource database with
/// `xrdb -merge`, and, for each `xsettingsd` serving the display, `Xft/DPI` = that × 1024 in its
/// configuration file, followed by `SIGHUP`. X resources have no change notification, so nothing
/// comes back.
///
/// At start and on every change of the scope's effective category (`CategoryWatch`). A value
/// already written is not written again. A failure is logged once per kind and never stops the
/// server; the next change tries again.
///
/// Everything it does runs on its own serial queue (`fontd-x11`), which alone touches `merged`
/// and `logged`: the watch's reports, on the store's queue, only hand the category over.
public final class X11Target: @unchecked Sendable {
    /// The scope whose category X11 follows.
    public let scope: PreferenceScope
    /// The display fontd's `DISPLAY` names.
    public let display: String
    private let ratios: TextScalingRatios
    private let logger: Logger
    private let queue = DispatchQueue(label: "fontd-x11")
    private let watch = Mutex<CategoryWatch?>(nil)
    /// The value last merged into the resource database. Queue only.
    private var merged: XftDPI?
    /// The kinds of failure already logged. Queue only.
    private var logged: Set<String> = []

    private init(scope: PreferenceScope, display: String, ratios: TextScalingRatios, logger: Logger) {
        self.scope = scope
        self.display = display
        self.ratios = ratios
        self.logger = logger
    }

    /// Whether `--desktop auto` adds X11: `DISPLAY` is set and `xrdb` is on PATH.
    public static func isAvailable(environment: [String: String]) -> Bool {
        guard let display = environment["DISPLAY"], !display.isEmpty else { return false }
        return ResourceDatabase.isInstalled(path: environment["PATH"])
    }

    /// Starts following `scope`'s category: writes its value now, and returns once written (or
    /// logged as failed).
    ///
    /// - Throws: `X11TargetError.noDisplay` when `DISPLAY` is not set.
    public static func start(
        scope: PreferenceScope, hub: ScopeHub, ratios: TextScalingRatios, environment: [String: String], logger: Logger
    ) throws(X11TargetError) -> X11Target {
        guard let display = environment["DISPLAY"], !display.isEmpty else { throw .noDisplay }
        let target = X11Target(scope: scope, display: display, ratios: ratios, logger: logger)
        let watch = CategoryWatch(scope: scope, hub: hub) { [weak target] change in
            guard let target else { return }
            target.queue.async { target.apply(change.category) }
        }
        target.watch.withLock { $0 = watch }
        // After the watch exists: a change from now on is applied after this one.
        let category = watch.category
        target.queue.sync { target.apply(category) }
        logger.notice("following the reader's category in X11's Xft.dpi", metadata: [
            "display": "\(display)", "scope": "\(scope.isRoot ? "(root)" : scope.path)", "category": "\(category.rawValue)",
            "xftDPI": "\(XftDPI(ratio: ratios.ratio(of: category)))",
        ])
        return target
    }

    /// Stops following: nothing is written after it returns.
    public func stop() {
        guard let watch = watch.withLock({ watch in defer { watch = nil }; return watch }) else { return }
        watch.cancel()
        queue.sync {}
    }

    /// Writes `category`'s value to the resource database and each xsettingsd. Queue only.
    private func apply(_ category: ContentSizeCategory) {
        guard watch.withLock({ $0 != nil }) else { return }
        let dpi = XftDPI(ratio: ratios.ratio(of: category))
        if dpi != merged {
            do throws(X11Failure) {
                try ResourceDatabase.merge(dpi)
                merged = dpi
                logger.info("set Xft.dpi", metadata: ["xftDPI": "\(dpi)", "category": "\(category.rawValue)"])
            } catch {
                report(error)
            }
        }
        for daemon in XSettingsDaemon.running(on: display) {
            do throws(X11Failure) {
                guard try XSettingsConfiguration.update(dpi.xsettingsValue, at: daemon.configurationPath) else { continue }
                guard kill(daemon.pid, SIGHUP) == 0 else { throw X11Failure.reloadNotSignalled(pid: daemon.pid, errno: errno) }
                logger.info("set xsettingsd's Xft/DPI", metadata: [
                    "pid": "\(daemon.pid)", "configuration": "\(daemon.configurationPath)", "xftDPI": "\(dpi.xsettingsValue)",
                ])
            } catch {
                report(error)
            }
        }
    }

    /// Logs `failure`, the first of its kind only.
    private func report(_ failure: X11Failure) {
        guard logged.insert(failure.kind).inserted else { return }
        logger.warning("could not set X11's text size (said once for this kind)", metadata: ["reason": "\(failure)"])
    }
}
